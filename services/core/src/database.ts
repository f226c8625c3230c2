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
   * Runs `hook` in transaction `t` after its callback has returned, just before it commits (in the
   * order registered; a hook's error rolls the transaction back). Only for a transaction this
   * `transaction()` opened (a TypeError otherwise: the hook would never run). For the writes that
   * must be a transaction's last ones: the sync log takes its commit-ordered number there
   * (src/sync-log.ts), holding its lock only from there to the commit.
   */
  beforeCommit(t: Transaction, hook: () => Promise<void>): void;
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
  /** The statement timeout in force (ms; 0: none). See OpenDatabaseOptions.statementTimeoutMs. */
  statementTimeoutMs(): number;
  /** Changes the statement timeout; each connection takes the new value before its next statement. */
  setStatementTimeout(ms: number): void;
  /** Statements stopped by the statement timeout (or a lock wait, the busy timeout, the pool's wait) so far. */
  stalls(): StallReport;
  close(): Promise<void>;
}

/** What GET /api/health reads to tell a stalled database from a healthy one (checkDatabase). */
export interface StallReport {
  /** Statements stopped since the database was opened. */
  count: number;
  /** When the last one was stopped (epoch ms); null: never. */
  lastAt: number | null;
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
  /**
   * The longest a statement may run or wait, in ms (default 0: no limit; servers pass
   * statementTimeoutSetting(env), DATABASE_STATEMENT_TIMEOUT_MS). MariaDB: `max_statement_time`
   * (a statement waiting on a table or row lock is stopped too, ER_STATEMENT_TIMEOUT); MySQL:
   * `max_execution_time` (SELECTs) with `lock_wait_timeout` and `innodb_lock_wait_timeout`;
   * SQLite: the busy timeout, and the wait for this process's writer turn. A transaction is not
   * tried again once this long has passed since it started. runMigrations lifts the limit while
   * it migrates (an index on a large table takes longer).
   */
  statementTimeoutMs?: number;
}

/** DATABASE_STATEMENT_TIMEOUT_MS when the variable is unset. */
export const DEFAULT_STATEMENT_TIMEOUT_MS = 5_000;

/**
 * DATABASE_STATEMENT_TIMEOUT_MS (default 5,000; 0 turns it off; at most 600,000): the statement
 * timeout of a request-serving process. Throws a sentence naming the variable when it is malformed.
 */
export function statementTimeoutSetting(env: NodeJS.ProcessEnv, name = 'DATABASE_STATEMENT_TIMEOUT_MS', fallback = DEFAULT_STATEMENT_TIMEOUT_MS): number {
  const raw = env[name]?.trim();
  if (!raw) return fallback;
  const value = Number(raw);
  if (!Number.isInteger(value) || value < 0 || value > 600_000) throw new Error(`${name} must be a whole number of milliseconds from 0 (no limit) to 600000 (got "${raw}").`);
  return value;
}

/**
 * Thrown when a SQLite write waited longer than the statement timeout for this process's writer
 * turn (another write ahead of it is stuck): the caller answers 503 like any statement timeout.
 */
export class StatementTimeoutError extends Error {
  constructor(waitedMs: number) {
    super(`The statement waited ${waitedMs} ms for its turn to write and was given up (the statement timeout).`);
    this.name = 'StatementTimeoutError';
  }
}

/** MariaDB ER_STATEMENT_TIMEOUT (max_statement_time), MySQL ER_QUERY_TIMEOUT (max_execution_time). */
const STATEMENT_TIMEOUT_ERRNOS = new Set([1969, 3024]);
const STATEMENT_TIMEOUT_CODES = new Set(['ER_STATEMENT_TIMEOUT', 'ER_QUERY_TIMEOUT']);

/** The driver's error of a Sequelize error (its `parent` / `original`), or the error itself. */
function driverErrors(error: unknown): { code?: unknown; errno?: unknown }[] {
  if (!error || typeof error !== 'object') return [];
  return [error, (error as { parent?: unknown }).parent, (error as { original?: unknown }).original].filter((c): c is { code?: unknown; errno?: unknown } => !!c && typeof c === 'object');
}

/** True when the statement was stopped by the statement timeout (MariaDB, MySQL, or a SQLite writer's wait). */
export function isStatementTimeout(error: unknown): boolean {
  if (error instanceof StatementTimeoutError) return true;
  return driverErrors(error).some(({ code, errno }) => (typeof errno === 'number' && STATEMENT_TIMEOUT_ERRNOS.has(errno)) || (typeof code === 'string' && STATEMENT_TIMEOUT_CODES.has(code)));
}

