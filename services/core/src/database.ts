import { AsyncLocalStorage } from 'node:async_hooks';
import fs from 'node:fs';
import path from 'node:path';
import { ConnectionAcquireTimeoutError, ConnectionError, DatabaseError, QueryTypes, Sequelize, Transaction, type Options } from 'sequelize';
import { injectReplacements } from 'sequelize/lib/utils/sql';

export type Dialect = 'sqlite' | 'mysql';

/** Values for a statement's `:name` (an object) or `?` (an array, in order) placeholders. */
export type Replacements = Record<string, unknown> | unknown[];

export interface Database {
  sequelize: Sequelize;
  dialect: Dialect;
  /** Runs fn in a transaction. On SQLite, write transactions are serialised in-process (one
   *  writer; BEGIN IMMEDIATE) so concurrent requests queue instead of failing with SQLITE_BUSY.
   *  A call made inside another `transaction` callback joins the outer transaction.
   *
   *  When the OUTERMOST transaction fails with a deadlock or a lock wait timeout (MariaDB/MySQL
   *  ER_LOCK_DEADLOCK 1213, ER_LOCK_WAIT_TIMEOUT 1205) or SQLITE_BUSY, it is rolled back and `fn`
   *  runs again in a new transaction (3 attempts in all by default, a short jittered pause
   *  between them); any other error, or the last attempt's, is thrown. A joined (nested) call
   *  never retries by itself: its error reaches the outer callback, and the outer transaction
   *  is what runs again.
   *
   *  So `fn` MAY RUN MORE THAN ONCE and must have no effect outside the database: no SMS, no
   *  Stripe or other network call, no email, no in-memory state that is not rebuilt on each
   *  run. Do those before the transaction or after it commits. */
  transaction<T>(fn: (t: Transaction) => Promise<T>): Promise<T>;
  /**
   * A SELECT's rows, as the driver returns them (one plain object per row, columns as named in the
   * SQL), replacements (`:name`, or `?` in order) escaped as Sequelize escapes them. Outside a transaction the
   * statement goes straight to a pooled connection's driver: Sequelize's query machinery (its
   * options, hooks, a stack captured per query, a copy of every row) cost more CPU than the
   * driver on a member's reads (bench/gateway.bench.mjs). With `t` it runs in that transaction.
   * Errors are Sequelize's (a DatabaseError with the driver's error as `parent`).
   */
  select<T extends object>(sql: string, replacements?: Replacements, t?: Transaction): Promise<T[]>;
  /**
   * A SELECT's rows handed to `onRow` one at a time as the driver parses them, on a pooled
   * connection (outside any transaction); resolves with the number of rows once all are read.
   * Nothing holds the rows together: a read of 100,000 rows that keeps a few numbers of each
   * leaves the rest to die young, where an array of them would be copied by the garbage
   * collector until the last one arrived. `sql` is run as it is (values only through idList).
   * An error thrown by `onRow` stops handing rows on and rejects once the statement ends.
   */
  eachRow<T extends object>(sql: string, onRow: (row: T) => void): Promise<number>;
  /** The connection pool as GET /api/health reports it (SQLite: one file, no pool to speak of). */
  pool(): PoolStatus;
  close(): Promise<void>;
}

/** Connections of a MySQL/MariaDB pool: `inUse` lent to queries, `idle` open and free, `size`
 *  open in all, `max` the most it opens, `waiting` queries queued for a connection. */
export interface PoolStatus {
  inUse: number;
  idle: number;
  size: number;
  max: number;
  waiting: number;
}

/**
 * Server-side prepared statements one MySQL/MariaDB connection keeps (mysql2's LRU; the least
 * recently used is closed on the server when a new one is prepared). Sequelize prepares every
 * query that carries bind parameters, and mysql2's default (16,000 per connection) lets two
 * connections exhaust the server-wide max_prepared_stmt_count (16,382): the statements this
 * app sends repeatedly number in the dozens, so 64 keeps them hot and bounds the rest.
 */
export const MAX_PREPARED_STATEMENTS_PER_CONNECTION = 64;

