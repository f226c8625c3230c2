/**
 * Scoring: every candidate whose skill document shares a term with the query gets its parts
 * (coverage, BM25, corroboration, proximity, reputation) and a relevance by the formula of
 * relevance.ts, best first. Cheap enough for every reachable member; describeMatch explains only
 * the matches shown.
 */
import { matchTier, type MatchTier } from '@vouch/contracts';
import type { PostingTable } from '@vouch/service-vouches/skill-index';
import { VOUCH_FIELDS, type Candidate, type MatchCandidate, type MatchQuery, type ScoreParts } from './candidates';
import { bestFieldOf, memoryMatchData, type MatchData } from './match-data';
import { planMatch, queryTermsOf, type MatchPlan } from './query-plan';
import { BOOST_BY_POSITION, bm25Of, FULL_CORROBORATION_VOUCHERS, idfOf, PROXIMITY, relevanceOf, SECONDARY_TERM_BOOST, WEIGHT_BY_POSITION } from './relevance';
import type { DesiredSkill } from './text';

/** What describeMatch needs to name a match's evidence (with the candidate's vouches, read for the matches shown only). */
export interface MatchBasis {
  desired: readonly DesiredSkill[];
  primary: ReadonlySet<string>;
  /** The request's terms found in the candidate's document. */
  hitTerms: readonly string[];
}

/** A candidate scored, before its explanation is written (cheap; see describeMatch). */
export interface ScoredMatch {
  candidate: MatchCandidate;
  relevanceScore: number;
  tier: MatchTier;
  parts: ScoreParts;
  basis: MatchBasis;
}

/** Whether the member in `slot` holds every one of these columns' terms (a column of -1: a term nobody here holds). */
function holdsAll(postings: PostingTable, slot: number, columns: readonly number[]): boolean {
  for (let i = 0; i < columns.length; i += 1) if (!postings.holds(slot, columns[i]!)) return false;
  return true;
}

/** The weight of the best field holding a one-word skill in any vouch: the lowest field it occurs in. */
function singleTermWeight(postings: PostingTable, slot: number, column: number): number {
  for (let f = 0; f < VOUCH_FIELDS.length; f += 1) if (postings.tf(slot, column, f) > 0) return WEIGHT_BY_POSITION[f]!;
  return 0;
}

/**
 * Scores `candidates` for the plan's `terms` (queryTermsOf), best first (ties: closer, then lower
 * id). Candidates whose documents share no term with the request are left out; the rest get
 * relevanceScore 0–100 and their SPEC tier. describeMatch writes the explanation of the ones shown.
 *
 * BM25+ over the four fields boosted skills 4 > accomplishments 2 > traits 1.5 > reason 1 (per
 * field: its own document frequency and average length; the sum over the terms found times how
 * many were found, as minisearch scored it), relative to the best candidate of the run. Coverage
 * and corroboration of a one-word skill come from its posting (the best field it occurs in; the
 * distinct vouchers naming it); a several-word skill must be named by one vouch, in one field,
 * read from data.vouchTerms. Cost: a few typed-array reads per posting (PostingTable); objects
 * only for the matches kept.
 */
