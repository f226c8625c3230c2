// The people search index (issue 28 item 3): the words of each member's name, headline and the
// skills of the accepted vouches they received, kept in the transactions that change them
// (registration, profile settings, an accept, an account deletion), read by the network
// service's search through the functions exported from this service's index.
import type { Transaction } from 'sequelize';
import type { Database } from '@vouch/service-core';
import { searchWords } from '@vouch/contracts';
import { findProfileByMember } from '../data-access/profile.repository';
import { readAcceptedTexts } from '../data-access/skill-index.repository';
import {
  deleteSearchWords,
  hasSearchWords,
  insertSearchWords,
  searchSourcesPage,
  searchWordsByPrefix,
  searchWordsOfMembers,
  SEARCH_FIELDS,
  setSearchVisibility,
  type SearchField,
  type SearchWordRow,
} from '../data-access/people-search.repository';

export type { SearchWordRow, SearchField };
export { SEARCH_FIELDS };

/** The rows of one member's texts: each word once per field. */
export function searchRowsOf(memberId: number, isPublic: boolean, texts: { name?: string | null; headline?: string | null; skills?: readonly (string | null)[] }): SearchWordRow[] {
  const rows: SearchWordRow[] = [];
  const add = (field: SearchField, words: string[]) => {
    for (const word of new Set(words)) rows.push({ memberId, word, field, isPublic });
  };
  if (texts.name !== undefined) add(SEARCH_FIELDS.name, searchWords(texts.name));
  if (texts.headline !== undefined) add(SEARCH_FIELDS.headline, searchWords(texts.headline));
  if (texts.skills !== undefined) add(SEARCH_FIELDS.skill, texts.skills.flatMap((s) => searchWords(s)));
  return rows;
}

/**
 * Rewrites the member's words of the parts given (the name; `headline: true` reads their
 * profile's, `skills: true` their accepted vouches, in `t`), then copies their profile's
 * visibility onto all their rows. In the transaction that changed the parts: the row locks it
 * took order concurrent rewrites.
 */
export async function indexPersonWords(db: Database, t: Transaction, memberId: number, parts: { name?: string; headline?: true; skills?: true }): Promise<void> {
  const profile = await findProfileByMember(db, memberId, t);
  const isPublic = profile?.isPublic ?? false;
  const headline = parts.headline ? (profile?.headline ?? null) : undefined;
  const skills = parts.skills ? (await readAcceptedTexts(db, [memberId], t)).map((v) => v.skills) : undefined;
  const fields: SearchField[] = [];
  if (parts.name !== undefined) fields.push(SEARCH_FIELDS.name);
  if (headline !== undefined) fields.push(SEARCH_FIELDS.headline);
  if (skills) fields.push(SEARCH_FIELDS.skill);
  if (fields.length) {
    await deleteSearchWords(db, t, memberId, fields);
    await insertSearchWords(db, searchRowsOf(memberId, isPublic, { name: parts.name, headline, skills }), t);
  }
  await setSearchVisibility(db, t, memberId, isPublic);
}

/** An account deletion: the member's words go. */
export async function forgetPersonWords(db: Database, t: Transaction, memberId: number): Promise<void> {
  await deleteSearchWords(db, t, memberId);
}

/** Rewrites the whole index from the members, profiles and vouches, 1,000 members at a time (the migration; a bulk-loaded network). */
export async function refillPeopleSearch(db: Database): Promise<void> {
  await db.sequelize.query('DELETE FROM people_search_words');
  for (let afterId = 0; ; ) {
    const { members, skills } = await searchSourcesPage(db, afterId, 1000);
    if (members.length === 0) return;
    const byMember = new Map<number, string[]>();
    for (const s of skills) byMember.set(s.memberId, [...(byMember.get(s.memberId) ?? []), s.skills]);
    await insertSearchWords(db, members.flatMap((m) => searchRowsOf(m.id, m.isPublic, { name: m.name, headline: m.headline, skills: byMember.get(m.id) ?? [] })));
    afterId = members[members.length - 1]!.id;
  }
}

/** Fills the index when it is empty (a network written by bulk INSERTs); true when it did. */
export async function fillPeopleSearchIfEmpty(db: Database): Promise<boolean> {
  if (await hasSearchWords(db)) return false;
  await refillPeopleSearch(db);
  return true;
}

/** Search rows whose word starts with `prefix`, at most `limit`, in index order (everyone's). */
export function peopleWithWordPrefix(db: Database, prefix: string, limit: number): Promise<SearchWordRow[]> {
  return searchWordsByPrefix(db, prefix, limit);
}

/** Search rows of these members whose word starts with one of `prefixes`. */
export function wordsOfPeople(db: Database, memberIds: readonly number[], prefixes: readonly string[]): Promise<SearchWordRow[]> {
  return searchWordsOfMembers(db, memberIds, prefixes);
}

/** Slug, headline and visibility of these members' profiles, for the results shown. */
export { searchCardsOf } from '../data-access/people-search.repository';
