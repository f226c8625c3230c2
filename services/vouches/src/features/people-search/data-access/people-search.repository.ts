// SQL of the people search index (migration 202611290000-vouches-people-search): one row per
// (word, member, field), with the member's profile visibility copied on each row so a search
// reads matches and who may be shown to anyone in one index range.
import { QueryTypes, type Transaction } from 'sequelize';
import { idList, selectRows, type Database } from '@vouch/service-core';

/** Where a word comes from: the name outranks skills, skills the headline. */
export const SEARCH_FIELDS = { name: 1, skill: 2, headline: 3 } as const;
export type SearchField = (typeof SEARCH_FIELDS)[keyof typeof SEARCH_FIELDS];

export interface SearchWordRow {
  memberId: number;
  word: string;
  field: SearchField;
  isPublic: boolean;
}

const INSERT_CHUNK = 1000;

const toRow = (r: Record<string, unknown>): SearchWordRow => ({ memberId: Number(r.member_id), word: String(r.word), field: Number(r.field) as SearchField, isPublic: Number(r.is_public) === 1 });

/** Drops the member's words of these fields (all fields when none is named). */
export async function deleteSearchWords(db: Database, t: Transaction, memberId: number, fields?: readonly SearchField[]): Promise<void> {
  const only = fields && fields.length ? ` AND field IN (${idList(fields)})` : '';
  await db.sequelize.query(`DELETE FROM people_search_words WHERE member_id = :memberId${only}`, { replacements: { memberId }, transaction: t });
}

/** Adds rows (the caller deleted the fields it rewrites). */
export async function insertSearchWords(db: Database, rows: readonly SearchWordRow[], t?: Transaction): Promise<void> {
  for (let i = 0; i < rows.length; i += INSERT_CHUNK) {
    const chunk = rows.slice(i, i + INSERT_CHUNK);
    // Words equal under MariaDB's collation (ß and s) would collide on the key: the first one stays.
    await db.sequelize.query(`${db.dialect === 'mysql' ? 'INSERT IGNORE' : 'INSERT OR IGNORE'} INTO people_search_words (word, member_id, field, is_public) VALUES ${chunk.map(() => '(?, ?, ?, ?)').join(', ')}`, {
      replacements: chunk.flatMap((r) => [r.word, r.memberId, r.field, r.isPublic ? 1 : 0]),
      transaction: t,
    });
  }
}

/** Copies the member's profile visibility onto their rows. */
export async function setSearchVisibility(db: Database, t: Transaction, memberId: number, isPublic: boolean): Promise<void> {
  await db.sequelize.query('UPDATE people_search_words SET is_public = :isPublic WHERE member_id = :memberId', { replacements: { memberId, isPublic: isPublic ? 1 : 0 }, transaction: t });
}

/**
 * Rows whose word starts with `prefix` (letters and digits only: searchWords made it), in index
 * order, at most `limit`: one range of the primary key (word, member_id, field).
 */
export async function searchWordsByPrefix(db: Database, prefix: string, limit: number): Promise<SearchWordRow[]> {
  if (!/^[\p{L}\p{N}]+$/u.test(prefix)) return [];
  const rows = await db.sequelize.query<Record<string, unknown>>('SELECT word, member_id, field, is_public FROM people_search_words WHERE word LIKE :pattern ORDER BY word, member_id, field LIMIT :limit', {
    replacements: { pattern: `${prefix}%`, limit },
    type: QueryTypes.SELECT,
  });
  return rows.map(toRow);
}

/** Rows of these members whose word starts with one of `prefixes`: reads of ≤ 1,000 ids on the (member_id, word) index, side by side. */
export async function searchWordsOfMembers(db: Database, memberIds: readonly number[], prefixes: readonly string[]): Promise<SearchWordRow[]> {
  const safe = prefixes.filter((p) => /^[\p{L}\p{N}]+$/u.test(p));
  if (memberIds.length === 0 || safe.length === 0) return [];
  const likes = safe.map((p) => db.sequelize.escape(`${p}%`)).map((p) => `word LIKE ${p}`).join(' OR ');
  // The member index, named: with a common word's range on the primary key (tens of thousands of
  // rows) the planner would otherwise scan that range once per chunk of ids.
  const byMember = db.dialect === 'mysql' ? 'FORCE INDEX (people_search_words_member)' : 'INDEXED BY people_search_words_member';
  const chunks: number[][] = [];
  for (let i = 0; i < memberIds.length; i += INSERT_CHUNK) chunks.push(memberIds.slice(i, i + INSERT_CHUNK));
  const read = (ids: number[]) => selectRows<Record<string, unknown>>(db, `SELECT word, member_id, field, is_public FROM people_search_words ${byMember} WHERE member_id IN (${idList(ids)}) AND (${likes})`);
  return (await Promise.all(chunks.map(read))).flat().map(toRow);
}

