import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { ConnectionAcquireTimeoutError, DataTypes, QueryTypes, type Transaction } from 'sequelize';
import { isDatabaseUnavailable, isRetryableTransactionError, openDatabase, toProblem, parseDatabaseUrl, runMigrations, revertMigrations, type Migration } from '../src';

describe('parseDatabaseUrl', () => {
  it('understands every accepted form', () => {
    expect(parseDatabaseUrl(undefined)).toEqual({ dialect: 'sqlite', storage: path.resolve('data/vouch.sqlite') });
    expect(parseDatabaseUrl('sqlite::memory:')).toEqual({ dialect: 'sqlite', storage: ':memory:' });
    expect(parseDatabaseUrl('sqlite:///tmp/x.sqlite')).toEqual({ dialect: 'sqlite', storage: '/tmp/x.sqlite' });
    expect(parseDatabaseUrl('sqlite:data/y.sqlite')).toEqual({ dialect: 'sqlite', storage: path.resolve('data/y.sqlite') });
    expect(parseDatabaseUrl('./z.sqlite')).toEqual({ dialect: 'sqlite', storage: path.resolve('z.sqlite') });
    expect(parseDatabaseUrl('mariadb://root@127.0.0.1:3306/vouch')).toEqual({ dialect: 'mysql', url: 'mysql://root@127.0.0.1:3306/vouch' });
    expect(() => parseDatabaseUrl('postgres://x/y')).toThrow(/unsupported scheme/);
  });
});

const migrations: Migration[] = [
  {
    name: '202501010001-test-members',
    async up({ queryInterface }) {
      await queryInterface.createTable('t_members', { id: { type: DataTypes.INTEGER, primaryKey: true, autoIncrement: true }, n: { type: DataTypes.INTEGER, allowNull: false, defaultValue: 0 } });
    },
    async down({ queryInterface }) {
      await queryInterface.dropTable('t_members');
    },
  },
  {
    name: '202501010002-test-notes',
    async up({ queryInterface }) {
      await queryInterface.createTable('t_notes', {
        id: { type: DataTypes.INTEGER, primaryKey: true, autoIncrement: true },
        member_id: { type: DataTypes.INTEGER, allowNull: false, references: { model: 't_members', key: 'id' } },
      });
    },
    async down({ queryInterface }) {
      await queryInterface.dropTable('t_notes');
    },
  },
];

