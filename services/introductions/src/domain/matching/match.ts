/**
 * Offline matching ("AI matching", DESIGN §3): ranks the people a member can reach by how well
 * their accepted vouches answer an introduction request, and says why. Pure: no database, no
 * clock, no network; the same input gives the same output. See services/introductions/README.md
 * ("Matching") for the formula and its reasons.
 */
import MiniSearch from 'minisearch';
import { matchTier, type ConfidenceLevel, type MatchTier } from '@vouch/contracts';
import { canonicalTerms, parseDesiredSkills, secondaryTerms, type DesiredSkill } from './text';

export const VOUCH_FIELDS = ['skills', 'accomplishments', 'characterTraits', 'reason'] as const;
export type VouchField = (typeof VOUCH_FIELDS)[number];

/** One accepted vouch the candidate received. */
export interface CandidateVouch {
  /** The vouch's id: with the others of the candidate, it tells the index whether to re-read them. */
  vouchId: number;
  voucherId: number;
  voucherName: string;
  /** The voucher's degree from the member asking (0: the asking member; null: further than 3°). */
  voucherDegree: number | null;
  skills: string | null;
  accomplishments: string | null;
  characterTraits: string | null;
  reason: string | null;
}

export interface Candidate {
  memberId: number;
  name: string;
  /** Degree from the member asking, 1–3. */
  degree: number;
  /** Reputation 0–100 (the vouches service's model). */
  reputationScore: number;
  vouches: readonly CandidateVouch[];
}

export interface MatchQuery {
  desiredSkills: string;
  requestType?: string | null;
  reason?: string | null;
  context?: string | null;
}

export interface ScoreParts {
  /** Mean over desired skills of the best field weight where a vouch names the skill (0–1). */
  coverage: number;
  /** Field-weighted BM25 of the candidate relative to the best candidate of this run (0–1). */
  bm25: number;
  /** Mean over desired skills of min(1, independent vouchers / 3) (0–1). */
  corroboration: number;
  /** 1° 1, 2° 0.6, 3° 0.3. */
  proximity: number;
  /** reputationScore / 100. */
  reputation: number;
}

export interface RankedMatch {
  memberId: number;
  name: string;
  degree: number;
  relevanceScore: number;
  tier: MatchTier;
  matchingFactors: string[];
  aiAnalysis: string;
  confidenceLevel: ConfidenceLevel;
  parts: ScoreParts;
}

/** Where a skill counts most: named as a skill, then shown in accomplishments, traits, the reason. */
export const FIELD_WEIGHTS: Readonly<Record<VouchField, number>> = { skills: 1, accomplishments: 0.8, characterTraits: 0.6, reason: 0.5 };
/** BM25 field boosts (same order). */
export const FIELD_BOOSTS: Readonly<Record<VouchField, number>> = { skills: 4, accomplishments: 2, characterTraits: 1.5, reason: 1 };
/** A request's reason/context words count this much against a desired skill's 1 in BM25. */
export const SECONDARY_TERM_BOOST = 0.3;
/** A request's other word is ignored when more members than both of these hold it. */
export const SECONDARY_TERM_MAX_DOCUMENTS = 50;
export const SECONDARY_TERM_MAX_SHARE = 0.05;
/** This many independent vouchers for a skill is full corroboration. */
export const FULL_CORROBORATION_VOUCHERS = 3;
const PROXIMITY: Record<number, number> = { 1: 1, 2: 0.6, 3: 0.3 };

/**
 * relevance = 100 · text · (0.6 + 0.4 · trust), where
 *   text  = 0.75 · coverage + 0.25 · bm25
 *   trust = 0.5 · corroboration + 0.3 · proximity + 0.2 · reputation
 * Text gates everything (no evidence, no match, however trusted); trust moves a match by at
 * most 40% — enough to separate one voucher at 3° from three vouchers at 1°.
 */