/** What the index is made of: members' names, headlines and visibility, the skills of accepted vouches they received. */
export interface SearchSources {
  members: { id: number; name: string; headline: string | null; isPublic: boolean }[];
  skills: { memberId: number; skills: string }[];
}

/**
 * The sources of these members, read in `t` with their member and profile rows locked (MariaDB): a
 * profile edit waits until the caller has written their words, or the caller reads the edit.
 */
export async function searchSourcesOf(db: Database, t: Transaction, memberIds: readonly number[]): Promise<SearchSources> {
  if (memberIds.length === 0) return { members: [], skills: [] };
  const lock = db.dialect === 'mysql' ? ' FOR UPDATE' : '';
  const ids = idList(memberIds);
  const members = (await selectRows<Record<string, unknown>>(db, `SELECT m.id, m.name, p.headline, p.is_public FROM members m LEFT JOIN profiles p ON p.member_id = m.id WHERE m.id IN (${ids}) ORDER BY m.id${lock}`, t)).map((r) => ({
    id: Number(r.id),
    name: String(r.name),
    headline: r.headline === null || r.headline === undefined ? null : String(r.headline),
    isPublic: Number(r.is_public ?? 0) === 1,
  }));
  const skills = await selectRows<Record<string, unknown>>(db, `SELECT recipient_id, skills FROM vouches WHERE recipient_id IN (${ids}) AND status = 'accepted' AND skills IS NOT NULL`, t);
  return { members, skills: skills.map((r) => ({ memberId: Number(r.recipient_id), skills: String(r.skills) })) };
}

/** Members after `afterId` (ascending, at most `limit`) without a name word in the index: registered before it existed, or bulk-loaded. */
export async function membersWithoutSearchName(db: Database, afterId: number, limit: number): Promise<number[]> {
  const rows = await selectRows<Record<string, unknown>>(
    db,
    `SELECT m.id FROM members m WHERE m.id > ${Number(afterId)} AND NOT EXISTS (SELECT 1 FROM people_search_words w WHERE w.member_id = m.id AND w.field = ${SEARCH_FIELDS.name}) ORDER BY m.id LIMIT ${Number(limit)}`,
  );
  return rows.map((r) => Number(r.id));
}

/** Whether the member has any word in the index (read in `t`). */
export async function hasSearchWordsOf(db: Database, t: Transaction, memberId: number): Promise<boolean> {
  return (await selectRows(db, `SELECT 1 AS one FROM people_search_words WHERE member_id = ${idList([memberId])} LIMIT 1`, t)).length > 0;
}

/** Drops every word of these members. */
export async function deleteSearchWordsOf(db: Database, t: Transaction, memberIds: readonly number[]): Promise<void> {
  if (memberIds.length) await db.sequelize.query(`DELETE FROM people_search_words WHERE member_id IN (${idList(memberIds)})`, { transaction: t });
}

/** What a search result shows of each member's profile: slug, headline, visibility (none for a member without a profile). */
export async function searchCardsOf(db: Database, memberIds: readonly number[]): Promise<Map<number, { slug: string; headline: string | null; isPublic: boolean }>> {
  if (memberIds.length === 0) return new Map();
  const rows = await selectRows<Record<string, unknown>>(db, `SELECT member_id, slug, headline, is_public FROM profiles WHERE member_id IN (${idList(new Set(memberIds))})`);
  return new Map(rows.map((r) => [Number(r.member_id), { slug: String(r.slug), headline: r.headline === null || r.headline === undefined ? null : String(r.headline), isPublic: Number(r.is_public ?? 0) === 1 }]));
}
