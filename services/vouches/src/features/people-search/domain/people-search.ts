// The people search index (issue 28 item 3): the words of each member's name, headline and the
// skills of the accepted vouches they received, kept in the transactions that change them
// (registration, profile settings, an accept, an account deletion), read by the network
// service's search through the functions exported from this service's index.
import type { Transaction } from 'sequelize';
import type { Database } from '@vouch/service-core';
import { searchWords } from '@vouch/contracts';
import { findProfileByMember } from '../../../data-access/profile.repository';
import { readAcceptedTexts } from '../../skill-index';
import { backfillInBatches, type BackfillResult } from '../../skill-index';
import {
  deleteSearchWords,
  deleteSearchWordsOf,
  hasSearchWordsOf,
  insertSearchWords,
  membersWithoutSearchName,
  searchSourcesOf,
  searchWordsByPrefix,
  searchWordsOfMembers,
  SEARCH_FIELDS,
  setSearchVisibility,
  type SearchField,
  type SearchSources,
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
  // A member with no words yet (from before the index, not reached by the backfill) gets all of
  // them here: rewriting only some parts would give them a name row, and the backfill would then
  // pass them by with their other parts missing.
  if (!(await hasSearchWordsOf(db, t, memberId))) return indexPeopleFully(db, t, [memberId]);
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

function rowsOfSources({ members, skills }: SearchSources): SearchWordRow[] {
  const byMember = new Map<number, string[]>();
  for (const s of skills) byMember.set(s.memberId, [...(byMember.get(s.memberId) ?? []), s.skills]);
  return members.flatMap((m) => searchRowsOf(m.id, m.isPublic, { name: m.name, headline: m.headline, skills: byMember.get(m.id) ?? [] }));
}

/**
 * Every word of these members, rewritten in `t`: their words deleted first (waiting for a write
 * in flight on them), then their texts read with their member and profile rows locked (a profile
 * edit waits for this), then written.
 */
async function indexPeopleFully(db: Database, t: Transaction, memberIds: readonly number[]): Promise<void> {
  await deleteSearchWordsOf(db, t, memberIds);
  await insertSearchWords(db, rowsOfSources(await searchSourcesOf(db, t, memberIds)), t);
}

/**
 * Writes the words of every member the index has no name for: members who registered before the
 * index existed, or a bulk-loaded network. The worker runs it at start (one indexed query when
 * there is nothing to do), so a large network is indexed beside the gateway, not in its start-up.
 * Batches of `batchSize` members, one transaction each (indexPeopleFully), safe beside the writes
 * that keep the index: a write for a member without words indexes them fully too.
 */
export function backfillPeopleSearch(db: Database, options: { batchSize?: number } = {}): Promise<BackfillResult> {
  return backfillInBatches(db, membersWithoutSearchName, (t, batch) => indexPeopleFully(db, t, batch), options.batchSize);
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
