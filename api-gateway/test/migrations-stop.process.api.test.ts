// A stop asked for while the gateway migrates at start-up (a deploy that gives up on a new instance,
// Ctrl-C on npm start): the migration in progress finishes and is recorded, the process exits 0
// without serving, and the next start applies the rest. Killed midway instead, a MariaDB migration
// is half applied (each DDL statement commits by itself) and not recorded, and the next start
// runs it again on that half. A real gateway process, on a SQLite file and (TEST_DATABASE_URL)
// on a fresh MariaDB database.
import { spawn } from 'node:child_process';
import os from 'node:os';
import path from 'node:path';
import { QueryTypes } from 'sequelize';
import { openDatabase } from '@vouch/service-core';
import { REPO_ROOT } from '../src';
import { allMigrations } from '../src/services';
import { launch } from './support/gateway-process';
import { processDatabases, type ProcessDatabase } from './support/process-databases';

jest.setTimeout(120_000);

/** The names the migrations table records as applied. */
async function appliedMigrations(databaseUrl: string): Promise<string[]> {
  const db = await openDatabase(databaseUrl);
  try {
    const rows = await db.sequelize.query<{ name: string }>('SELECT name FROM migrations', { type: QueryTypes.SELECT });
    return rows.map((row) => row.name);
  } finally {
    await db.close();
  }
}

for (const { label, create } of processDatabases('migrations-stop')) {
  describe(`a gateway stopped while it migrates [${label}]`, () => {
    let database: ProcessDatabase;
    beforeAll(async () => {
      database = await create();
    });
    afterAll(async () => {
      await database?.dispose();
    });

    it('finishes the migration in progress, exits 0 without serving, and the next start applies the rest and serves', async () => {
      const child = spawn(process.execPath, ['--import', 'tsx', path.join(REPO_ROOT, 'api-gateway', 'src', 'server.ts')], {
        cwd: REPO_ROOT,
        env: { ...process.env, HOST: '127.0.0.1', PORT: '0', LOG_LEVEL: 'info', DATABASE_URL: database.url },
        stdio: ['ignore', 'pipe', 'pipe'],
      });
      let output = '';
      const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) => child.once('exit', (code, signal) => resolve({ code, signal })));
      child.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString()));
      child.stdout!.on('data', (chunk: Buffer) => {
        output += chunk.toString();
        // As soon as it says it is migrating (45 migrations: hundreds of milliseconds on SQLite, seconds on MariaDB).
        if (output.includes('migrating the database') && child.signalCode === null && !child.killed) child.kill('SIGTERM');
      });

      // The output beside the exit, so a failure shows what the process said.
      expect({ ...(await exited), output }).toEqual({ code: 0, signal: null, output: expect.stringContaining('stopped after the migration in progress') });
      expect(output).not.toContain('listening');
      const stopped = output.split('\n').find((line) => line.includes('stopped after the migration in progress'));
      const { applied, left } = JSON.parse(stopped!) as { applied: number; left: number };
      expect(applied + left).toBe(allMigrations.length);
      expect(left).toBeGreaterThan(0);
      // What it said it applied is recorded, in name order: the ones it did not reach are not.
      const recorded = await appliedMigrations(database.url);
      expect(recorded.sort()).toEqual(allMigrations.map((migration) => migration.name).sort().slice(0, applied));

      const next = await launch({ DATABASE_URL: database.url });
      if ('exited' in next) throw new Error(`the next start exited with ${next.exited}: ${next.output}`);
      try {
        expect((await fetch(`${next.url}/api/health`)).status).toBe(200);
      } finally {
        await next.stop();
      }
      expect((await appliedMigrations(database.url)).length).toBe(allMigrations.length);
    });
  });
}

describe('npm run seed stopped with Ctrl-C while it migrates [sqlite]', () => {
  let database: ProcessDatabase;
  beforeAll(async () => {
    database = await processDatabases('seed-stop')[0]!.create();
  });
  afterAll(async () => {
    await database?.dispose();
  });

  /** `npm run seed` on the database in a process group of its own; `interrupt` sends Ctrl-C's SIGINT to the group as it starts migrating. */
  const seed = (interrupt: boolean) =>
    new Promise<{ code: number | null; output: string }>((resolve) => {
      const child = spawn('npm', ['run', 'seed', '--', '--members', '3'], { cwd: REPO_ROOT, env: { ...process.env, DATABASE_URL: database.url, SEED_MEMBERS: '' }, stdio: ['ignore', 'pipe', 'pipe'], detached: true });
      let output = '';
      let sent = false;
      const read = (chunk: Buffer) => {
        output += chunk.toString();
        if (interrupt && !sent && output.includes('migrating the database')) {
          sent = true;
          process.kill(-child.pid!, 'SIGINT');
        }
      };
      child.stdout!.on('data', read);
      child.stderr!.on('data', read);
      // The status a shell reports: npm itself ends by the signal it was sent (Ctrl-C reaches the whole group).
      child.once('exit', (code, signal) => resolve({ code: code ?? 128 + (signal ? os.constants.signals[signal] : 0), output }));
    });

  it('finishes the migration in progress, says so and exits 130; run again, it migrates the rest and seeds', async () => {
    const stopped = await seed(true);
    expect(stopped).toEqual({ code: 130, output: expect.stringContaining('The seed was stopped (SIGINT) while migrating: run it again to finish.') });
    expect(stopped.output).not.toContain('seeding a demo network');
    const recorded = await appliedMigrations(database.url);
    expect(recorded.sort()).toEqual(allMigrations.map((migration) => migration.name).sort().slice(0, recorded.length));
    expect(recorded.length).toBeLessThan(allMigrations.length);

    const again = await seed(false);
    expect(again).toEqual({ code: 0, output: expect.stringContaining('migrated; seeding a demo network of 3 members') });
    expect((await appliedMigrations(database.url)).length).toBe(allMigrations.length);
  });
});
