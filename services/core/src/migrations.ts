import { QueryTypes, type QueryInterface, type Sequelize } from 'sequelize';
import { SequelizeStorage, Umzug } from 'umzug';
import type { Database, Dialect } from './database';

export interface MigrationContext {
  queryInterface: QueryInterface;
  sequelize: Sequelize;
  dialect: Dialect;
}

/** Names: '<yyyymmddhhmm>-<service>-<what>' so they sort globally across services. */
export interface Migration {
  name: string;
  up(ctx: MigrationContext): Promise<void>;
  down?(ctx: MigrationContext): Promise<void>;
}

const NAME = /^\d{12}-[a-z]+-[a-z0-9-]+$/;

function createUmzug(db: Database, migrations: Migration[]) {
  const seen = new Set<string>();
  for (const migration of migrations) {
    if (!NAME.test(migration.name)) {
      throw new Error(`Migration name "${migration.name}" must look like '<yyyymmddhhmm>-<service>-<what>'.`);
    }
    if (seen.has(migration.name)) throw new Error(`Migration "${migration.name}" is listed twice.`);
    seen.add(migration.name);
  }
  const context: MigrationContext = { queryInterface: db.sequelize.getQueryInterface(), sequelize: db.sequelize, dialect: db.dialect };
  const sorted = [...migrations].sort((a, b) => a.name.localeCompare(b.name));
  return new Umzug<MigrationContext>({
    migrations: sorted.map((m) => ({
      name: m.name,
      up: ({ context: ctx }) => m.up(ctx),
      down: ({ context: ctx }) => (m.down ? m.down(ctx) : Promise.reject(new Error(`Migration ${m.name} cannot be undone.`))),
    })),
    context,
    storage: new SequelizeStorage({ sequelize: db.sequelize, tableName: 'migrations' }),
    logger: undefined,
  });
}

const MIGRATION_LOCK_WAIT_SECONDS = 300;

/**
 * On MySQL/MariaDB, runs `fn` holding a named lock of this database (GET_LOCK, on a connection
 * kept for the purpose), so gateway instances that start together migrate one after the other:
 * the later ones wait, then find nothing left to apply. SQLite is one process: no lock.
 */
async function oneMigratorAtATime<T>(db: Database, fn: () => Promise<T>): Promise<T> {
  if (db.dialect !== 'mysql') return fn();
  // The lock belongs to the connection: a transaction keeps one connection for its whole length.
  // Names are server-wide, so the database's name is part of it (hashed: names stop at 64 characters).
  const name = "SHA1(CONCAT('vouch-migrations:', DATABASE()))";
  return db.sequelize.transaction(async (transaction) => {
    const [row] = await db.sequelize.query<{ got: number | null }>(`SELECT GET_LOCK(${name}, ${MIGRATION_LOCK_WAIT_SECONDS}) AS got`, { transaction, type: QueryTypes.SELECT });
    if (Number(row?.got) !== 1) {
      throw new Error(`Another process has been migrating this database for ${MIGRATION_LOCK_WAIT_SECONDS} s; not starting.`);
    }
    try {
      return await fn();
    } finally {
      await db.sequelize.query(`SELECT RELEASE_LOCK(${name})`, { transaction, type: QueryTypes.SELECT });
    }
  });
}

export interface MigrationOptions {
  /** Asked before each migration: true stops before it (the ones applied stay applied and recorded). */
  stopRequested?: () => boolean;
}

export interface MigrationRun {
  applied: number;
  /** Pending migrations not applied because a stop was requested (0 when all ran). */
  left: number;
}

/**
 * Applies every pending migration, in name order, and records it in the `migrations` table.
 * Several services' lists may be passed together; a name already applied is skipped. On
 * MySQL/MariaDB, processes that migrate the same database at once take turns. One at a time,
 * so a stop can come between two: a migration is never cut off midway by one.
 */
export async function runMigrations(db: Database, migrations: Migration[], options: MigrationOptions = {}): Promise<MigrationRun> {
  // No statement timeout while migrating: an index on a large table takes minutes, and the lock
  // above waits up to five. The limit comes back for what follows (requests).
  const limit = db.statementTimeoutMs();
  db.setStatementTimeout(0);
  try {
    return await oneMigratorAtATime(db, async () => {
      const umzug = createUmzug(db, migrations);
      const pending = await umzug.pending();
      for (const [index, migration] of pending.entries()) {
        if (options.stopRequested?.()) return { applied: index, left: pending.length - index };
        await umzug.up({ migrations: [migration.name] });
      }
      return { applied: pending.length, left: 0 };
    });
  } finally {
    db.setStatementTimeout(limit);
  }
}

