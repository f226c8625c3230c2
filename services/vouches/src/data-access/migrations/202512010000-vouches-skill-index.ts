import type { Migration } from '@vouch/service-core';

/**
 * The skill index (services/vouches domain/skill-index): the matcher's BM25 postings, kept in
 * the database instead of in every gateway process, written in the transaction that accepts a
 * vouch (and by the backfill for vouches accepted before this migration or bulk-loaded).
 *
 * - `skill_postings` (member_id, term): one row per distinct term of a member's document (the
 *   accepted vouches they received), with its frequency in each field and how many distinct
 *   vouchers' vouches hold it, and the document's field lengths (copied from skill_documents:
 *   a posting is rewritten whenever its document is, and a ranking then reads one table). Keyed by member first: a ranking
 *   asks for a few terms of thousands of members within reach (MariaDB joins the long id list
 *   to the key's prefix and reads each member's postings where they lie together), and a
 *   rebuild replaces one member's rows. Nothing reads by term alone (skill_terms counts).
 *   (Since 202611300000-vouches-postings-by-term: keyed by (term, member_id), an index on member_id.)
 * - `skill_documents` (member_id): the document's field lengths (distinct terms per field) and
 *   how many accepted vouches it was built from.
 * - `skill_terms` (term): how many documents hold the term, in any field and per field (BM25's
 *   document frequencies), kept as counts so a query never counts postings.
 * - `skill_corpus` (one row): documents and the total field lengths (BM25's average lengths).
 *
 * Terms are lower-case ASCII words (skill-index/text.ts), at most 100 characters: on MySQL and
 * MariaDB an ASCII binary column, compared byte for byte.
 */
export const skillIndex: Migration = {
  name: '202512010000-vouches-skill-index',
  async up({ sequelize, dialect }) {
    const term = dialect === 'mysql' ? 'VARCHAR(100) CHARACTER SET ascii COLLATE ascii_bin NOT NULL' : 'TEXT NOT NULL';
    const count = 'INTEGER NOT NULL DEFAULT 0';
    const total = 'BIGINT NOT NULL DEFAULT 0';
    const fields = (type: string, prefix: string) => ['skills', 'accomplishments', 'traits', 'reason'].map((f) => `\`${prefix}${f}\` ${type}`).join(', ');
    await sequelize.query(
      `CREATE TABLE \`skill_postings\` (\`term\` ${term}, \`member_id\` INTEGER NOT NULL, ${fields(count, 'tf_')}, \`vouchers\` ${count}, ${fields(count, 'len_')}, PRIMARY KEY (\`member_id\`, \`term\`))`,
    );
    await sequelize.query(`CREATE TABLE \`skill_documents\` (\`member_id\` INTEGER NOT NULL PRIMARY KEY, \`vouches\` ${count}, ${fields(count, 'len_')})`);
    await sequelize.query(`CREATE TABLE \`skill_terms\` (\`term\` ${term} PRIMARY KEY, \`documents\` ${count}, ${fields(count, 'docs_')})`);
    await sequelize.query(`CREATE TABLE \`skill_corpus\` (\`id\` INTEGER NOT NULL PRIMARY KEY, \`documents\` ${total}, ${fields(total, 'len_')})`);
    await sequelize.query('INSERT INTO `skill_corpus` (`id`) VALUES (1)');
  },
  async down({ sequelize }) {
    for (const table of ['skill_corpus', 'skill_terms', 'skill_documents', 'skill_postings']) await sequelize.query(`DROP TABLE \`${table}\``);
  },
};