describe('openDatabase on an SQLite file', () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'vouch-core-'));
  afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

  it('creates the folder, uses WAL and enforces foreign keys', async () => {
    const file = path.join(dir, 'nested', 'db.sqlite');
    const db = await openDatabase(`sqlite:${file}`);
    try {
      expect(fs.existsSync(file)).toBe(true);
      const [[mode]] = (await db.sequelize.query('PRAGMA journal_mode')) as [Array<{ journal_mode: string }>, unknown];
      expect(mode?.journal_mode).toBe('wal');
      await runMigrations(db, [migrations[1]!, migrations[0]!]);
      await runMigrations(db, migrations); // already applied: nothing to do
      await expect(db.sequelize.query('INSERT INTO t_notes (member_id) VALUES (999)')).rejects.toThrow(/FOREIGN KEY/);
      const [applied] = (await db.sequelize.query('SELECT name FROM migrations ORDER BY name')) as [Array<{ name: string }>, unknown];
      expect(applied.map((r) => r.name)).toEqual(migrations.map((m) => m.name));
      await revertMigrations(db, migrations, 1);
      const [left] = (await db.sequelize.query('SELECT name FROM migrations')) as [Array<{ name: string }>, unknown];
      expect(left).toHaveLength(1);
    } finally {
      await db.close();
    }
  });

  it("flushes the log at checkpoints, not at every commit, on every connection: a transaction's own too", async () => {
    const db = await openDatabase(path.join(dir, 'synchronous.sqlite'));
    try {
      const synchronous = async (transaction?: Transaction) => {
        const [[row]] = (await db.sequelize.query('PRAGMA synchronous', { transaction })) as [Array<{ synchronous: number }>, unknown];
        return row?.synchronous;
      };
      // 1 is NORMAL (2, SQLite's default, is FULL: a disk flush per commit).
      expect(await synchronous()).toBe(1);
      expect(await db.transaction((t) => synchronous(t))).toBe(1);
      expect(await Promise.all([db.transaction((t) => synchronous(t)), db.transaction((t) => synchronous(t))])).toEqual([1, 1]);
    } finally {
      await db.close();
    }
  });

  it('when many write transactions run at once, then they queue instead of failing with SQLITE_BUSY', async () => {
    const db = await openDatabase(path.join(dir, 'concurrent.sqlite'));
    try {
      await runMigrations(db, migrations);
      await db.sequelize.query('INSERT INTO t_members (n) VALUES (0)');
      await Promise.all(
        Array.from({ length: 40 }, () =>
          db.transaction(async (t) => {
            const [[row]] = (await db.sequelize.query('SELECT n FROM t_members WHERE id = 1', { transaction: t })) as [Array<{ n: number }>, unknown];
            await new Promise((r) => setTimeout(r, 1));
            await db.sequelize.query('UPDATE t_members SET n = ? WHERE id = 1', { replacements: [row!.n + 1], transaction: t });
          }),
        ),
      );
      const [[row]] = (await db.sequelize.query('SELECT n FROM t_members WHERE id = 1')) as [Array<{ n: number }>, unknown];
      expect(row!.n).toBe(40);
    } finally {
      await db.close();
    }
  });

  it('a transaction opened inside another joins it, and a failure rolls both back', async () => {
    const db = await openDatabase(path.join(dir, 'nested.sqlite'));
    try {
      await runMigrations(db, migrations);
      await expect(
        db.transaction(async (outer) => {
          await db.sequelize.query('INSERT INTO t_members (n) VALUES (1)', { transaction: outer });
          await db.transaction(async (inner) => {
            expect(inner).toBe(outer);
            await db.sequelize.query('INSERT INTO t_members (n) VALUES (2)', { transaction: inner });
          });
          throw new Error('abort');
        }),
      ).rejects.toThrow('abort');
      const [rows] = (await db.sequelize.query('SELECT * FROM t_members')) as [unknown[], unknown];
      expect(rows).toHaveLength(0);
    } finally {
      await db.close();
    }
  });

  it('refuses badly named migrations', async () => {
    const db = await openDatabase('sqlite::memory:');
    try {
      await expect(runMigrations(db, [{ name: 'create-things', up: async () => undefined }])).rejects.toThrow(/yyyymmddhhmm/);
    } finally {
      await db.close();
    }
  });

  it('a stop asked for during a migration lets it finish and record itself, then applies no more; the next run applies the rest', async () => {
    const db = await openDatabase('sqlite::memory:');
    try {
      const ran: string[] = [];
      let stop = false;
      const steps: Migration[] = ['202601010000-core-one', '202601010001-core-two', '202601010002-core-three'].map((name) => ({
        name,
        up: async () => {
          ran.push(name);
          stop = true; // asked while the first one runs
        },
      }));
      expect(await runMigrations(db, steps, { stopRequested: () => stop })).toEqual({ applied: 1, left: 2 });
      expect(ran).toEqual(['202601010000-core-one']);
      const recorded = async () => (await db.sequelize.query<{ name: string }>('SELECT name FROM migrations ORDER BY name', { type: QueryTypes.SELECT })).map((row) => row.name);
      expect(await recorded()).toEqual(['202601010000-core-one']);
      expect(await runMigrations(db, steps)).toEqual({ applied: 2, left: 0 });
      expect(await recorded()).toEqual(steps.map((step) => step.name));
    } finally {
      await db.close();
    }
  });
});

/** A driver error as Sequelize wraps it (DatabaseError.parent / .original). */
function lockError(code: string, errno: number): Error {
  const driver = Object.assign(new Error(`${code}: simulated`), { code, errno });
  return Object.assign(new Error(driver.message), { name: 'SequelizeDatabaseError', parent: driver, original: driver });
}

