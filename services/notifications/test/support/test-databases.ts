import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { openDatabase, runMigrations, type Database } from '@vouch/service-core';
import { migrations } from '../../src/data-access/migrations/202611270300-notifications-create-tables';

export interface TestDatabase {
  db: Database;
  drop(): Promise<void>;
}

/** A fresh, migrated SQLite file (never in-memory: concurrency needs real connections). */
async function sqliteFile(): Promise<TestDatabase> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'vouch-notifications-'));
  const db = await openDatabase(`sqlite:${path.join(dir, 'test.sqlite')}`);
  await runMigrations(db, migrations);
  return {
    db,
    async drop() {
      await db.close();
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}

/** A fresh, migrated database on the TEST_DATABASE_URL server, dropped afterwards. */
async function mysqlDatabase(serverUrl: string): Promise<TestDatabase> {
  const url = new URL(serverUrl);
  const name = `${url.pathname.slice(1) || 'vouch_test'}_push_${process.pid}_${Date.now().toString(36)}_${Math.floor(Math.random() * 1e6)}`;
  url.pathname = '/';
  const admin = await openDatabase(url.toString());
  await admin.sequelize.query(`CREATE DATABASE \`${name}\``);
  url.pathname = `/${name}`;
  const db = await openDatabase(url.toString(), { poolMax: 20 });
  await runMigrations(db, migrations);
  return {
    db,
    async drop() {
      await db.close();
      await admin.sequelize.query(`DROP DATABASE IF EXISTS \`${name}\``);
      await admin.close();
    },
  };
}

/** SQLite always; MySQL/MariaDB too when TEST_DATABASE_URL is set. */
export const TEST_DATABASES: Array<[string, () => Promise<TestDatabase>]> = [
  ['SQLite (file)', sqliteFile],
  ...(process.env.TEST_DATABASE_URL ? [['MySQL/MariaDB', () => mysqlDatabase(process.env.TEST_DATABASE_URL!)] as [string, () => Promise<TestDatabase>]] : []),
];
