import type { QueryInterface, Sequelize } from 'sequelize';
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

/**
 * Applies every pending migration, in name order, and records it in the `migrations` table.
 * Several services' lists may be passed together; a name already applied is skipped.
 */
export async function runMigrations(db: Database, migrations: Migration[]): Promise<void> {
  await createUmzug(db, migrations).up();
}

/** Undoes the last `steps` applied migrations among `migrations` (tests and tooling). */
export async function revertMigrations(db: Database, migrations: Migration[], steps = 1): Promise<void> {
  await createUmzug(db, migrations).down({ step: steps });
}
