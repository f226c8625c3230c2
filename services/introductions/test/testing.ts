/**
 * The introductions service's `./testing` entry (package.json exports): what other packages'
 * tests may use, never production code.
 */
import type { Database } from '@vouch/service-core';
import { introductionsModels } from '../src/data-access/models';

/** Moves an introduction's answer deadline (into the past: expiry without waiting 14 days). */
export async function setIntroductionDeadline(db: Database, introductionId: number, expiresAt: Date): Promise<void> {
  await introductionsModels(db.sequelize).Introduction.update({ expiresAt }, { where: { id: introductionId } });
}

/** The matcher's postings built in memory from accepted vouches: the reference the database index must equal. */
export { memoryMatchData, type Candidate } from '../src/domain/matching/match';

/** The matcher's four steps, for `npm run bench` (bench/matching.bench.mjs) to time them alone. */
export { planMatch, queryTermsOf, scoreWith, selectMatches, describeMatch } from '../src/domain/matching/match';
