// SQL of the skill index (migration 202512010000-vouches-skill-index). Plain queries in both
// dialects; the few differences (row locks, upserts) are chosen by db.dialect.
import { QueryTypes, type Transaction } from 'sequelize';
import { idList, type Database } from '@vouch/service-core';
import type { VouchText } from '../../../domain/vouch';

/** Column suffixes of the four fields, in SKILL_FIELDS order. */
const FIELD_COLUMNS = ['skills', 'accomplishments', 'traits', 'reason'] as const;
const cols = (prefix: string) => FIELD_COLUMNS.map((f) => `\`${prefix}${f}\``);
const num = (v: unknown) => Number(v ?? 0);
const fieldsOf = (row: Record<string, unknown>, prefix: string) => FIELD_COLUMNS.map((f) => num(row[`${prefix}${f}`]));

const POSTING_COLUMNS = [...cols('tf_'), '`vouchers`', ...cols('len_')].join(', ');

/** Rows per multi-row INSERT. */
const INSERT_CHUNK = 1000;

export interface StoredDocument {
  memberId: number;
  vouches: number;
  lengths: number[];
}

export interface StoredPosting {
  term: string;
  memberId: number;
  tf: number[];
  vouchers: number;
  /** The document's field lengths (the same on every posting of the member). */
  lengths: number[];
}

export interface TermCounts {
  documents: number;
  fields: number[];
}

export interface CorpusRow {
  documents: number;
  totalLengths: number[];
}

/** The accepted vouches these members received, as the index reads them (any order). */
export interface AcceptedText extends VouchText {
  recipientId: number;
  voucherId: number | null;
}

function select<T extends object>(db: Database, sql: string, replacements: Record<string, unknown>, t?: Transaction): Promise<T[]> {
  return db.sequelize.query<T>(sql, { replacements, type: QueryTypes.SELECT, transaction: t });
}

/** FOR UPDATE on MySQL/MariaDB inside a transaction (SQLite's one writer needs none). */
const locking = (db: Database, t?: Transaction) => (t && db.dialect === 'mysql' ? ' FOR UPDATE' : '');

export async function readDocuments(db: Database, memberIds: readonly number[], t?: Transaction): Promise<Map<number, StoredDocument>> {
  if (memberIds.length === 0) return new Map();
  const rows = await select<Record<string, unknown>>(db, `SELECT \`member_id\`, \`vouches\`, ${cols('len_').join(', ')} FROM \`skill_documents\` WHERE \`member_id\` IN (:ids)${locking(db, t)}`, { ids: memberIds }, t);
  return new Map(rows.map((r) => [num(r.member_id), { memberId: num(r.member_id), vouches: num(r.vouches), lengths: fieldsOf(r, 'len_') }]));
}

/** Every posting of these members (their whole documents). */
export async function readPostingsOfMembers(db: Database, memberIds: readonly number[], t?: Transaction): Promise<StoredPosting[]> {
  if (memberIds.length === 0) return [];
  const rows = await select<Record<string, unknown>>(
    db,
    `SELECT \`term\`, \`member_id\`, ${POSTING_COLUMNS} FROM \`skill_postings\` WHERE \`member_id\` IN (:ids)${locking(db, t)}`,
    { ids: memberIds },
    t,
  );
  return rows.map(toPosting);
}

/** A posting as the matcher reads it: one term's row for one member (the term is readTermPostings' argument). */
export interface TermPostingRow {
  member_id: number;
  tf_skills: number;
  tf_accomplishments: number;
  tf_traits: number;
  tf_reason: number;
  vouchers: number;
  len_skills: number;
  len_accomplishments: number;
  len_traits: number;
  len_reason: number;
}

/**
 * Ids per read of readTermPostings: MariaDB turns an IN list of 1,000 values or more
 * (in_predicate_conversion_threshold) into a temporary table joined to the key, two temporary
 * rows written and read per id; a shorter list is a set of ranges on the key (term, member_id).
 */
const IDS_PER_READ = 999;
/** Reads of one call running at once (the rest wait their turn): the reach of a 200-connection member is 45 reads. */
const READS_IN_FLIGHT = 2;
/**
 * A term's holders are read whole (one range of the key) when they are at most this many times
 * the people within reach; a term held by more is looked up, person by person within reach. On
 * the reference network a looked-up key costs ≈ 1.8 µs in MariaDB and a row read whole ≈ 0.8 µs,
 * most of it the gateway parsing it (docs/scaling.md, "Issue 27: postings keyed by term"). It
 * also bounds what a whole read holds in memory: per term, at most twice the reach's rows, never
 * the network's.
 */
export const WHOLE_TERM_READ_FACTOR = 2;

/** A term the matcher asks for, with how many documents hold it (skill_terms). */
export interface HeldTerm {
  term: string;
  documents: number;
}

