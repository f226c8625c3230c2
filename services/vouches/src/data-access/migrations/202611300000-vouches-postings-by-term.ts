import type { Migration, MigrationContext } from '@vouch/service-core';

/**
 * `skill_postings` keyed by (term, member_id), as an inverted index lies, with an index on
 * member_id for a member's rebuild. Keyed by member first, a term's postings lay spread over the
 * whole table: a ranking at 3° on the reference network (45,000 people within reach, two terms)
 * looked up 90,000 keys on as many pages, more than MariaDB's default 128 MB buffer pool holds,
 * and spent 300–500 ms inside the database. By term, one term's postings lie together (56,000
 * rows, ≈ 3 MB): the same lookups take 150 ms, and the database counts every holder of both
 * terms in 15 ms (skill-index.repository.ts reads a common term whole, a rare one by id).
 *
 * SQLite cannot change a primary key in place: the table is rebuilt (create, copy, drop, rename).
 */
const fields = (prefix: string) => ['skills', 'accomplishments', 'traits', 'reason'].map((f) => `\`${prefix}${f}\` INTEGER NOT NULL DEFAULT 0`).join(', ');
/** The columns of 202512010000-vouches-skill-index, in its order. */
const COLUMNS = `\`term\` TEXT NOT NULL, \`member_id\` INTEGER NOT NULL, ${fields('tf_')}, \`vouchers\` INTEGER NOT NULL DEFAULT 0, ${fields('len_')}`;

async function rebuildSqlitePostings({ sequelize }: MigrationContext, key: string, index: string | null): Promise<void> {
  await sequelize.query(`CREATE TABLE \`skill_postings_rebuilt\` (${COLUMNS}, PRIMARY KEY (${key}))`);
  await sequelize.query('INSERT INTO `skill_postings_rebuilt` SELECT * FROM `skill_postings`');
  await sequelize.query('DROP TABLE `skill_postings`');
  await sequelize.query('ALTER TABLE `skill_postings_rebuilt` RENAME TO `skill_postings`');
  if (index) await sequelize.query(`CREATE INDEX \`skill_postings_member\` ON \`skill_postings\` (${index})`);
}

export const postingsByTerm: Migration = {
  name: '202611300000-vouches-postings-by-term',
  async up(ctx) {
    if (ctx.dialect === 'mysql') {
      await ctx.sequelize.query('ALTER TABLE `skill_postings` DROP PRIMARY KEY, ADD PRIMARY KEY (`term`, `member_id`), ADD INDEX `skill_postings_member` (`member_id`)');
      return;
    }
    await rebuildSqlitePostings(ctx, '`term`, `member_id`', '`member_id`');
  },
  async down(ctx) {
    if (ctx.dialect === 'mysql') {
      await ctx.sequelize.query('ALTER TABLE `skill_postings` DROP PRIMARY KEY, ADD PRIMARY KEY (`member_id`, `term`), DROP INDEX `skill_postings_member`');
      return;
    }
    await rebuildSqlitePostings(ctx, '`member_id`, `term`', null);
  },
};