export function relevanceOf(parts: ScoreParts): number {
  const text = 0.75 * parts.coverage + 0.25 * parts.bm25;
  const trust = 0.5 * parts.corroboration + 0.3 * parts.proximity + 0.2 * parts.reputation;
  return Math.max(0, Math.min(100, Math.round(100 * text * (0.6 + 0.4 * trust))));
}

type FieldTerms = Record<VouchField, ReadonlySet<string>>;

interface IndexedMember {
  /** The candidate's vouch ids in order: when they change, the member is re-indexed. */
  vouchIds: number[];
  /** Distinct terms of the document (for document frequencies). */
  terms: string[];
  /** Per vouch (same order as the candidate's vouches), the set of terms of each field. */
  vouches: FieldTerms[];
}

interface IndexedDoc {
  id: number;
  fields: Record<VouchField, string[]>;
}

function sameVouches(known: IndexedMember, candidate: Candidate): boolean {
  const vouches = candidate.vouches;
  if (known.vouchIds.length !== vouches.length) return false;
  for (let i = 0; i < vouches.length; i += 1) if (known.vouchIds[i] !== vouches[i]!.vouchId) return false;
  return true;
}

/**
 * The BM25 index of candidates' accepted vouches (minisearch; one document per member, fields
 * skills, accomplishments, characterTraits, reason as normalised terms). Kept between requests:
 * `sync` re-reads only members whose vouches changed, so a request costs a search over the
 * posting lists of its own terms, not a re-index of everyone it can reach. Collection
 * statistics (document frequencies, average field lengths) are those of every member indexed
 * so far, as in any search engine; results are limited to the candidates of the call.
 */
export class MatchIndex {
  private readonly members = new Map<number, IndexedMember>();
  private readonly documentFrequency = new Map<string, number>();
  private readonly search = new MiniSearch<IndexedDoc>({
    idField: 'id',
    fields: [...VOUCH_FIELDS],
    // Fields are handed over as term arrays (already normalised): no re-tokenising.
    extractField: (doc, field) => (field === 'id' ? doc.id : doc.fields[field as VouchField]) as unknown as string,
    stringifyField: (value) => value as string,
    tokenize: (terms) => terms as unknown as string[],
    processTerm: (term) => term,
  });

  /** How many indexed members' vouches hold `term`. */
  frequency(term: string): number {
    return this.documentFrequency.get(term) ?? 0;
  }

  /** Members indexed. */
  get size(): number {
    return this.members.size;
  }

  /** Brings these candidates' documents up to date; returns their term sets per vouch. */
  sync(candidates: readonly Candidate[]): Map<number, FieldTerms[]> {
    const terms = new Map<number, FieldTerms[]>();
    for (const candidate of candidates) {
      let known = this.members.get(candidate.memberId);
      if (!known || !sameVouches(known, candidate)) {
        const fields: Record<VouchField, string[]> = { skills: [], accomplishments: [], characterTraits: [], reason: [] };
        const vouches = candidate.vouches.map((vouch) => {
          const sets = {} as Record<VouchField, ReadonlySet<string>>;
          for (const field of VOUCH_FIELDS) {
            const t = canonicalTerms(vouch[field]);
            for (const term of t) fields[field].push(term);
            sets[field] = new Set(t);
          }
          return sets;
        });
        if (known) {
          this.search.discard(candidate.memberId);
          for (const term of known.terms) this.documentFrequency.set(term, (this.documentFrequency.get(term) ?? 1) - 1);
        }
        this.search.add({ id: candidate.memberId, fields });
        const distinct = [...new Set(VOUCH_FIELDS.flatMap((f) => fields[f]))];
        for (const term of distinct) this.documentFrequency.set(term, (this.documentFrequency.get(term) ?? 0) + 1);
        known = { vouchIds: candidate.vouches.map((v) => v.vouchId), terms: distinct, vouches };
        this.members.set(candidate.memberId, known);
      }
      terms.set(candidate.memberId, known.vouches);
    }
    return terms;
  }