/** Which terms readTermPostings reads whole and which it looks up, for a reach of `reach` people. */
export function planPostingReads(terms: readonly HeldTerm[], reach: number): { whole: string[]; lookedUp: string[] } {
  const whole = terms.filter((t) => t.documents <= WHOLE_TERM_READ_FACTOR * reach).map((t) => t.term);
  return { whole, lookedUp: terms.map((t) => t.term).filter((term) => !whole.includes(term)) };
}

/**
 * The postings of `terms` held by `memberIds` (the matcher's read: the query's terms, the members
 * within reach), each handed to `onPosting` with its term as the driver parses it, in no order.
 * The rows are the driver's (Database.eachRow), ids inlined (idList): 50,000 rows at 3° on the
 * reference network, where Sequelize's copy and escaping were most of the read's CPU in the
 * gateway, and up to 112,000 parsed for the widest reach, which no array holds together. A term
 * held by at most twice as many members as are within reach is read whole, one statement per term
 * (two at once: MariaDB runs each on one thread), and filtered here; one held by more is looked up
 * by the reach's ids (planPostingReads).
 */
export async function readTermPostings(db: Database, terms: readonly HeldTerm[], memberIds: readonly number[], onPosting: (term: string, row: TermPostingRow) => void): Promise<void> {
  if (terms.length === 0 || memberIds.length === 0) return;
  const { whole, lookedUp } = planPostingReads(terms, memberIds.length);
  const inList = (list: readonly string[]) => list.map((term) => db.sequelize.escape(term)).join(', ');
  const columns = ['`member_id`', ...cols('tf_'), '`vouchers`', ...cols('len_')].join(', ');
  const reads: { sql: string; onRow: (row: TermPostingRow & { term?: string }) => void }[] = [];
  const inReach = whole.length > 0 ? new Set(memberIds) : null;
  for (const term of whole) {
    reads.push({
      sql: `SELECT ${columns} FROM \`skill_postings\` WHERE \`term\` = ${db.sequelize.escape(term)}`,
      onRow: (row) => {
        if (inReach!.has(Number(row.member_id))) onPosting(term, row);
      },
    });
  }
  if (lookedUp.length > 0) {
    for (let i = 0; i < memberIds.length; i += IDS_PER_READ) {
      reads.push({
        sql: `SELECT \`term\`, ${columns} FROM \`skill_postings\` WHERE \`term\` IN (${inList(lookedUp)}) AND \`member_id\` IN (${idList(memberIds.slice(i, i + IDS_PER_READ))})`,
        onRow: (row) => onPosting(String(row.term), row),
      });
    }
  }
  let next = 0;
  const reader = async () => {
    while (next < reads.length) {
      const { sql, onRow } = reads[next++]!;
      await db.eachRow(sql, onRow);
    }
  };
  await Promise.all(Array.from({ length: Math.min(READS_IN_FLIGHT, reads.length) }, reader));
}

function toPosting(r: Record<string, unknown>): StoredPosting {
  return { term: String(r.term), memberId: num(r.member_id), tf: fieldsOf(r, 'tf_'), vouchers: num(r.vouchers), lengths: fieldsOf(r, 'len_') };
}

export async function readTermCounts(db: Database, terms: readonly string[]): Promise<Map<string, TermCounts>> {
  if (terms.length === 0) return new Map();
  const rows = await select<Record<string, unknown>>(db, `SELECT \`term\`, \`documents\`, ${cols('docs_').join(', ')} FROM \`skill_terms\` WHERE \`term\` IN (:terms)`, { terms });
  return new Map(rows.map((r) => [String(r.term), { documents: num(r.documents), fields: fieldsOf(r, 'docs_') }]));
}

export async function readCorpus(db: Database): Promise<CorpusRow> {
  const [row] = await select<Record<string, unknown>>(db, `SELECT \`documents\`, ${cols('len_').join(', ')} FROM \`skill_corpus\` WHERE \`id\` = 1`, {});
  return { documents: num(row?.documents), totalLengths: row ? fieldsOf(row, 'len_') : [0, 0, 0, 0] };
}

export async function readAcceptedTexts(db: Database, memberIds: readonly number[], t?: Transaction): Promise<AcceptedText[]> {
  if (memberIds.length === 0) return [];
  const rows = await select<Record<string, unknown>>(
    db,
    "SELECT `recipient_id`, `voucher_id`, `skills`, `accomplishments`, `character_traits`, `reason` FROM `vouches` WHERE `recipient_id` IN (:ids) AND `status` = 'accepted'",
    { ids: memberIds },
    t,
  );
  const text = (v: unknown) => (v === null || v === undefined ? null : String(v));
  return rows.map((r) => ({
    recipientId: num(r.recipient_id),
    voucherId: r.voucher_id === null ? null : num(r.voucher_id),
    skills: text(r.skills),
    accomplishments: text(r.accomplishments),
    characterTraits: text(r.character_traits),
    reason: text(r.reason),
  }));
}

/**
 * Up to `limit` members after `afterId` (ascending) who received an accepted vouch but have no
 * document: vouches accepted before the index existed, or written by bulk INSERTs.
 */