describe('isDatabaseUnavailable (→ 503, not 500)', () => {
  it('recognises a server that went away, refused, reset or is shutting down, and not a bad query', () => {
    for (const code of ['ECONNREFUSED', 'ECONNRESET', 'PROTOCOL_CONNECTION_LOST', 'ER_SERVER_SHUTDOWN', 'SQLITE_CANTOPEN']) {
      expect(isDatabaseUnavailable(lockError(code, 0))).toBe(true);
    }
    // mysql2 marks an error that broke the connection as fatal, whatever its code.
    const fatal = lockError('UNKNOWN', 0);
    Object.assign((fatal as Error & { parent: object }).parent, { fatal: true });
    expect(isDatabaseUnavailable(fatal)).toBe(true);
    expect(isDatabaseUnavailable(new Error("Can't add new command when connection is in closed state"))).toBe(true);
    expect(isDatabaseUnavailable(lockError('ER_DUP_ENTRY', 1062))).toBe(false);
    expect(isDatabaseUnavailable(lockError('ER_PARSE_ERROR', 1064))).toBe(false);
    expect(isDatabaseUnavailable(undefined)).toBe(false);
  });
});

describe('a write that cannot get its turn (→ 503 with Retry-After, not 500)', () => {
  it('is a deadlock or lock wait that outlived the retries, or a pool with no connection free in time', () => {
    for (const error of [lockError('ER_LOCK_DEADLOCK', 1213), lockError('ER_LOCK_WAIT_TIMEOUT', 1205), new ConnectionAcquireTimeoutError(new Error('pool'))]) {
      const problem = toProblem(error);
      expect(problem.status).toBe(503);
      expect(problem.code).toBe('UNAVAILABLE');
      expect(problem.headers).toEqual({ 'Retry-After': '1' });
    }
    // A database that does not answer asks for a longer pause.
    expect(toProblem(lockError('ECONNREFUSED', 0)).headers).toEqual({ 'Retry-After': '5' });
    expect(toProblem(lockError('ER_PARSE_ERROR', 1064)).status).toBe(500);
  });
});

describe('db.transaction retries an outermost transaction that deadlocks', () => {
  it('recognises deadlocks, lock wait timeouts and SQLITE_BUSY, and nothing else', () => {
    expect(isRetryableTransactionError(lockError('ER_LOCK_DEADLOCK', 1213))).toBe(true);
    expect(isRetryableTransactionError(lockError('ER_LOCK_WAIT_TIMEOUT', 1205))).toBe(true);
    expect(isRetryableTransactionError(lockError('SQLITE_BUSY', 5))).toBe(true);
    expect(isRetryableTransactionError(Object.assign(new Error('x'), { errno: 1213 }))).toBe(true);
    expect(isRetryableTransactionError(lockError('ER_DUP_ENTRY', 1062))).toBe(false);
    expect(isRetryableTransactionError(new Error('ER_LOCK_DEADLOCK in the message only'))).toBe(false);
    expect(isRetryableTransactionError(undefined)).toBe(false);
  });

  it('runs the function again after a deadlock, up to 3 attempts, and rolls back each failed one', async () => {
    const db = await openDatabase('sqlite::memory:', { transactionRetryDelayMs: 1 });
    try {
      await runMigrations(db, migrations);
      let calls = 0;
      const result = await db.transaction(async (t) => {
        calls += 1;
        await db.sequelize.query('INSERT INTO t_members (n) VALUES (?)', { replacements: [calls], transaction: t });
        if (calls < 3) throw lockError('ER_LOCK_DEADLOCK', 1213);
        return 'done';
      });
      expect(result).toBe('done');
      expect(calls).toBe(3);
      const [rows] = (await db.sequelize.query('SELECT n FROM t_members')) as [Array<{ n: number }>, unknown];
      expect(rows.map((r) => r.n)).toEqual([3]); // the two failed attempts left nothing

      calls = 0;
      const timeout = lockError('ER_LOCK_WAIT_TIMEOUT', 1205);
      await expect(db.transaction(async () => { calls += 1; throw timeout; })).rejects.toBe(timeout);
      expect(calls).toBe(3);
    } finally {
      await db.close();
    }
  });

  it('does not retry other errors, and honours transactionAttempts', async () => {
    const db = await openDatabase('sqlite::memory:', { transactionAttempts: 5, transactionRetryDelayMs: 0 });
    try {
      let calls = 0;
      await expect(db.transaction(async () => { calls += 1; throw lockError('ER_DUP_ENTRY', 1062); })).rejects.toThrow('ER_DUP_ENTRY');
      expect(calls).toBe(1);
      await expect(db.transaction(async () => { calls += 1; throw lockError('ER_LOCK_DEADLOCK', 1213); })).rejects.toThrow('ER_LOCK_DEADLOCK');
      expect(calls).toBe(1 + 5);
    } finally {
      await db.close();
    }
  });

  it('a nested (joined) transaction never retries by itself: the outer one runs again as a whole', async () => {
    const db = await openDatabase('sqlite::memory:', { transactionRetryDelayMs: 1 });
    try {
      let outerCalls = 0;
      let innerCalls = 0;
      await db.transaction(async () => {
        outerCalls += 1;
        await db.transaction(async () => {
          innerCalls += 1;
          if (innerCalls === 1) throw lockError('ER_LOCK_DEADLOCK', 1213);
        });
      });
      expect({ outerCalls, innerCalls }).toEqual({ outerCalls: 2, innerCalls: 2 });

      // Inside a transaction, a deadlock from a joined call reaches the caller at once.
      innerCalls = 0;
      await expect(
        db.transaction(async () => {
          await db.transaction(async () => {
            innerCalls += 1;
            throw lockError('ER_LOCK_DEADLOCK', 1213);
          });
        }),
      ).rejects.toThrow('ER_LOCK_DEADLOCK');
      expect(innerCalls).toBe(3); // once per outer attempt
    } finally {
      await db.close();
    }
  });
});