  /** BM25 scores of the documents holding any of `terms`, among `ids`, with the terms each holds. */
  scores(terms: readonly string[], ids: ReadonlyMap<number, unknown>, boostTerm: (term: string) => number): Map<number, { score: number; terms: string[] }> {
    const out = new Map<number, { score: number; terms: string[] }>();
    if (terms.length === 0) return out;
    const results = this.search.search(terms.join(' '), {
      boost: { ...FIELD_BOOSTS },
      combineWith: 'OR',
      prefix: false,
      fuzzy: false,
      tokenize: (text) => text.split(' '),
      processTerm: (term) => term,
      boostTerm,
      filter: (r) => ids.has(r.id as number),
    });
    for (const r of results) out.set(r.id as number, { score: r.score, terms: r.queryTerms });
    return out;
  }
}

interface PreparedVouch {
  vouch: CandidateVouch;
  terms: FieldTerms;
}

/** A candidate scored, before its explanation is written (cheap; see describeMatch). */
export interface ScoredMatch {
  candidate: Candidate;
  relevanceScore: number;
  tier: MatchTier;
  parts: ScoreParts;
  evidence: SkillEvidence[];
  secondaryHits: string[];
}

export interface SkillEvidence {
  skill: DesiredSkill;
  bestField: VouchField | null;
  vouchers: CandidateVouch[];
}

const FIELD_WORDS: Record<VouchField, string> = { skills: 'skills', accomplishments: 'accomplishments', characterTraits: 'character traits', reason: 'reasons' };

function list(items: string[]): string {
  if (items.length <= 1) return items.join('');
  return `${items.slice(0, -1).join(', ')} and ${items[items.length - 1]}`;
}
const people = (n: number) => `${n} ${n === 1 ? 'person' : 'people'}`;
const ordinal = (degree: number) => `${degree}°`;

function voucherLabel(v: CandidateVouch): string {
  if (v.voucherDegree === 0) return 'you';
  if (v.voucherDegree !== null) return `${v.voucherName} (your ${ordinal(v.voucherDegree)} connection)`;
  return v.voucherName;
}

/** The voucher to name: the asking member, else the closest to them, else the first. */
function closest(vouchers: CandidateVouch[]): CandidateVouch {
  return [...vouchers].sort((a, b) => (a.voucherDegree ?? 9) - (b.voucherDegree ?? 9) || a.voucherId - b.voucherId)[0]!;
}

function evidenceFor(skill: DesiredSkill, vouches: PreparedVouch[]): SkillEvidence {
  let bestField: VouchField | null = null;
  const byVoucher = new Map<number, CandidateVouch>();
  for (const pv of vouches) {
    for (const field of VOUCH_FIELDS) {
      if (!skill.terms.every((term) => pv.terms[field].has(term))) continue;
      byVoucher.set(pv.vouch.voucherId, pv.vouch);
      if (bestField === null || FIELD_WEIGHTS[field] > FIELD_WEIGHTS[bestField]) bestField = field;
      break; // fields are in falling weight order: the first hit is this vouch's best
    }
  }
  return { skill, bestField, vouchers: [...byVoucher.values()] };
}