export interface OpenDatabaseOptions {
  /** Log SQL through this function (default: no SQL logging; `DATABASE_LOG=1` logs to stderr). */
  logging?: false | ((sql: string) => void);
  /** MySQL pool size (default `DATABASE_POOL_MAX` or 10). */
  poolMax?: number;
  /** Attempts of an outermost transaction that deadlocks or times out on a lock (default 3; 1 = no retry). */
  transactionAttempts?: number;
  /** Base pause before a retry, in ms (default 25): attempt n waits up to base × 2^(n-1), jittered. */
  transactionRetryDelayMs?: number;
  /** How long a query waits for a free MySQL connection before it fails with 503, in ms (default 10,000). */
  poolAcquireMs?: number;
}

const RETRYABLE_CODES = new Set(['ER_LOCK_DEADLOCK', 'ER_LOCK_WAIT_TIMEOUT', 'SQLITE_BUSY']);
const RETRYABLE_ERRNOS = new Set([1213, 1205]);

/**
 * True for the errors after which the whole transaction can simply run again: a deadlock
 * (ER_LOCK_DEADLOCK, 1213: the server rolled the transaction back), a lock wait timeout
 * (ER_LOCK_WAIT_TIMEOUT, 1205) and SQLITE_BUSY. Looks at the error itself and at Sequelize's
 * `parent` / `original` (the driver's error).
 */
export function isRetryableTransactionError(error: unknown): boolean {
  if (!error || typeof error !== 'object') return false;
  const candidates = [error, (error as { parent?: unknown }).parent, (error as { original?: unknown }).original];
  return candidates.some((c) => {
    if (!c || typeof c !== 'object') return false;
    const { code, errno } = c as { code?: unknown; errno?: unknown };
    return (typeof code === 'string' && RETRYABLE_CODES.has(code)) || (typeof errno === 'number' && RETRYABLE_ERRNOS.has(errno));
  });
}

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

export const DEFAULT_SQLITE_FILE = path.join('data', 'vouch.sqlite');

/** What a DATABASE_URL names: an SQLite file (or memory) or a MySQL/MariaDB server. */
export type DatabaseTarget = { dialect: 'sqlite'; storage: string } | { dialect: 'mysql'; url: string };

/**
 * Accepted forms: empty (./data/vouch.sqlite), `sqlite::memory:`, `sqlite:relative/file`,
 * `sqlite:///absolute/file`, a plain file path, `mysql://…` and `mariadb://…`.
 */
