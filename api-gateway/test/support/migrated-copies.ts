// Suites start from a copy of a database the migrations built once per run, not by migrating
// their own: on MariaDB the 33 migrations take about 5 s (each CREATE and ALTER waits on the disk),
// a copy about 0.4 s; on SQLite 1.2 s against a file copy. The migrations still run, once per run,
// into the template, so every suite still tests the schema they make. A template belongs to the
// jest run (VOUCH_TEST_RUN, set by test/support/jest-run-setup.cjs; its teardown drops them) and
// to the list of migrations (a suite may run fewer).
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { QueryTypes } from 'sequelize';
import { openDatabase, runMigrations, type Database, type Migration } from '@vouch/service-core';

/** `<run>_<hash of the migrations' names>`: letters, digits and one underscore. */
function templateKey(migrations: readonly Migration[]): string {
  const run = (process.env.VOUCH_TEST_RUN ?? `p${process.ppid}`).replace(/\W/g, '');
  const names = migrations.map((m) => m.name).sort().join('\0');
  return `${run}_${createHash('sha256').update(names).digest('hex').slice(0, 12)}`;
}

/**
 * A migrated SQLite file at `file`: a copy of the run's template (built by the first suite that
 * asks, in the temp folder; written under another name and renamed, so a half-built file is
 * never copied).
 */
export async function migratedSqliteCopy(file: string, migrations: readonly Migration[]): Promise<void> {
  const template = path.join(os.tmpdir(), `vouch-test-template-${templateKey(migrations)}.sqlite`);
  if (!fs.existsSync(template)) {
    const building = `${template}.${process.pid}.${Date.now()}`;
    const db = await openDatabase(`sqlite:${building}`);
    try {
      await runMigrations(db, [...migrations]);
      // One file: the write-ahead log folded in (the copy must not need its -wal beside it).
      await db.sequelize.query('PRAGMA wal_checkpoint(TRUNCATE)');
    } finally {
      await db.close();
    }
    fs.renameSync(building, template);
    for (const suffix of ['-wal', '-shm']) fs.rmSync(`${building}${suffix}`, { force: true });
  }
  fs.copyFileSync(template, file);
}

/**
 * Fills the empty MariaDB/MySQL database `db` with the tables of the run's template database
 * (`vouch_tpl_<key>` on the server of `serverUrl`, built by the first suite that asks, under a
 * server lock so that workers starting together build it once) and their rows.
 */
export async function fillFromMysqlTemplate(server: Database, serverUrl: string, db: Database, migrations: readonly Migration[]): Promise<void> {
  const template = `vouch_tpl_${templateKey(migrations)}`;
  await ensureMysqlTemplate(server, serverUrl, template, migrations);
  const select = <T extends object>(sql: string, replacements: Record<string, unknown> = {}) => server.sequelize.query<T>(sql, { type: QueryTypes.SELECT, replacements });
  const tables = (await select<{ name: string }>('SELECT table_name AS name FROM information_schema.tables WHERE table_schema = :template', { template })).map((t) => t.name);
  const references = await select<{ name: string; target: string }>(
    'SELECT DISTINCT table_name AS name, referenced_table_name AS target FROM information_schema.key_column_usage WHERE table_schema = :template AND referenced_table_name IS NOT NULL',
    { template },
  );
  // SHOW CREATE TABLE keeps the foreign keys (CREATE TABLE … LIKE drops them): a table is created
  // after the tables it references.
  for (const table of inReferenceOrder(tables, references)) {
    const [row] = await select<Record<string, string>>(`SHOW CREATE TABLE \`${template}\`.\`${table}\``);
    await db.sequelize.query(row!['Create Table']!);
    await db.sequelize.query(`INSERT INTO \`${table}\` SELECT * FROM \`${template}\`.\`${table}\``);
  }
}

function inReferenceOrder(tables: readonly string[], references: readonly { name: string; target: string }[]): string[] {
  const ordered: string[] = [];
  const placed = new Set<string>();
  const place = (table: string, path: Set<string>) => {
    if (placed.has(table) || path.has(table)) return;
    path.add(table);
    for (const r of references) if (r.name === table && r.target !== table) place(r.target, path);
    placed.add(table);
    ordered.push(table);
  };
  for (const table of tables) place(table, new Set());
  return ordered;
}

async function ensureMysqlTemplate(server: Database, serverUrl: string, template: string, migrations: readonly Migration[]): Promise<void> {
  // The lock belongs to a connection: a transaction holds one for its whole length.
  await server.sequelize.transaction(async (transaction) => {
    const query = (sql: string) => server.sequelize.query<Record<string, unknown>>(sql, { transaction, type: QueryTypes.SELECT });
    const [got] = await query(`SELECT GET_LOCK('${template}', 300) AS got`);
    if (Number(got?.got) !== 1) throw new Error(`Another test worker has been building ${template} for 300 s.`);
    try {
      // Complete when every migration is recorded: a worker killed half-way left it short.
      const [recorded] = await query(
        `SELECT COUNT(*) AS n FROM information_schema.tables t WHERE t.table_schema = '${template}' AND t.table_name = 'migrations'`,
      );
      const applied = Number(recorded?.n) === 1 ? Number((await query(`SELECT COUNT(*) AS n FROM \`${template}\`.migrations`))[0]?.n) : -1;
      if (applied === migrations.length) return;
      await server.sequelize.query(`DROP DATABASE IF EXISTS \`${template}\``, { transaction });
      await server.sequelize.query(`CREATE DATABASE \`${template}\` CHARACTER SET utf8mb4 COLLATE utf8mb4_unicode_ci`, { transaction });
      const url = new URL(serverUrl);
      url.pathname = `/${template}`;
      const db = await openDatabase(url.toString());
      try {
        await runMigrations(db, [...migrations]);
      } finally {
        await db.close();
      }
    } finally {
      await query(`SELECT RELEASE_LOCK('${template}')`);
    }
  });
}