function explain(candidate: Candidate, evidence: SkillEvidence[], secondaryHits: string[]): { factors: string[]; analysis: string } {
  const factors: string[] = [];
  const sentences: string[] = [];
  const found = evidence.filter((e) => e.bestField !== null);
  const missing = evidence.filter((e) => e.bestField === null).map((e) => e.skill.label);

  for (const e of found) {
    factors.push(
      e.bestField === 'skills'
        ? `${e.skill.label}: vouched for by ${people(e.vouchers.length)}`
        : `${e.skill.label}: mentioned in vouch ${FIELD_WORDS[e.bestField!]} by ${people(e.vouchers.length)}`,
    );
  }
  const asSkill = found.filter((e) => e.bestField === 'skills');
  if (asSkill.length > 0) {
    const vouchers = new Map<number, CandidateVouch>();
    for (const e of asSkill) for (const v of e.vouchers) vouchers.set(v.voucherId, v);
    const all = [...vouchers.values()];
    const named = closest(all);
    const who = all.length === 1 ? (named.voucherDegree === 0 ? 'you' : voucherLabel(named)) : `${people(all.length)}, including ${voucherLabel(named)}`;
    sentences.push(`Vouched for ${list(asSkill.map((e) => e.skill.label))} by ${who}.`);
  }
  const elsewhere = found.filter((e) => e.bestField !== 'skills');
  for (const field of VOUCH_FIELDS.slice(1)) {
    const here = elsewhere.filter((e) => e.bestField === field);
    if (here.length > 0) sentences.push(`Their vouches' ${FIELD_WORDS[field]} mention ${list(here.map((e) => e.skill.label))}.`);
  }
  if (found.length === 0) {
    sentences.push(
      secondaryHits.length > 0
        ? `No vouch names ${list(missing)}; their vouches only share words with your request (${secondaryHits.slice(0, 3).join(', ')}).`
        : `No vouch names ${list(missing)}.`,
    );
  } else if (missing.length > 0) {
    sentences.push(`No vouch names ${list(missing)} yet.`);
  }
  if (missing.length > 0 && found.length > 0) factors.push(`Not mentioned: ${list(missing)}`);
  if (found.length === 0 && secondaryHits.length > 0) factors.push(`Related words: ${secondaryHits.slice(0, 3).join(', ')}`);

  factors.push(`${ordinal(candidate.degree)} connection`);
  factors.push(`Reputation ${Math.round(candidate.reputationScore)}/100`);
  sentences.push(`${candidate.name} is your ${ordinal(candidate.degree)} connection, with a reputation of ${Math.round(candidate.reputationScore)}/100.`);
  return { factors, analysis: sentences.join(' ') };
}

function confidenceOf(parts: ScoreParts): ConfidenceLevel {
  if (parts.coverage >= 0.9 && parts.corroboration >= 2 / 3) return 'high';
  if (parts.coverage >= 0.5) return 'medium';
  return 'low';
}

/**
 * Scores `candidates` for `query`, best first (ties: closer, then lower id). Candidates whose
 * vouches share no term with the request are left out; the rest get relevanceScore 0–100 and
 * their SPEC tier. describeMatch writes the explanation of the ones shown.
 *
 * BM25 comes from `index` (fields boosted skills 4 > accomplishments 2 > traits 1.5 > reason 1):
 * pass the long-lived one of the process for speed, or nothing for a fresh, private index
 * whose statistics are exactly those of `candidates`.
 */
