import { AsyncLocalStorage } from 'node:async_hooks';
import fs from 'node:fs';
import path from 'node:path';
import { ConnectionError, Sequelize, Transaction, type Options } from 'sequelize';

export type Dialect = 'sqlite' | 'mysql';

export interface Database {
  sequelize: Sequelize;
  dialect: Dialect;
  /** Runs fn in a transaction. On SQLite, write transactions are serialised in-process (one
   *  writer; BEGIN IMMEDIATE) so concurrent requests queue instead of failing with SQLITE_BUSY.
   *  A call made inside another `transaction` callback joins the outer transaction. */
  transaction<T>(fn: (t: Transaction) => Promise<T>): Promise<T>;
  close(): Promise<void>;
}

export interface OpenDatabaseOptions {
  /** Log SQL through this function (default: no SQL logging; `DATABASE_LOG=1` logs to stderr). */
  logging?: false | ((sql: string) => void);
  /** MySQL pool size (default `DATABASE_POOL_MAX` or 10). */
  poolMax?: number;
}

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
}

/** Sequelize's SQLite dialect opens one connection per transaction without running the
 *  afterConnect hooks, so the busy timeout is set by wrapping its getConnection. */
function setBusyTimeoutOnEveryConnection(sequelize: Sequelize, ms: number) {
  const manager = sequelize.connectionManager as unknown as { getConnection(options?: unknown): Promise<SqliteConnection> };
  const original = manager.getConnection.bind(manager);
  const configured = new WeakSet<object>();
  manager.getConnection = async (options?: unknown) => {
    const connection = await original(options);
    if (!configured.has(connection)) {
      connection.configure('busyTimeout', ms);
      configured.add(connection);
    }
    return connection;
  };
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
    setBusyTimeoutOnEveryConnection(sequelize, 5000);
  } else {
    const poolMax = options.poolMax ?? (Number(process.env.DATABASE_POOL_MAX) || 10);
    const config: Options = {
      dialect: 'mysql',
      logging,
      timezone: '+00:00',
      pool: { max: poolMax, min: 0, acquire: 10_000, idle: 10_000, evict: 5_000 },
      dialectOptions: { connectTimeout: 5_000, charset: 'utf8mb4' },
      define: { charset: 'utf8mb4', collate: 'utf8mb4_unicode_ci' },
    };
    sequelize = new Sequelize(target.url, config);
  }

  try {
    await sequelize.authenticate({ logging: false });
    if (target.dialect === 'sqlite' && target.storage !== ':memory:') {
      // WAL lets readers proceed while one writer commits; the mode persists in the file.
      await sequelize.query('PRAGMA journal_mode = WAL', { logging: false });
      await sequelize.query('PRAGMA synchronous = NORMAL', { logging: false });
    }
  } catch (error) {
    await sequelize.close().catch(() => undefined);
    throw error;
  }

  const current = new AsyncLocalStorage<Transaction>();
  const exclusive = target.dialect === 'sqlite' ? createMutex() : <T>(fn: () => Promise<T>) => fn();

  return {
    sequelize,
    dialect: target.dialect,
    transaction<T>(fn: (t: Transaction) => Promise<T>): Promise<T> {
      const outer = current.getStore();
      if (outer) return fn(outer);
      return exclusive(() => sequelize.transaction((t) => current.run(t, () => fn(t))));
    },
    close: () => sequelize.close(),
  };
}

/** Sequelize errors that mean "the database cannot be reached right now" (→ 503). */
export function isDatabaseUnavailable(error: unknown): boolean {
  if (error instanceof ConnectionError) return true;
  if (!(error instanceof Error)) return false;
  if (error.message.includes('connection manager was closed')) return true;
  const code = (error as { parent?: { code?: string } }).parent?.code;
  return code === 'SQLITE_BUSY' || code === 'SQLITE_CANTOPEN' || code === 'PROTOCOL_CONNECTION_LOST' || code === 'ECONNREFUSED';
}