export async function membersWithoutDocument(db: Database, afterId: number, limit: number): Promise<number[]> {
  const rows = await select<{ recipient_id: number | string }>(
    db,
    "SELECT DISTINCT v.`recipient_id` FROM `vouches` v WHERE v.`status` = 'accepted' AND v.`recipient_id` > :after AND NOT EXISTS (SELECT 1 FROM `skill_documents` d WHERE d.`member_id` = v.`recipient_id`) ORDER BY v.`recipient_id` LIMIT :limit",
    { after: afterId, limit },
  );
  return rows.map((r) => num(r.recipient_id));
}

/** Replaces these members' documents and postings: the old ones go, the given ones come. */
export async function replaceDocuments(db: Database, t: Transaction, memberIds: readonly number[], documents: readonly StoredDocument[], postings: readonly StoredPosting[]): Promise<void> {
  if (memberIds.length === 0) return;
  await db.sequelize.query('DELETE FROM `skill_documents` WHERE `member_id` IN (:ids)', { replacements: { ids: memberIds }, transaction: t });
  await db.sequelize.query('DELETE FROM `skill_postings` WHERE `member_id` IN (:ids)', { replacements: { ids: memberIds }, transaction: t });
  // Documents first: a concurrent writer of the same member waits here, before any count below.
  for (let i = 0; i < documents.length; i += INSERT_CHUNK) {
    const rows = documents.slice(i, i + INSERT_CHUNK).map((d) => [d.memberId, d.vouches, ...d.lengths]);
    await db.sequelize.query(`INSERT INTO \`skill_documents\` (\`member_id\`, \`vouches\`, ${cols('len_').join(', ')}) VALUES ${rows.map(() => '(?)').join(', ')}`, {
      replacements: rows,
      transaction: t,
    });
  }
  for (let i = 0; i < postings.length; i += INSERT_CHUNK) {
    const rows = postings.slice(i, i + INSERT_CHUNK).map((p) => [p.term, p.memberId, ...p.tf, p.vouchers, ...p.lengths]);
    await db.sequelize.query(`INSERT INTO \`skill_postings\` (\`term\`, \`member_id\`, ${POSTING_COLUMNS}) VALUES ${rows.map(() => '(?)').join(', ')}`, {
      replacements: rows,
      transaction: t,
    });
  }
}

/** Adds these changes to the terms' document counts, in term order (concurrent writers lock them in the same order); terms left in no document go. */
export async function addTermCounts(db: Database, t: Transaction, deltas: ReadonlyMap<string, TermCounts>): Promise<void> {
  const rows = [...deltas].filter(([, d]) => d.documents !== 0 || d.fields.some((n) => n !== 0)).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  const docs = ['`documents`', ...cols('docs_')];
  const update =
    db.dialect === 'mysql'
      ? `ON DUPLICATE KEY UPDATE ${docs.map((c) => `${c} = ${c} + VALUES(${c})`).join(', ')}`
      : `ON CONFLICT (\`term\`) DO UPDATE SET ${docs.map((c) => `${c} = ${c} + excluded.${c}`).join(', ')}`;
  for (let i = 0; i < rows.length; i += INSERT_CHUNK) {
    const chunk = rows.slice(i, i + INSERT_CHUNK).map(([term, d]) => [term, d.documents, ...d.fields]);
    await db.sequelize.query(`INSERT INTO \`skill_terms\` (\`term\`, ${docs.join(', ')}) VALUES ${chunk.map(() => '(?)').join(', ')} ${update}`, { replacements: chunk, transaction: t });
  }
  // A term no document holds any more goes (the table holds the live vocabulary only).
  const fallen = rows.filter(([, d]) => d.documents < 0).map(([term]) => term);
  if (fallen.length > 0) await db.sequelize.query('DELETE FROM `skill_terms` WHERE `term` IN (:fallen) AND `documents` <= 0', { replacements: { fallen }, transaction: t });
}

/**
 * Takes the index's write lock (the corpus row, on MySQL/MariaDB) before a rebuild reads its
 * documents: rebuilds then run one at a time instead of deadlocking on the gap locks of
 * documents not written yet. They took the corpus row at their end anyway, so they lose no
 * concurrency; the rebuild is the last step of an accept, so nothing waits the other way.
 */
export async function lockSkillIndex(db: Database, t: Transaction): Promise<void> {
  if (db.dialect === 'mysql') await db.sequelize.query('SELECT `id` FROM `skill_corpus` WHERE `id` = 1 FOR UPDATE', { transaction: t });
}

/** Adds to the corpus row (last: every writer takes it after its terms). */
export async function addToCorpus(db: Database, t: Transaction, delta: CorpusRow): Promise<void> {
  if (delta.documents === 0 && delta.totalLengths.every((n) => n === 0)) return;
  const lens = cols('len_');
  await db.sequelize.query(`UPDATE \`skill_corpus\` SET \`documents\` = \`documents\` + ?, ${lens.map((c) => `${c} = ${c} + ?`).join(', ')} WHERE \`id\` = 1`, {
    replacements: [delta.documents, ...delta.totalLengths],
    transaction: t,
  });
}
