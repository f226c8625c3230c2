/**
 * The introductions service's `./testing` entry (package.json exports): what other packages'
 * tests may use, never production code.
 */
import type { Database } from '@vouch/service-core';
import { INTRODUCTION_ANSWER_DAYS } from '@vouch/contracts';
import { introductionsModels } from '../src/data-access/models';

/** Moves an introduction's answer deadline (into the past: expiry without waiting 14 days). */
export async function setIntroductionDeadline(db: Database, introductionId: number, expiresAt: Date): Promise<void> {
  await introductionsModels(db.sequelize).Introduction.update({ expiresAt }, { where: { id: introductionId } });
}

/**
 * Moves the deadline of a request addressed to a member awaiting its connector (into the past:
 * expiry without waiting 14 days): the deadline is its ask plus the days, so the ask moves.
 */
export async function setConnectorDeadline(db: Database, requestId: number, deadline: Date): Promise<void> {
  await introductionsModels(db.sequelize).Request.update({ createdAt: new Date(deadline.getTime() - INTRODUCTION_ANSWER_DAYS * 86_400_000) }, { where: { id: requestId } });
}

/** The matcher's postings built in memory from accepted vouches: the reference the database index must equal. */
export { memoryMatchData, type Candidate } from '../src/domain/matching/match';

/** The matcher's four steps, for `npm run bench` (bench/matching.bench.mjs) to time them alone. */
export { planMatch, queryTermsOf, scoreWith, selectMatches, describeMatch } from '../src/domain/matching/match';