export function scoreWith(plan: MatchPlan, terms: readonly string[], candidates: readonly MatchCandidate[], data: MatchData, options: { minimumRelevance?: number } = {}): ScoredMatch[] {
  // Below it nothing is kept or sorted (connector insights count 50 and up: 15,000 of 37,000 for the widest reach).
  const minimum = Math.max(1, options.minimumRelevance ?? 1);
  const { desired, primary } = plan;
  if (candidates.length === 0 || terms.length === 0) return [];
  const { corpus, postings } = data;
  // Per term and field, once a call: the weight (term boost × field boost) and the IDF; per term, its column.
  const weights = terms.map((term) => VOUCH_FIELDS.map((_, f) => (primary.has(term) ? 1 : SECONDARY_TERM_BOOST) * BOOST_BY_POSITION[f]!));
  const idfs = terms.map((term) => VOUCH_FIELDS.map((_, f) => idfOf(corpus.termDocuments.get(term)?.fields[f] ?? 1, corpus.documents)));
  const columns = terms.map((term) => postings.columnOf(term));
  // First the BM25 sum of each candidate (the run's best scales them all), in typed arrays: a
  // candidate below the minimum costs no object.
  const slots = new Int32Array(candidates.length);
  const scores = new Float64Array(candidates.length);
  const hit = new Uint8Array(candidates.length);
  let top = 0;
  for (let i = 0; i < candidates.length; i += 1) {
    const slot = postings.slotOf(candidates[i]!.memberId);
    slots[i] = slot;
    if (slot < 0) continue;
    let score = 0;
    let found = 0;
    for (let q = 0; q < terms.length; q += 1) {
      const column = columns[q]!;
      if (!postings.holds(slot, column)) continue;
      let termScore = 0;
      for (let f = 0; f < VOUCH_FIELDS.length; f += 1) {
        const tf = postings.tf(slot, column, f);
        if (tf === 0) continue;
        termScore += weights[q]![f]! * bm25Of(tf, idfs[q]![f]!, postings.length(slot, f), corpus.averageLengths[f]!);
      }
      score += termScore;
      found += 1;
    }
    if (found === 0) continue;
    scores[i] = score * found;
    hit[i] = 1;
    if (scores[i]! > top) top = scores[i]!;
  }
  const n = Math.max(1, desired.length);
  const skillColumns = desired.map((skill) => skill.terms.map((term) => postings.columnOf(term)));

  const scored: ScoredMatch[] = [];
  // Filled for each candidate in turn; copied only for those kept.
  const parts: ScoreParts = { coverage: 0, bm25: 0, corroboration: 0, proximity: 0, reputation: 0 };
  for (let i = 0; i < candidates.length; i += 1) {
    if (hit[i] === 0) continue;
    const candidate = candidates[i]!;
    const slot = slots[i]!;
    let coverage = 0;
    let corroboration = 0;
    // Only the request's other words (the common case) leave coverage and corroboration at 0.
    for (let d = 0; d < desired.length; d += 1) {
      const skill = desired[d]!;
      if (!holdsAll(postings, slot, skillColumns[d]!)) continue;
      let best = 0;
      let vouchers = 0;
      if (skill.terms.length === 1) {
        best = singleTermWeight(postings, slot, skillColumns[d]![0]!);
        vouchers = postings.vouchers(slot, skillColumns[d]![0]!);
      } else {
        // A voucher counts once, whatever number of their vouches name the skill.
        const naming = new Set<number | null>();
        for (const vouch of data.vouchTerms.get(candidate.memberId) ?? []) {
          const f = bestFieldOf(vouch.fields, skill);
          if (f < 0) continue;
          if (WEIGHT_BY_POSITION[f]! > best) best = WEIGHT_BY_POSITION[f]!;
          naming.add(vouch.voucherId);
        }
        vouchers = naming.size;
      }
      coverage += best;
      corroboration += Math.min(1, vouchers / FULL_CORROBORATION_VOUCHERS);
    }
    parts.coverage = coverage / n;
    parts.bm25 = top > 0 ? scores[i]! / top : 0;
    parts.corroboration = corroboration / n;
    parts.proximity = PROXIMITY[candidate.degree] ?? 0;
    parts.reputation = Math.max(0, Math.min(100, candidate.reputationScore)) / 100;
    const relevanceScore = relevanceOf(parts);
    if (relevanceScore < minimum) continue;
    const hitTerms = terms.filter((_, q) => postings.holds(slot, columns[q]!));
    scored.push({ candidate, relevanceScore, tier: matchTier(relevanceScore), parts: { ...parts }, basis: { desired, primary, hitTerms } });
  }
  return scored.sort((a, b) => b.relevanceScore - a.relevanceScore || a.candidate.degree - b.candidate.degree || a.candidate.memberId - b.candidate.memberId);
}

/** scoreWith over the candidates' own index (memoryMatchData): tests, small sets, the in-memory benchmark. */
export function scoreMatches(query: MatchQuery, candidates: readonly Candidate[]): ScoredMatch[] {
  const plan = planMatch(query);
  const data = memoryMatchData(candidates);
  return scoreWith(plan, queryTermsOf(plan, data.corpus), candidates, data);
}