export function parseDatabaseUrl(url: string | undefined): DatabaseTarget {
  const value = url?.trim();
  if (!value) return { dialect: 'sqlite', storage: path.resolve(DEFAULT_SQLITE_FILE) };
  if (/^(mysql|mariadb):\/\//i.test(value)) return { dialect: 'mysql', url: value.replace(/^mariadb:/i, 'mysql:') };
  if (/^sqlite:/i.test(value)) {
    let rest = value.slice('sqlite:'.length);
    if (rest === ':memory:' || rest === '//:memory:') return { dialect: 'sqlite', storage: ':memory:' };
    if (rest.startsWith('//')) rest = rest.slice(2);
    if (!rest) throw new Error(`DATABASE_URL "${value}" names no SQLite file.`);
    return { dialect: 'sqlite', storage: path.resolve(rest) };
  }
  if (value === ':memory:') return { dialect: 'sqlite', storage: ':memory:' };
  if (/^[a-z][a-z0-9+.-]*:\/\//i.test(value)) {
    throw new Error(`DATABASE_URL uses an unsupported scheme: ${value.split(':')[0]} (use sqlite:, mysql:// or mariadb://).`);
  }
  return { dialect: 'sqlite', storage: path.resolve(value) };
}

/** A FIFO lock: SQLite allows one writer, so write transactions wait their turn here. */
function createMutex() {
  let tail: Promise<void> = Promise.resolve();
  return async function runExclusive<T>(fn: () => Promise<T>): Promise<T> {
    const previous = tail;
    let release!: () => void;
    tail = new Promise<void>((resolve) => (release = resolve));
    await previous;
    try {
      return await fn();
    } finally {
      release();
    }
  };
}

interface SqliteConnection {
  configure(option: 'busyTimeout', value: number): void;
  exec(sql: string, callback: (error: Error | null) => void): void;
}

/**
 * Sequelize's SQLite dialect opens a connection of its own for every transaction, without
 * running the afterConnect hooks; so every connection is configured here, by wrapping its
 * getConnection: the busy timeout, and WAL's `synchronous = NORMAL` (a per-connection setting,
 * unlike the journal mode): a commit appends to the log without waiting for the disk, which is
 * flushed at checkpoints; a crash of the process loses nothing, a power cut at most the last
 * commits. Left at SQLite's FULL, every write transaction waited for a disk flush.
 */
function configureEveryConnection(sequelize: Sequelize, busyTimeoutMs: number, walSettings: boolean) {
  const manager = sequelize.connectionManager as unknown as { getConnection(options?: unknown): Promise<SqliteConnection> };
  const original = manager.getConnection.bind(manager);
  const configured = new WeakSet<object>();
  manager.getConnection = async (options?: unknown) => {
    const connection = await original(options);
    if (!configured.has(connection)) {
      configured.add(connection);
      connection.configure('busyTimeout', busyTimeoutMs);
      if (walSettings) await new Promise<void>((resolve, reject) => connection.exec('PRAGMA synchronous = NORMAL', (error) => (error ? reject(error) : resolve())));
    }
    return connection;
  };
}

/**
 * Every MySQL/MariaDB connection reads committed data (InnoDB's default is REPEATABLE READ). Under
 * REPEATABLE READ an UPDATE or DELETE that matches no row still locks the gap where the row would
 * be, and two transactions that then INSERT into each other's gap deadlock: 50 code requests at
 * once for 50 new phones did (otp_codes: close the phone's open code, insert the new one). Under
 * READ COMMITTED only the rows written are locked. Nothing here relies on a repeatable snapshot:
 * races are settled by conditional updates and unique keys (docs/deployment.md).
 */
function readCommitted(connection: unknown): Promise<void> {
  const c = connection as { query(sql: string, callback: (error: Error | null) => void): void };
  return new Promise((resolve, reject) => c.query('SET SESSION TRANSACTION ISOLATION LEVEL READ COMMITTED', (error) => (error ? reject(error) : resolve())));
}

function defaultLogging(env: NodeJS.ProcessEnv): OpenDatabaseOptions['logging'] {
  return env.DATABASE_LOG === '1' || env.DATABASE_LOG === 'true' ? (sql) => process.stderr.write(`${sql}\n`) : false;
}

/**
 * Opens the database named by `url` (default `DATABASE_URL`, else ./data/vouch.sqlite,
 * created with its folder) and checks that it answers.
 */
export async function openDatabase(url: string | undefined = process.env.DATABASE_URL, options: OpenDatabaseOptions = {}): Promise<Database> {
  const target = parseDatabaseUrl(url);
  const logging = options.logging ?? defaultLogging(process.env);
  let sequelize: Sequelize;

  if (target.dialect === 'sqlite') {
    if (target.storage !== ':memory:') fs.mkdirSync(path.dirname(target.storage), { recursive: true });
    sequelize = new Sequelize({ dialect: 'sqlite', storage: target.storage, logging, transactionType: Transaction.TYPES.IMMEDIATE });
    configureEveryConnection(sequelize, 5000, target.storage !== ':memory:');
  } else {
    const poolMax = options.poolMax ?? (Number(process.env.DATABASE_POOL_MAX) || 10);
    const config: Options = {
      dialect: 'mysql',
      logging,
      timezone: '+00:00',
      pool: { max: poolMax, min: 0, acquire: options.poolAcquireMs ?? 10_000, idle: 10_000, evict: 5_000 },
      dialectOptions: {
        connectTimeout: 5_000,
        charset: 'utf8mb4',
        maxPreparedStatements: MAX_PREPARED_STATEMENTS_PER_CONNECTION,
        // mysql2 reads DATETIME into a Date itself, in the connection's time zone (+00:00, as
        // Sequelize writes them), straight from the bytes; Sequelize's own cast of every field goes
        // through a JS callback and moment-timezone: a tenth of a 50-vouch list’s CPU
        // (bench/gateway.bench.mjs). DATE (DATEONLY) stays a 'YYYY-MM-DD' string, as Sequelize gives it.
        typeCast: true,
        dateStrings: ['DATE'],
      },
      define: { charset: 'utf8mb4', collate: 'utf8mb4_unicode_ci' },
      hooks: { afterConnect: readCommitted },
    };
    sequelize = new Sequelize(target.url, config);
  }

  try {
    await sequelize.authenticate({ logging: false });
    if (target.dialect === 'sqlite' && target.storage !== ':memory:') {
      // WAL lets readers proceed while one writer commits; the mode persists in the file.
      await sequelize.query('PRAGMA journal_mode = WAL', { logging: false });
    }
  } catch (error) {
    await sequelize.close().catch(() => undefined);
    throw error;
  }

  // The transaction a nested db.transaction() joins. Node 20 tracks AsyncLocalStorage's context by
  // a hook on every promise the process creates, from its first run() until disable(): once a single
  // write had run, every later read paid for it (464–494 against 409–433 µs of CPU per routed read,
  // docs/scaling.md). So the store is on only while an outermost transaction runs.
  const current = new AsyncLocalStorage<Transaction>();
  let running = 0;
  const inContext = async <T>(t: Transaction, fn: (t: Transaction) => Promise<T>): Promise<T> => {
    running += 1;
    try {
      return await current.run(t, () => fn(t));
    } finally {
      running -= 1;
      if (running === 0) current.disable();
    }
  };
  const exclusive = target.dialect === 'sqlite' ? createMutex() : <T>(fn: () => Promise<T>) => fn();
  const attempts = Math.max(1, Math.floor(options.transactionAttempts ?? 3));
  const baseDelayMs = Math.max(0, options.transactionRetryDelayMs ?? 25);

  return {
    sequelize,
    dialect: target.dialect,
    transaction<T>(fn: (t: Transaction) => Promise<T>): Promise<T> {
      const outer = current.getStore();
      if (outer) return fn(outer); // joined: the outermost transaction decides on a retry
      return (async () => {
        for (let attempt = 1; ; attempt += 1) {
          try {
            // The SQLite writer lock is taken per attempt, so other writers go first during the pause.
            return await exclusive(() => sequelize.transaction((t) => inContext(t, fn)));
          } catch (error) {
            if (attempt >= attempts || !isRetryableTransactionError(error)) throw error;
            await sleep(baseDelayMs * 2 ** (attempt - 1) * (0.5 + Math.random() / 2));
          }
        }
      })();
    },
    async select<T extends object>(sql: string, replacements?: Replacements, t?: Transaction): Promise<T[]> {
      if (!t) return (await selectOnPool(sequelize, target.dialect, sql, replacements, logging)) as T[];
      // In a transaction, on its connection: Sequelize's RAW query leaves the driver's rows as they are.
      const [rows] = await sequelize.query(sql, { replacements, type: QueryTypes.RAW, transaction: t });
      return rows as T[];
    },
    eachRow: (sql, onRow) => eachRowOnPool(sequelize, target.dialect, sql, onRow as (row: unknown) => void, logging),
    pool: () => poolStatus(sequelize, target.dialect),
    close: () => sequelize.close(),
  };
}

/** The driver's own connection: mysql2's (query, and its streaming form without a callback) or sqlite3's (all, each). */
type DriverConnection = {
  query?(sql: string, callback?: (error: Error | null, rows: unknown) => void): RowEvents;
  all?(sql: string, callback: (error: Error | null, rows: unknown) => void): void;
  each?(sql: string, onRow: (error: Error | null, row: unknown) => void, done: (error: Error | null, count: number) => void): void;
  once?(event: 'error', listener: (error: Error) => void): void;
  off?(event: 'error', listener: (error: Error) => void): void;
};
type RowEvents = { on(event: 'result', listener: (row: unknown) => void): RowEvents; on(event: 'error', listener: (error: Error) => void): RowEvents; on(event: 'end', listener: () => void): RowEvents };
type DriverConnections = { getConnection(options: object): Promise<DriverConnection>; releaseConnection(connection: DriverConnection): void };

/** Database.select outside a transaction: one pooled connection, the driver's own call (mysql2 query, sqlite3 all). */
async function selectOnPool(sequelize: Sequelize, dialect: Dialect, sql: string, replacements: Replacements | undefined, logging: OpenDatabaseOptions['logging']): Promise<unknown> {
  const statement = replacements ? injectReplacements(sql, (sequelize as unknown as { dialect: Parameters<typeof injectReplacements>[1] }).dialect, replacements) : sql;
  if (typeof logging === 'function') logging(`Executing (default): ${statement}`);
  const manager = sequelize.connectionManager as unknown as DriverConnections;
  const connection = await manager.getConnection({ type: 'SELECT' });
  try {
    return await new Promise((resolve, reject) => {
      const done = (error: Error | null, rows: unknown) => (error ? reject(asDatabaseError(error, statement)) : resolve(rows));
      if (dialect === 'sqlite') connection.all!(statement, done);
      else connection.query!(statement, done);
    });
  } finally {
    manager.releaseConnection(connection);
  }
}

/** Database.eachRow: one pooled connection; mysql2's streamed query (a 'result' event per row) or sqlite3's each. */
async function eachRowOnPool(sequelize: Sequelize, dialect: Dialect, sql: string, onRow: (row: unknown) => void, logging: OpenDatabaseOptions['logging']): Promise<number> {
  if (typeof logging === 'function') logging(`Executing (default): ${sql}`);
  const manager = sequelize.connectionManager as unknown as DriverConnections;
  const connection = await manager.getConnection({ type: 'SELECT' });
  try {
    return await new Promise<number>((resolve, reject) => {
      let rows = 0;
      // The statement is read to its end whatever onRow does, so the connection goes back to the pool idle.
      let failed: unknown = null;
      const take = (row: unknown) => {
        if (failed !== null) return;
        try {
          onRow(row);
          rows += 1;
        } catch (error) {
          failed = error;
        }
      };
      const end = (error: Error | null) => {
        if (error) reject(asDatabaseError(error, sql));
        else if (failed !== null) reject(failed);
        else resolve(rows);
      };
      if (dialect === 'sqlite') {
        connection.each!(sql, (error, row) => (error ? end(error) : take(row)), end);
      } else {
        // A statement's error comes as 'error' then 'end'; a connection lost mid-statement only
        // as the connection's 'error' (mysql2 tells only queries with a callback, which keep every row).
        let error: Error | null = null;
        const lost = (e: Error) => end(e);
        connection.once!('error', lost);
        connection.query!(sql)
          .on('result', take)
          .on('error', (e) => (error = e))
          .on('end', () => {
            connection.off!('error', lost);
            end(error);
          });
      }
    });
  } finally {
    manager.releaseConnection(connection);
  }
}

const asDatabaseError = (error: Error, sql: string) => new DatabaseError(Object.assign(error, { sql }) as never);

interface SequelizePool {
  size: number;
  available: number;
  using: number;
  waiting: number;
  maxSize: number;
}

function poolStatus(sequelize: Sequelize, dialect: Dialect): PoolStatus {
  const pool = (sequelize.connectionManager as unknown as { pool?: SequelizePool }).pool;
  if (dialect === 'sqlite' || !pool || typeof pool.size !== 'number') return { inUse: 0, idle: 0, size: 0, max: 0, waiting: 0 };
  return { inUse: pool.using, idle: pool.available, size: pool.size, max: pool.maxSize, waiting: pool.waiting };
}

/**
 * True when the database is there but the write could not get its turn: a deadlock or lock wait
 * that outlived the transaction's retries (or hit a statement outside one), or no pooled
 * connection freed up in time. The caller may simply try again (→ 503 with Retry-After).
 */
export function isDatabaseBusy(error: unknown): boolean {
  return error instanceof ConnectionAcquireTimeoutError || isRetryableTransactionError(error);
}

/** Sequelize errors that mean "the database cannot be reached right now" (→ 503). */
export function isDatabaseUnavailable(error: unknown): boolean {
  if (error instanceof ConnectionError) return true;
  if (!(error instanceof Error)) return false;
  if (error.message.includes('connection manager was closed') || error.message.includes('connection is in closed state')) return true;
  const parent = (error as { parent?: { code?: string; fatal?: boolean } }).parent;
  // mysql2 marks errors that broke the connection itself (the server went away mid-query) as fatal.
  if (parent?.fatal === true) return true;
  return parent?.code !== undefined && UNAVAILABLE_CODES.has(parent.code);
}

const UNAVAILABLE_CODES = new Set(['SQLITE_BUSY', 'SQLITE_CANTOPEN', 'PROTOCOL_CONNECTION_LOST', 'ECONNREFUSED', 'ECONNRESET', 'EPIPE', 'ETIMEDOUT', 'ER_SERVER_SHUTDOWN', 'ER_CON_COUNT_ERROR']);
