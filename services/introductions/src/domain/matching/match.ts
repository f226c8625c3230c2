/**
 * Offline matching ("AI matching", DESIGN §3): ranks the people a member can reach by how well
 * their accepted vouches answer an introduction request, and says why. Pure: no database, no
 * clock, no network; the same input gives the same output. The BM25 statistics and postings it
 * reads come from the skill index in the database (services/vouches skill-index, read by
 * matches.use-case) or, for tests and small sets, from the candidates themselves
 * (memoryMatchData). See services/introductions/README.md ("Matching") for the formula.
 */
import type { Candidate, MatchQuery, RankedMatch } from './candidates';
import { describeMatch } from './explanation';
import { scoreMatches } from './scoring';

export { VOUCH_FIELDS, type Candidate, type CandidateVouch, type MatchCandidate, type MatchQuery, type RankedMatch, type ScoreParts, type VouchField } from './candidates';
export { planMatch, planTerms, queryTermsOf, membersNeedingVouchTerms, SECONDARY_TERM_MAX_DOCUMENTS, SECONDARY_TERM_MAX_SHARE, type MatchPlan } from './query-plan';
export { memoryMatchData, vouchTermsOf, type MatchData, type VouchTerms } from './match-data';
export { FIELD_BOOSTS, FIELD_WEIGHTS, FULL_CORROBORATION_VOUCHERS, SECONDARY_TERM_BOOST, relevanceOf } from './relevance';
export { scoreMatches, scoreWith, type ScoredMatch } from './scoring';
export { describeMatch, type SkillEvidence } from './explanation';
export { selectMatches, type SelectionLimits } from './selection';

/** scoreMatches with every match described (tests, small sets): fully deterministic. */
export function rankMatches(query: MatchQuery, candidates: readonly Candidate[]): RankedMatch[] {
  const byId = new Map(candidates.map((c) => [c.memberId, c]));
  return scoreMatches(query, candidates).map((m) => describeMatch(m, byId.get(m.candidate.memberId)!));
}