/** A statement that could not finish because the database is stuck: timed out, or kept waiting for a lock or a connection. */
function isStall(error: unknown): boolean {
  if (isStatementTimeout(error) || error instanceof ConnectionAcquireTimeoutError) return true;
  return driverErrors(error).some(({ code, errno }) => code === 'SQLITE_BUSY' || code === 'ER_LOCK_WAIT_TIMEOUT' || errno === 1205);
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
  return driverErrors(error).some(({ code, errno }) => (typeof code === 'string' && RETRYABLE_CODES.has(code)) || (typeof errno === 'number' && RETRYABLE_ERRNOS.has(errno)));
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

/**
 * A FIFO lock: SQLite allows one writer, so write transactions wait their turn here. With
 * `waitMs`, a writer that has not had its turn after that long gives up with a
 * StatementTimeoutError (a write ahead of it is stuck): its place passes on to the next in line.
 */
function createMutex() {
  let tail: Promise<void> = Promise.resolve();
  return async function runExclusive<T>(fn: () => Promise<T>, waitMs = 0): Promise<T> {
    const previous = tail;
    let release!: () => void;
    tail = new Promise<void>((resolve) => (release = resolve));
    if (waitMs > 0) {
      let timer: NodeJS.Timeout | undefined;
      const turn = await Promise.race([previous.then(() => true), new Promise<false>((resolve) => (timer = setTimeout(() => resolve(false), waitMs)))]);
      clearTimeout(timer);
      if (!turn) {
        void previous.then(release);
        throw new StatementTimeoutError(waitMs);
      }
    } else {
      await previous;
    }
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

/** SQLite's busy timeout without a statement timeout (a writer of another process holds the file). */
const SQLITE_BUSY_TIMEOUT_MS = 5000;

/**
 * Sequelize's SQLite dialect opens a connection of its own for every transaction, without
 * running the afterConnect hooks; so every connection is configured here, by wrapping its
 * getConnection: WAL's `synchronous = NORMAL` (a per-connection setting, unlike the journal mode):
 * a commit appends to the log without waiting for the disk, which is flushed at checkpoints; a
 * crash of the process loses nothing, a power cut at most the last commits. Left at SQLite's FULL,
 * every write transaction waited for a disk flush. And, on both dialects, the statement timeout in
 * force (`limitMs()`), set again on a connection whenever it changed since that connection last
 * took it (runMigrations lifts it while it migrates): SQLite's busy timeout, MariaDB's
 * max_statement_time, MySQL's max_execution_time and lock waits.
 */
function configureEveryConnection(sequelize: Sequelize, dialect: Dialect, limitMs: () => number, walSettings: boolean) {
  const manager = sequelize.connectionManager as unknown as { getConnection(options?: unknown): Promise<SqliteConnection>; releaseConnection(connection: unknown): Promise<void> | void };
  const original = manager.getConnection.bind(manager);
  const configured = new WeakSet<object>();
  const applied = new WeakMap<object, number>();
  manager.getConnection = async (options?: unknown) => {
    const connection = await original(options);
    if (dialect === 'sqlite' && !configured.has(connection)) {
      configured.add(connection);
      if (walSettings) await new Promise<void>((resolve, reject) => connection.exec('PRAGMA synchronous = NORMAL', (error) => (error ? reject(error) : resolve())));
    }
    const limit = limitMs();
    // A new MySQL/MariaDB connection has the server's default (0 here); a new SQLite one sqlite3's 1 s.
    if ((applied.get(connection) ?? (dialect === 'sqlite' ? undefined : 0)) !== limit) {
      if (dialect === 'sqlite') {
        connection.configure('busyTimeout', limit > 0 ? limit : SQLITE_BUSY_TIMEOUT_MS);
      } else {
        try {
          await runOn(connection, statementLimitSql(connection, limit));
        } catch (error) {
          // A connection that died in the pool (killed on the server, cut): back to the pool,
          // which drops it, and the caller gets what any lost connection gives (a 503).
          await manager.releaseConnection(connection);
          throw new ConnectionError(error as Error);
        }
      }
      applied.set(connection, limit);
    }
    return connection;
  };
}

/** The session settings that bound one statement to `ms` on this server (0: the server's own settings, usually none). */
function statementLimitSql(connection: unknown, ms: number): string {
  const c = connection as { _isMariaDB?: boolean; _handshakePacket?: { serverVersion?: string } };
  const mariaDb = c._isMariaDB ?? /mariadb/i.test(c._handshakePacket?.serverVersion ?? '');
  if (mariaDb) return ms > 0 ? `SET SESSION max_statement_time = ${ms / 1000}` : 'SET SESSION max_statement_time = DEFAULT';
  if (ms <= 0) return 'SET SESSION max_execution_time = DEFAULT, lock_wait_timeout = DEFAULT, innodb_lock_wait_timeout = DEFAULT';
  const seconds = Math.max(1, Math.ceil(ms / 1000));
  return `SET SESSION max_execution_time = ${Math.round(ms)}, lock_wait_timeout = ${seconds}, innodb_lock_wait_timeout = ${seconds}`;
}

function runOn(connection: unknown, sql: string): Promise<void> {
  const c = connection as { query(sql: string, callback: (error: Error | null) => void): void };
  return new Promise((resolve, reject) => c.query(sql, (error) => (error ? reject(error) : resolve())));
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
  return runOn(connection, 'SET SESSION TRANSACTION ISOLATION LEVEL READ COMMITTED');
}

function defaultLogging(env: NodeJS.ProcessEnv): OpenDatabaseOptions['logging'] {
  return env.DATABASE_LOG === '1' || env.DATABASE_LOG === 'true' ? (sql) => process.stderr.write(`${sql}\n`) : false;
}

/**
 * A Sequelize on `target` that answered (SQLite: its folder created, in WAL mode), every
 * connection configured; `limitMs` reads the statement timeout in force when a connection opens.
 */
async function connect(target: ReturnType<typeof parseDatabaseUrl>, logging: OpenDatabaseOptions['logging'], options: OpenDatabaseOptions, limitMs: () => number): Promise<Sequelize> {
  let sequelize: Sequelize;

  if (target.dialect === 'sqlite') {
    if (target.storage !== ':memory:') fs.mkdirSync(path.dirname(target.storage), { recursive: true });
    sequelize = new Sequelize({ dialect: 'sqlite', storage: target.storage, logging, transactionType: Transaction.TYPES.IMMEDIATE });
    configureEveryConnection(sequelize, 'sqlite', limitMs, target.storage !== ':memory:');
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
    configureEveryConnection(sequelize, 'mysql', limitMs, false);
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
  return sequelize;
}

/**
 * Opens the database named by `url` (default `DATABASE_URL`, else ./data/vouch.sqlite,
 * created with its folder) and checks that it answers.
 */
export async function openDatabase(url: string | undefined = process.env.DATABASE_URL, options: OpenDatabaseOptions = {}): Promise<Database> {
  const target = parseDatabaseUrl(url);
  const logging = options.logging ?? defaultLogging(process.env);
  let limitMs = Math.max(0, options.statementTimeoutMs ?? 0);
  const sequelize = await connect(target, logging, options, () => limitMs);

  // The transaction a nested db.transaction() joins. Node 20 tracks AsyncLocalStorage's context by
  // a hook on every promise the process creates, from its first run() until disable(): once a single
  // write had run, every later read paid for it (464–494 against 409–433 µs of CPU per routed read,
  // docs/scaling.md). So the store is on only while an outermost transaction runs.
  const current = new AsyncLocalStorage<Transaction>();
  // What each transaction opened here runs after its callback, before its commit (beforeCommit).
  const commitHooks = new WeakMap<Transaction, (() => Promise<void>)[]>();
  let running = 0;
  const inContext = async <T>(t: Transaction, fn: (t: Transaction) => Promise<T>): Promise<T> => {
    running += 1;
    commitHooks.set(t, []);
    try {
      return await current.run(t, async () => {
        const result = await fn(t);
        for (const hook of commitHooks.get(t)!) await hook();
        return result;
      });
    } finally {
      commitHooks.delete(t);
      running -= 1;
      if (running === 0) current.disable();
    }
  };
  // Sequelize runs a statement that met SQLITE_BUSY again, up to 5 times, each waiting out the busy
  // timeout: 5 × the timeout in all. Under a statement timeout a statement waits it out once.
  const boundSqliteRetries = () => {
    if (target.dialect !== 'sqlite') return;
    const retry = (sequelize as unknown as { options: { retry?: { max?: number } } }).options.retry;
    if (retry) retry.max = limitMs > 0 ? 1 : 5;
  };
  boundSqliteRetries();
  const exclusive = target.dialect === 'sqlite' ? createMutex() : <T>(fn: () => Promise<T>, _waitMs?: number) => fn();
  const attempts = Math.max(1, Math.floor(options.transactionAttempts ?? 3));
  const baseDelayMs = Math.max(0, options.transactionRetryDelayMs ?? 25);

  // Every statement stopped because the database is stuck is counted once, wherever it was sent
  // from (Sequelize's query, which models and transactions use too, the driver's own select, a
  // writer's wait for its turn): health reports a stall from these (checkDatabase).
  const stalls: StallReport = { count: 0, lastAt: null };
  const noted = new WeakSet<object>();
  const noteStall = (error: unknown) => {
    if (!isStall(error) || noted.has(error as object)) return;
    noted.add(error as object);
    stalls.count += 1;
    stalls.lastAt = Date.now();
  };
  const query = sequelize.query.bind(sequelize);
  sequelize.query = (async (...args: Parameters<typeof query>) => {
    try {
      return await query(...args);
    } catch (error) {
      noteStall(error);
      throw error;
    }
  }) as typeof sequelize.query;
  const watched = async <T>(work: Promise<T>): Promise<T> => {
    try {
      return await work;
    } catch (error) {
      noteStall(error);
      throw error;
    }
  };

  return {
    sequelize,
    dialect: target.dialect,
    transaction<T>(fn: (t: Transaction) => Promise<T>): Promise<T> {
      const outer = current.getStore();
      if (outer) return fn(outer); // joined: the outermost transaction decides on a retry
      return watched((async () => {
        const started = Date.now();
        for (let attempt = 1; ; attempt += 1) {
          try {
            // The SQLite writer lock is taken per attempt, so other writers go first during the pause.
            return await exclusive(() => sequelize.transaction((t) => inContext(t, fn)), limitMs);
          } catch (error) {
            // Past the statement timeout the answer is a 503 now, not after another wait as long.
            const late = limitMs > 0 && Date.now() - started >= limitMs;
            if (attempt >= attempts || late || !isRetryableTransactionError(error)) throw error;
            await sleep(baseDelayMs * 2 ** (attempt - 1) * (0.5 + Math.random() / 2));
          }
        }
      })());
    },
    beforeCommit(t: Transaction, hook: () => Promise<void>): void {
      const hooks = commitHooks.get(t);
      if (!hooks) throw new TypeError('beforeCommit: the transaction was not opened by db.transaction(), or has ended.');
      hooks.push(hook);
    },
    async select<T extends object>(sql: string, replacements?: Replacements, t?: Transaction): Promise<T[]> {
      if (!t) return (await watched(selectOnPool(sequelize, target.dialect, sql, replacements, logging))) as T[];
      // In a transaction, on its connection: Sequelize's RAW query leaves the driver's rows as they are.
      const [rows] = await sequelize.query(sql, { replacements, type: QueryTypes.RAW, transaction: t });
      return rows as T[];
    },
    eachRow: (sql, onRow) => watched(eachRowOnPool(sequelize, target.dialect, sql, onRow as (row: unknown) => void, logging)),
    pool: () => poolStatus(sequelize, target.dialect),
    statementTimeoutMs: () => limitMs,
    setStatementTimeout(ms: number) {
      limitMs = Math.max(0, ms);
      boundSqliteRetries();
    },
    stalls: () => ({ ...stalls }),
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
  return error instanceof ConnectionAcquireTimeoutError || isRetryableTransactionError(error) || error instanceof StatementTimeoutError;
}

/** Sequelize errors that mean "the database cannot be reached right now" (→ 503). */
export function isDatabaseUnavailable(error: unknown): boolean {
  if (error instanceof ConnectionError) return true;
  if (!(error instanceof Error)) return false;
  if (error.message.includes('connection manager was closed') || error.message.includes('connection is in closed state')) return true;
  const parent = (error as { parent?: { code?: string; errno?: number; fatal?: boolean } }).parent;
  // mysql2 marks errors that broke the connection itself (the server went away mid-query) as fatal.
  if (parent?.fatal === true) return true;
  if (parent?.errno !== undefined && UNAVAILABLE_ERRNOS.has(parent.errno)) return true;
  return parent?.code !== undefined && UNAVAILABLE_CODES.has(parent.code);
}

const UNAVAILABLE_CODES = new Set(['SQLITE_BUSY', 'SQLITE_CANTOPEN', 'PROTOCOL_CONNECTION_LOST', 'ECONNREFUSED', 'ECONNRESET', 'EPIPE', 'ETIMEDOUT', 'ER_SERVER_SHUTDOWN', 'ER_CON_COUNT_ERROR', 'ER_QUERY_INTERRUPTED']);
/** The connection or its statement was killed on the server (KILL: a DBA, a proxy): MariaDB's
 *  ER_CONNECTION_KILLED (1927, a code mysql2 does not name) and ER_QUERY_INTERRUPTED (1317). */
const UNAVAILABLE_ERRNOS = new Set([1927, 1317]);
