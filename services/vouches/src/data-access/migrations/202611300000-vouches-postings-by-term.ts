import { rebuildSqliteTable, type Migration } from '@vouch/service-core';

/**
 * `skill_postings` keyed by (term, member_id), as an inverted index lies, with an index on
 * member_id for a member's rebuild. Keyed by member first, a term's postings lay spread over the
 * whole table: a ranking at 3° on the reference network (45,000 people within reach, two terms)
 * looked up 90,000 keys on as many pages, more than MariaDB's default 128 MB buffer pool holds,
 * and spent 300–500 ms inside the database. By term, one term's postings lie together (56,000
 * rows, ≈ 3 MB): the same lookups take 150 ms, and the database counts every holder of both
 * terms in 15 ms (skill-index.repository.ts reads a common term whole, a rare one by id).
 *
 * SQLite cannot change a primary key in place: the table is rebuilt (rebuildSqliteTable).
 */
const BY_MEMBER = 'PRIMARY KEY (`member_id`, `term`)';
const BY_TERM = 'PRIMARY KEY (`term`, `member_id`)';

export const postingsByTerm: Migration = {
  name: '202611300000-vouches-postings-by-term',
  async up(ctx) {
    if (ctx.dialect === 'mysql') {
      await ctx.sequelize.query(`ALTER TABLE \`skill_postings\` DROP PRIMARY KEY, ADD ${BY_TERM}, ADD INDEX \`skill_postings_member\` (\`member_id\`)`);
      return;
    }
    await rebuildSqliteTable(ctx, 'skill_postings', BY_MEMBER, BY_TERM);
    await ctx.sequelize.query('CREATE INDEX `skill_postings_member` ON `skill_postings` (`member_id`)');
  },
  async down(ctx) {
    if (ctx.dialect === 'mysql') {
      await ctx.sequelize.query(`ALTER TABLE \`skill_postings\` DROP PRIMARY KEY, ADD ${BY_MEMBER}, DROP INDEX \`skill_postings_member\``);
      return;
    }
    await ctx.sequelize.query('DROP INDEX `skill_postings_member`');
    await rebuildSqliteTable(ctx, 'skill_postings', BY_TERM, BY_MEMBER);
  },
};
