// rebuildSqliteTable: the change SQLite cannot make in place (a primary key, a NOT NULL), with the
// rows kept and every index the table had replayed; a table not in the expected shape is refused.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { QueryTypes } from 'sequelize';
import { openDatabase, rebuildSqliteTable, type Database, type MigrationContext } from '../src';

describe('rebuildSqliteTable', () => {
  let dir: string;
  let db: Database;
  let ctx: MigrationContext;
  const rows = (sql: string) => db.sequelize.query<Record<string, unknown>>(sql, { type: QueryTypes.SELECT });

  beforeEach(async () => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'vouch-rebuild-'));
    db = await openDatabase(`sqlite:${path.join(dir, 'test.sqlite')}`);
    ctx = { queryInterface: db.sequelize.getQueryInterface(), sequelize: db.sequelize, dialect: db.dialect };
    await db.sequelize.query('CREATE TABLE `postings` (`term` TEXT NOT NULL, `member_id` INTEGER NOT NULL, `tf` INTEGER NOT NULL DEFAULT 0, PRIMARY KEY (`member_id`, `term`))');
    await db.sequelize.query('CREATE INDEX `postings_tf` ON `postings` (`tf`)');
    await db.sequelize.query("INSERT INTO `postings` VALUES ('go', 2, 1), ('rust', 1, 3), ('go', 1, 2)");
  });

  afterEach(async () => {
    await db.close();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it('changes the primary key, keeps every row and replays the indexes', async () => {
    await rebuildSqliteTable(ctx, 'postings', 'PRIMARY KEY (`member_id`, `term`)', 'PRIMARY KEY (`term`, `member_id`)');
    expect((await rows("SELECT name FROM pragma_table_info('postings') WHERE pk > 0 ORDER BY pk")).map((r) => r.name)).toEqual(['term', 'member_id']);
    expect(await rows('SELECT * FROM `postings` ORDER BY `member_id`, `term`')).toEqual([
      { term: 'go', member_id: 1, tf: 2 },
      { term: 'rust', member_id: 1, tf: 3 },
      { term: 'go', member_id: 2, tf: 1 },
    ]);
    expect((await rows("SELECT name FROM sqlite_master WHERE type = 'index' AND tbl_name = 'postings' AND sql IS NOT NULL")).map((r) => r.name)).toEqual(['postings_tf']);
    expect((await rows("SELECT name FROM sqlite_master WHERE name LIKE '%rebuilt%'"))).toEqual([]);
  });

  it('takes a pattern, as for a NOT NULL relaxed', async () => {
    await rebuildSqliteTable(ctx, 'postings', /`tf` INTEGER NOT NULL/, '`tf` INTEGER');
    await db.sequelize.query("INSERT INTO `postings` VALUES ('c', 3, NULL)");
    expect(await rows("SELECT tf FROM `postings` WHERE term = 'c'")).toEqual([{ tf: null }]);
  });

  it('refuses a table that is missing or not in the expected shape, and changes nothing', async () => {
    await expect(rebuildSqliteTable(ctx, 'nothing', 'x', 'y')).rejects.toThrow('The nothing table is missing.');
    await expect(rebuildSqliteTable(ctx, 'postings', 'PRIMARY KEY (`term`, `member_id`)', 'PRIMARY KEY (`member_id`)')).rejects.toThrow('does not have the expected shape');
    expect((await rows("SELECT name FROM pragma_table_info('postings') WHERE pk > 0 ORDER BY pk")).map((r) => r.name)).toEqual(['member_id', 'term']);
    expect(await rows('SELECT COUNT(*) AS n FROM `postings`')).toEqual([{ n: 3 }]);
  });
});