const mysqlUrl = process.env.TEST_DATABASE_URL;
// Declared only when MariaDB is configured (CI always configures it), so no run reports a skip.
if (mysqlUrl) describe('openDatabase on MySQL/MariaDB (TEST_DATABASE_URL)', () => {
  it('connects, migrates and runs transactions', async () => {
    const url = new URL(mysqlUrl!);
    const name = `${url.pathname.slice(1) || 'vouch_test'}_core_${process.pid}_${Date.now().toString(36)}`;
    const admin = await openDatabase(`${url.protocol}//${url.username}${url.password ? `:${url.password}` : ''}@${url.host}/`);
    await admin.sequelize.query(`CREATE DATABASE \`${name}\``);
    url.pathname = `/${name}`;
    const db = await openDatabase(url.toString());
    try {
      expect(db.dialect).toBe('mysql');
      await runMigrations(db, migrations);
      await db.transaction(async (t) => {
        await db.sequelize.query('INSERT INTO t_members (n) VALUES (5)', { transaction: t });
      });
      const [[row]] = (await db.sequelize.query('SELECT n FROM t_members')) as [Array<{ n: number }>, unknown];
      expect(row!.n).toBe(5);

      // A real deadlock: two transactions lock rows 1 and 2 in opposite orders. InnoDB kills one
      // (ER_LOCK_DEADLOCK); it is retried and both complete.
      await db.sequelize.query('DELETE FROM t_members');
      await db.sequelize.query('INSERT INTO t_members (id, n) VALUES (1, 0), (2, 0)');
      let holding = 0;
      let bothHolding!: () => void;
      const barrier = new Promise<void>((resolve) => (bothHolding = resolve));
      const attempts: string[] = [];
      const errors: unknown[] = [];
      const crosswise = (name: string, first: number, second: number) =>
        db.transaction(async (t) => {
          attempts.push(name);
          await db.sequelize.query('UPDATE t_members SET n = n + 1 WHERE id = ?', { replacements: [first], transaction: t });
          if (attempts.filter((a) => a === name).length === 1) {
            if (++holding === 2) bothHolding();
            await barrier; // first attempt: wait until the other one holds its first row
          }
          try {
            await db.sequelize.query('UPDATE t_members SET n = n + 10 WHERE id = ?', { replacements: [second], transaction: t });
          } catch (error) {
            errors.push(error);
            throw error;
          }
          return name;
        });
      expect(await Promise.all([crosswise('a', 1, 2), crosswise('b', 2, 1)])).toEqual(['a', 'b']);
      expect(errors).toHaveLength(1);
      expect(errors[0]).toMatchObject({ parent: { code: 'ER_LOCK_DEADLOCK', errno: 1213 } });
      expect(attempts).toHaveLength(3); // the victim ran twice
      const [rows] = (await db.sequelize.query('SELECT id, n FROM t_members ORDER BY id')) as [Array<{ id: number; n: number }>, unknown];
      expect(rows).toEqual([{ id: 1, n: 11 }, { id: 2, n: 11 }]); // each committed exactly once
    } finally {
      await db.close();
      await admin.sequelize.query(`DROP DATABASE IF EXISTS \`${name}\``);
      await admin.close();
    }
  });
});
