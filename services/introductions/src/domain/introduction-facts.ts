import type { Database } from '@vouch/service-core';
import { introductionFactsRows, type IntroductionFactsRow } from '../data-access/requests-and-suggestions.repository';

export type IntroductionFacts = IntroductionFactsRow;

/**
 * What the reputation model needs from introductions, per member (docs/reputation.md):
 * requestsMade, suggestionsAccepted (made by them, accepted by the requester) and
 * introductionsCompleted (completed requests they made + their accepted suggestions).
 * One query; members without any are absent. The worker passes it to the reputation runs.
 */
export function introductionFacts(db: Database): Promise<IntroductionFacts[]> {
  return introductionFactsRows(db);
}
