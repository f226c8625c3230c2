// Fresh databases for tests that run the gateway as its own process (it opens DATABASE_URL itself,
// so the migrated copies of describeEachDatabase do not fit): a SQLite file in a folder of its own
// and, when TEST_DATABASE_URL is set, a new MariaDB/MySQL database on that server.
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { openDatabase } from '@vouch/service-core';

export interface ProcessDatabase {
  label: 'sqlite' | 'mysql';
  url: string;
  dispose(): Promise<void>;
}

function sqliteFile(tag: string): ProcessDatabase {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), `vouch-${tag}-`));
  return { label: 'sqlite', url: `sqlite:${path.join(dir, `${tag}.sqlite`)}`, dispose: async () => fs.rmSync(dir, { recursive: true, force: true }) };
}

async function mysqlDatabase(baseUrl: string, tag: string): Promise<ProcessDatabase> {
  const url = new URL(baseUrl);
  const name = `${(url.pathname.replace(/^\//, '') || 'vouch_test').replace(/\W/g, '_')}_${tag.replace(/\W/g, '_')}_${randomBytes(4).toString('hex')}`.slice(0, 64);
  url.pathname = '/';
  const server = await openDatabase(url.toString());
  await server.sequelize.query(`CREATE DATABASE \`${name}\` CHARACTER SET utf8mb4 COLLATE utf8mb4_unicode_ci`);
  url.pathname = `/${name}`;
  return {
    label: 'mysql',
    url: url.toString(),
    async dispose() {
      await server.sequelize.query(`DROP DATABASE IF EXISTS \`${name}\``);
      await server.close();
    },
  };
}

/** One maker per database the suite runs on (SQLite always, MariaDB with TEST_DATABASE_URL), with its label. `tag` names the file or database. */
export function processDatabases(tag: string): { label: ProcessDatabase['label']; create: () => Promise<ProcessDatabase> }[] {
  const makers: { label: ProcessDatabase['label']; create: () => Promise<ProcessDatabase> }[] = [{ label: 'sqlite', create: async () => sqliteFile(tag) }];
  const base = process.env.TEST_DATABASE_URL;
  if (base) makers.push({ label: 'mysql', create: () => mysqlDatabase(base, tag) });
  return makers;
}
