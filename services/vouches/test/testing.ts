/**
 * The vouches service's `./testing` entry (package.json exports): what other packages' tests
 * may use, never production code. A fixture writer for graphs too large to build through the API.
 */
import type { Database } from '@vouch/service-core';
import { vouchesModels } from '../src/data-access/models';
import { refillMemberNeighbours } from '../src/features/trust-paths';
import { backfillPeopleSearch } from '../src/features/people-search';

/** Notes a profile view as a public profile's page does (the buffer's bound, tested without 50,000 requests). */
export { countProfileView, PROFILE_VIEW_MAX_WAITING } from '../src/features/profiles';

/** Rewrites the whole people search index from the members, profiles and vouches (what the index kept by the use cases must equal). */
export async function refillPeopleSearch(db: Database): Promise<void> {
  await db.sequelize.query('DELETE FROM people_search_words');
  await backfillPeopleSearch(db);
}

/**
 * Writes vouch rows straight to the table, in the shapes the use cases write (faster than the
 * API), then rewrites the analysis's neighbour rows from the vouches, as the use cases keep them.
 */
export async function insertVouchRows(db: Database, rows: readonly Record<string, unknown>[]): Promise<void> {
  await vouchesModels(db.sequelize).Vouch.bulkCreate([...rows]);
  await refillMemberNeighbours(db.sequelize, db.dialect);
  await refillPeopleSearch(db);
}

/** Rewrites every member's neighbour row from the vouches (what the rows kept by the use cases must equal). */
export function refillNeighbourRows(db: Database): Promise<void> {
  return refillMemberNeighbours(db.sequelize, db.dialect);
}

/** mulberry32: a small seeded PRNG, so every generated network is the same on every run. */
export function seededRandom(seed: number): () => number {
  let a = seed;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}
