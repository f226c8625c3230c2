// describeEachDatabase: every API suite runs on a fresh SQLite file and, when TEST_DATABASE_URL
// is set (mysql://root@127.0.0.1:3306/vouch_test), also on a fresh MariaDB/MySQL database.
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Express } from 'express';
import supertest from 'supertest';
import { openDatabase, runMigrations, type Database, type Migration } from '@vouch/service-core';
import { allMigrations, createApp, type CreateAppOptions } from '../../src';
import { fillFromMysqlTemplate, migratedSqliteCopy } from './migrated-copies';

export type Request = ReturnType<typeof supertest>;
export type Agent = InstanceType<typeof supertest.agent>;

export interface TestContext {
  /** The gateway app built with the suite's options. */
  readonly app: Express;
  readonly db: Database;
  readonly dialect: 'sqlite' | 'mysql';
  /** DATABASE_URL of the suite's database, for a process of its own (the seed, a service). */
  readonly databaseUrl: string;
  /** supertest on `app` (no cookie jar: each call is a new client). */
  readonly request: Request;
  /** A client that keeps cookies between calls (a signed-in browser). */
  agent(): Agent;
  /** Another gateway on the same database, e.g. with different env. */
  createApp(overrides?: Partial<CreateAppOptions>): Express;
}

export interface SuiteOptions extends Partial<Omit<CreateAppOptions, 'db'>> {
  /** Default: every service's migrations. */
  migrations?: Migration[];
}

/** Unique across jest workers and runs: pid + random. */
function uniqueSuffix(): string {
  return `${process.pid}_${randomBytes(4).toString('hex')}`;
}

interface Target {
  label: 'sqlite' | 'mysql';
  /** A fresh database holding what `migrations` make (a copy of the run's template). */
  create(migrations: readonly Migration[]): Promise<{ db: Database; url: string; dispose(): Promise<void> }>;
}

function sqliteTarget(): Target {
  return {
    label: 'sqlite',
    async create(migrations) {
      const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'vouch-api-'));
      const file = path.join(dir, `test_${uniqueSuffix()}.sqlite`);
      await migratedSqliteCopy(file, migrations);
      const db = await openDatabase(file);
      return {
        db,
        url: `sqlite:${file}`,
        async dispose() {
          await db.close();
          fs.rmSync(dir, { recursive: true, force: true });
        },
      };
    },
  };
}

function mysqlTarget(baseUrl: string): Target {
  return {
    label: 'mysql',
    async create(migrations) {
      const url = new URL(baseUrl);
      const base = (url.pathname.replace(/^\//, '') || 'vouch_test').replace(/\W/g, '_');
      const name = `${base}_${uniqueSuffix()}`.slice(0, 64);
      url.pathname = '/';
      const serverUrl = url.toString();
      const server = await openDatabase(serverUrl);
      await server.sequelize.query(`CREATE DATABASE \`${name}\` CHARACTER SET utf8mb4 COLLATE utf8mb4_unicode_ci`);
      url.pathname = `/${name}`;
      const db = await openDatabase(url.toString());
      const dispose = async () => {
        await db.close();
        await server.sequelize.query(`DROP DATABASE IF EXISTS \`${name}\``);
        await server.close();
      };
      await fillFromMysqlTemplate(server, serverUrl, db, migrations).catch(async (error) => {
        await dispose();
        throw error;
      });
      return { db, url: url.toString(), dispose };
    },
  };
}

export function databaseTargets(): Target[] {
  const url = process.env.TEST_DATABASE_URL;
  return url ? [sqliteTarget(), mysqlTarget(url)] : [sqliteTarget()];
}

/**
 * Declares `title` once per database. Use the context inside tests or hooks (it is filled in
 * beforeAll): `describeEachDatabase('vouches', (t) => { it('…', async () => { await t.request.get(…) }) })`.
 */
export function describeEachDatabase(title: string, fn: (t: TestContext) => void, options: SuiteOptions = {}): void {
  for (const target of databaseTargets()) {
    describe(`${title} [${target.label}]`, () => {
      let state: { db: Database; url: string; app: Express; dispose(): Promise<void> } | undefined;
      const ready = () => {
        if (!state) throw new Error('The test context is ready only inside tests and hooks (after beforeAll).');
        return state;
      };
      const build = (db: Database, overrides: Partial<CreateAppOptions> = {}) => {
        const { migrations: _migrations, ...appOptions } = options;
        return createApp({ ...appOptions, ...overrides, db, env: { ...process.env, NODE_ENV: 'test', ...options.env, ...overrides.env } });
      };

      beforeAll(async () => {
        const migrations = options.migrations ?? allMigrations;
        const { db, url, dispose } = await target.create(migrations);
        try {
          // Applies nothing on a complete copy (one read of the migrations table): a guard, not a step.
          await runMigrations(db, migrations);
          state = { db, url, dispose, app: build(db) };
        } catch (error) {
          await dispose();
          throw error;
        }
      });
      afterAll(async () => {
        await state?.dispose();
        state = undefined;
      });

      const context: TestContext = {
        get app() {
          return ready().app;
        },
        get db() {
          return ready().db;
        },
        dialect: target.label,
        get databaseUrl() {
          return ready().url;
        },
        get request() {
          return supertest(ready().app);
        },
        agent: () => supertest.agent(ready().app),
        createApp: (overrides) => build(ready().db, overrides),
      };
      fn(context);
    });
  }
}

export { signIn, signInRecorded, signInWithToken, newPhone, latestCode, GENEROUS_AUTH_LIMITS } from './sign-in';
export type { SignInTarget, SignedInMember } from './sign-in';
export { vouchAndAccept, type VouchText } from './vouching';
export { walkPages } from './paging';
export { useShellBuild } from './shell-build';