export function scoreMatches(query: MatchQuery, candidates: readonly Candidate[], index: MatchIndex = new MatchIndex()): ScoredMatch[] {
  const desired = parseDesiredSkills(query.desiredSkills);
  const primary = new Set(desired.flatMap((s) => s.terms));
  if (candidates.length === 0) return [];
  const termsOf = index.sync(candidates);
  // The request's other words count only when they are not common: a word in more than 5% of
  // the vouched members (and more than 50) says little (low IDF) and would pull in half the network.
  const common = Math.max(SECONDARY_TERM_MAX_DOCUMENTS, SECONDARY_TERM_MAX_SHARE * index.size);
  const secondary = secondaryTerms(query.requestType, query.reason, query.context).filter((t) => !primary.has(t) && index.frequency(t) <= common);
  const queryTerms = [...primary, ...secondary];
  if (queryTerms.length === 0) return [];

  const byId = new Map<number, Candidate>();
  for (const c of candidates) byId.set(c.memberId, c);
  const bm25 = index.scores(queryTerms, byId, (term) => (primary.has(term) ? 1 : SECONDARY_TERM_BOOST));
  let top = 0;
  for (const { score } of bm25.values()) if (score > top) top = score;
  const n = Math.max(1, desired.length);

  const scored: ScoredMatch[] = [];
  for (const [memberId, hit] of bm25) {
    const candidate = byId.get(memberId)!;
    const proximity = PROXIMITY[candidate.degree] ?? 0;
    const reputation = Math.max(0, Math.min(100, candidate.reputationScore)) / 100;
    const secondaryHits = hit.terms.filter((t) => !primary.has(t));
    let parts: ScoreParts;
    let evidence: SkillEvidence[];
    if (hit.terms.length === secondaryHits.length) {
      // Only the request's other words: no desired skill to weigh (the common, cheap case).
      parts = { coverage: 0, bm25: top > 0 ? hit.score / top : 0, corroboration: 0, proximity, reputation };
      evidence = desired.map((skill) => ({ skill, bestField: null, vouchers: [] }));
    } else {
      const sets = termsOf.get(memberId)!;
      const vouches: PreparedVouch[] = candidate.vouches.map((vouch, i) => ({ vouch, terms: sets[i]! }));
      evidence = desired.map((skill) => evidenceFor(skill, vouches));
      parts = {
        coverage: evidence.reduce((sum, e) => sum + (e.bestField ? FIELD_WEIGHTS[e.bestField] : 0), 0) / n,
        bm25: top > 0 ? hit.score / top : 0,
        corroboration: evidence.reduce((sum, e) => sum + Math.min(1, e.vouchers.length / FULL_CORROBORATION_VOUCHERS), 0) / n,
        proximity,
        reputation,
      };
    }
    const relevanceScore = relevanceOf(parts);
    if (relevanceScore <= 0) continue;
    scored.push({ candidate, relevanceScore, tier: matchTier(relevanceScore), parts, evidence, secondaryHits });
  }
  return scored.sort((a, b) => b.relevanceScore - a.relevanceScore || a.candidate.degree - b.candidate.degree || a.candidate.memberId - b.candidate.memberId);
}

/** The match as shown: matchingFactors, a readable aiAnalysis naming the evidence, a confidence. */
export function describeMatch(scored: ScoredMatch): RankedMatch {
  const { factors, analysis } = explain(scored.candidate, scored.evidence, scored.secondaryHits);
  return {
    memberId: scored.candidate.memberId,
    name: scored.candidate.name,
    degree: scored.candidate.degree,
    relevanceScore: scored.relevanceScore,
    tier: scored.tier,
    matchingFactors: factors,
    aiAnalysis: analysis,
    confidenceLevel: confidenceOf(scored.parts),
    parts: scored.parts,
  };
}

/** scoreMatches on a fresh index, every match described (tests, small sets): fully deterministic. */
export function rankMatches(query: MatchQuery, candidates: readonly Candidate[]): RankedMatch[] {
  return scoreMatches(query, candidates, new MatchIndex()).map(describeMatch);
}

export interface SelectionLimits {
  /** perfect + strong + potential together (the plan's matchSuggestions). */
  suggestions: number;
  potential: number;
  other: number;
}

/**
 * The matches shown, best first: at most `suggestions` among perfect, strong and potential
 * together (of which at most `potential` potential), and at most `other` below 50 (outside
 * the cap: they are not suggestions).
 */
export function selectMatches(scored: readonly ScoredMatch[], limits: SelectionLimits): ScoredMatch[] {
  const shown: ScoredMatch[] = [];
  let suggestions = 0;
  let potential = 0;
  let other = 0;
  for (const m of scored) {
    if (m.tier === 'other') {
      if (other < limits.other) {
        shown.push(m);
        other += 1;
      }
    } else if (suggestions < limits.suggestions && (m.tier !== 'potential' || potential < limits.potential)) {
      shown.push(m);
      suggestions += 1;
      if (m.tier === 'potential') potential += 1;
    }
    if (other >= limits.other && suggestions >= limits.suggestions) break;
  }
  return shown;
}
