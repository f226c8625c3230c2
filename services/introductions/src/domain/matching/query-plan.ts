/**
 * Query planning: a request read as terms of the skill index — its desired skills (which every
 * match must answer) and its other words (which count a little, unless common) — and which
 * candidates' vouch terms scoring will need.
 */
import type { PostingTable, SkillCorpus } from '@vouch/service-vouches/skill-index';
import type { MatchQuery } from './candidates';
import { parseDesiredSkills, secondaryTerms, type DesiredSkill } from './text';

/** A request's other word is ignored when more members than both of these hold it. */
export const SECONDARY_TERM_MAX_DOCUMENTS = 50;
export const SECONDARY_TERM_MAX_SHARE = 0.05;

/** A request read as a query: its desired skills, their terms, and its other words. */
export interface MatchPlan {
  desired: DesiredSkill[];
  primary: Set<string>;
  /** The request's other words (before the commonness filter of queryTermsOf). */
  secondary: string[];
}

export function planMatch(query: MatchQuery): MatchPlan {
  const desired = parseDesiredSkills(query.desiredSkills);
  const primary = new Set(desired.flatMap((s) => s.terms));
  const secondary = secondaryTerms(query.requestType, query.reason, query.context).filter((t) => !primary.has(t));
  return { desired, primary, secondary };
}

/** Every term the statistics are needed for. */
export const planTerms = (plan: MatchPlan): string[] => [...plan.primary, ...plan.secondary];

/**
 * The terms searched: the desired skills' terms, then the request's other words that are not
 * common — a word in more than 5% of the documents (and more than 50) says little (low IDF)
 * and would pull in half the network.
 */
export function queryTermsOf(plan: MatchPlan, corpus: SkillCorpus): string[] {
  const common = Math.max(SECONDARY_TERM_MAX_DOCUMENTS, SECONDARY_TERM_MAX_SHARE * corpus.documents);
  return [...plan.primary, ...plan.secondary.filter((t) => (corpus.termDocuments.get(t)?.documents ?? 0) <= common)];
}

/** Members whose vouches' terms scoring needs: they hold every term of a several-word skill. */
export function membersNeedingVouchTerms(plan: MatchPlan, postings: PostingTable): number[] {
  const multi = plan.desired.filter((s) => s.terms.length > 1).map((s) => s.terms.map((t) => postings.columnOf(t)));
  if (multi.length === 0) return [];
  const out: number[] = [];
  for (const id of postings.members()) {
    const slot = postings.slotOf(id);
    if (multi.some((columns) => columns.every((c) => postings.holds(slot, c)))) out.push(id);
  }
  return out;
}