/** Where migrateUnlessStopped says what it does: a server's logger, or a script's own lines. */
export interface MigrationLog {
  info(fields: Record<string, unknown>, message: string): void;
}

/**
 * A server's start-up migrations (or a script's, as the seed's), with SIGTERM, SIGINT (and, under a supervisor, the end of its
 * IPC channel) meaning "stop" instead of killing the process in the middle of one: on MySQL and
 * MariaDB every DDL statement commits by itself, so a migration cut off after its first
 * statements is half applied and not recorded, and the next start runs it again on that half.
 * The migration in progress finishes; the rest wait for the next start. Returns what stopped it,
 * or null when every migration ran (the caller then installs its own handlers: listen).
 */
export async function migrateUnlessStopped(db: Database, migrations: Migration[], logger: MigrationLog): Promise<{ stoppedBy: string | null; run: MigrationRun }> {
  let stoppedBy: string | null = null;
  const onStop = (signal: string) => {
    stoppedBy ??= signal;
    logger.info({ signal }, 'stopping once the migration in progress has finished');
  };
  const onDisconnect = () => onStop('disconnect');
  process.on('SIGTERM', onStop);
  process.on('SIGINT', onStop);
  if (process.channel) process.once('disconnect', onDisconnect);
  logger.info({}, 'migrating the database');
  try {
    const run = await runMigrations(db, migrations, { stopRequested: () => stoppedBy !== null });
    if (stoppedBy) logger.info({ signal: stoppedBy, ...run }, `stopped after the migration in progress: ${run.applied} migrations applied, ${run.left} left for the next run`);
    return { stoppedBy, run };
  } finally {
    process.off('SIGTERM', onStop);
    process.off('SIGINT', onStop);
    process.off('disconnect', onDisconnect);
  }
}

/** Undoes the last `steps` applied migrations among `migrations` (tests and tooling). */
export async function revertMigrations(db: Database, migrations: Migration[], steps = 1): Promise<void> {
  await createUmzug(db, migrations).down({ step: steps });
}

/**
 * Rebuilds a SQLite table whose stored CREATE statement must change where SQLite cannot alter it
 * in place (a column's NOT NULL, the primary key), the way SQLite documents it: the statement with
 * `from` (a pattern or the exact text) replaced by `to` creates the new shape, the rows are copied, the old table dropped, the
 * new one renamed, and every index the table had (whichever migrations added them) is replayed.
 * Throws when the table is missing or its statement does not hold `from`.
 */
export async function rebuildSqliteTable({ sequelize }: MigrationContext, table: string, from: RegExp | string, to: string): Promise<void> {
  const select = (sql: string, replacements: unknown[]) => sequelize.query<{ sql: string }>(sql, { type: QueryTypes.SELECT, replacements });
  const [created] = await select("SELECT sql FROM sqlite_master WHERE type = 'table' AND name = ?", [table]);
  if (!created) throw new Error(`The ${table} table is missing.`);
  if (typeof from === 'string' ? !created.sql.includes(from) : !from.test(created.sql)) throw new Error(`The ${table} table does not have the expected shape (${String(from)}).`);
  const indexes = await select("SELECT sql FROM sqlite_master WHERE type = 'index' AND tbl_name = ? AND sql IS NOT NULL", [table]);
  const rebuilt = `${table}_rebuilt`;
  await sequelize.query(created.sql.replace(/^CREATE TABLE (IF NOT EXISTS )?[`"]?\w+[`"]?/i, `CREATE TABLE \`${rebuilt}\``).replace(from, to));
  await sequelize.query(`INSERT INTO \`${rebuilt}\` SELECT * FROM \`${table}\``);
  await sequelize.query(`DROP TABLE \`${table}\``);
  await sequelize.query(`ALTER TABLE \`${rebuilt}\` RENAME TO \`${table}\``);
  for (const index of indexes) await sequelize.query(index.sql);
}
