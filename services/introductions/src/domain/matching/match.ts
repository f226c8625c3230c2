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

/** FIELD_WEIGHTS in VOUCH_FIELDS order. */
const WEIGHT_BY_POSITION = VOUCH_FIELDS.map((f) => FIELD_WEIGHTS[f]);

/**
 * One indexed vouch: each of its terms with the fields that hold it (bit i: VOUCH_FIELDS[i]).
 * One small map a vouch, not a set per field: a third less memory for the long-lived index and
 * one lookup per term.
 */
type IndexedVouch = ReadonlyMap<string, number>;

/** What the index reads of a member: their accepted vouches (a Candidate is one). */
export interface IndexDocument {
  memberId: number;
  vouches: readonly Pick<CandidateVouch, 'vouchId' | VouchField>[];
}

interface IndexedMember {
  /** The candidate's vouch ids in order: when they change, the member is re-indexed. */
  vouchIds: number[];
  /** Distinct terms of the document (for document frequencies). */
  terms: string[];
  /** Per vouch, in the order of the member's vouches. */
  vouches: IndexedVouch[];
  /**
   * The call (see MatchIndex.enter) this member was last a candidate of, and as whom. The
   * candidate stays referenced until a later call replaces it: at most one per indexed member.
   */
  call: number;
  candidate: Candidate | null;
}

interface IndexedDoc {
  id: number;
  fields: Record<VouchField, string[]>;
}

/** A candidate of the current call whose document holds some of the searched terms. */
export interface IndexHit {
  candidate: Candidate;
  vouches: readonly IndexedVouch[];
  /** Field-weighted BM25. */
  score: number;
  /** The searched terms the document holds. */
  terms: string[];
}

function sameVouches(known: IndexedMember, doc: IndexDocument): boolean {
  const vouches = doc.vouches;
  if (known.vouchIds.length !== vouches.length) return false;
  for (let i = 0; i < vouches.length; i += 1) if (known.vouchIds[i] !== vouches[i]!.vouchId) return false;
  return true;
}

/**
 * The BM25 index of candidates' accepted vouches (minisearch; one document per member, fields
 * skills, accomplishments, characterTraits, reason as normalised terms). Kept between requests:
 * only members whose vouches changed are re-read, so a request costs a search over the posting
 * lists of its own terms, not a re-index of everyone it can reach. It can be filled ahead of the
 * first request (`sync` in batches at start-up: matches.use-case `warmMatchIndex`). Collection
 * statistics (document frequencies, average field lengths) are those of every member indexed so
 * far, as in any search engine; results are limited to the candidates of the call.
 *
 * A call is `enter(candidates)` then `search(terms)`, synchronously (nothing else may use the
 * index in between): `enter` stamps the candidates' entries, so `search` keeps its results
 * without a lookup table of the candidates.
 */
export class MatchIndex {
  private readonly members = new Map<number, IndexedMember>();
  private readonly documentFrequency = new Map<string, number>();
  private call = 0;
  private readonly minisearch = new MiniSearch<IndexedDoc>({
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

  /** Brings these members' documents up to date (re-reading only those whose vouch ids changed); returns how many were (re)indexed. */
  sync(docs: readonly IndexDocument[]): number {
    let changed = 0;
    for (const doc of docs) {
      const known = this.members.get(doc.memberId);
      if (known && sameVouches(known, doc)) continue;
      this.put(doc, known);
      changed += 1;
    }
    return changed;
  }

  /** Starts a call: brings the candidates' documents up to date and makes them the ones `search` answers with. */
  enter(candidates: readonly Candidate[]): void {
    const call = (this.call += 1);
    for (const candidate of candidates) {
      let member = this.members.get(candidate.memberId);
      if (!member || !sameVouches(member, candidate)) member = this.put(candidate, member);
      member.call = call;
      member.candidate = candidate;
    }
  }

  /** The candidates of the current call whose documents hold any of `terms`, with their BM25 score. */
  search(terms: readonly string[], boostTerm: (term: string) => number): IndexHit[] {
    if (terms.length === 0) return [];
    const call = this.call;
    const results = this.minisearch.search(terms.join(' '), {
      boost: { ...FIELD_BOOSTS },
      combineWith: 'OR',
      prefix: false,
      fuzzy: false,
      tokenize: (text) => text.split(' '),
      processTerm: (term) => term,
      boostTerm,
      filter: (r) => this.members.get(r.id as number)?.call === call,
    });
    const hits: IndexHit[] = [];
    for (const r of results) {
      const member = this.members.get(r.id as number)!;
      hits.push({ candidate: member.candidate!, vouches: member.vouches, score: r.score, terms: r.queryTerms });
    }
    return hits;
  }

  private put(doc: IndexDocument, known: IndexedMember | undefined): IndexedMember {
    const fields: Record<VouchField, string[]> = { skills: [], accomplishments: [], characterTraits: [], reason: [] };
    const vouches = doc.vouches.map((vouch): IndexedVouch => {
      const fieldsOf = new Map<string, number>();
      VOUCH_FIELDS.forEach((field, position) => {
        for (const term of canonicalTerms(vouch[field])) {
          fields[field].push(term);
          fieldsOf.set(term, (fieldsOf.get(term) ?? 0) | (1 << position));
        }
      });
      return fieldsOf;
    });
    if (known) {
      this.minisearch.discard(doc.memberId);
      for (const term of known.terms) this.documentFrequency.set(term, (this.documentFrequency.get(term) ?? 1) - 1);
    }
    this.minisearch.add({ id: doc.memberId, fields });
    const distinct = [...new Set(VOUCH_FIELDS.flatMap((f) => fields[f]))];
    for (const term of distinct) this.documentFrequency.set(term, (this.documentFrequency.get(term) ?? 0) + 1);
    const member: IndexedMember = { vouchIds: doc.vouches.map((v) => v.vouchId), terms: distinct, vouches, call: 0, candidate: null };
    this.members.set(doc.memberId, member);
    return member;
  }
}

interface PreparedVouch {
  vouch: CandidateVouch;
  terms: IndexedVouch;
}

/** What describeMatch needs to name a match's evidence: kept by reference, read only for the matches shown. */
interface MatchBasis {
  desired: readonly DesiredSkill[];
  primary: ReadonlySet<string>;
  /** The candidate's indexed vouches, in the order of `candidate.vouches`. */
  vouches: readonly IndexedVouch[];
  /** The request's terms found in the candidate's document. */
  hitTerms: readonly string[];
}

/** A candidate scored, before its explanation is written (cheap; see describeMatch). */
export interface ScoredMatch {
  candidate: Candidate;
  relevanceScore: number;
  tier: MatchTier;
  parts: ScoreParts;
  basis: MatchBasis;
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

/** The position (in VOUCH_FIELDS) of the best field of one vouch that holds every term of `skill`; -1 if none. */
function bestFieldOf(vouch: IndexedVouch, skill: DesiredSkill): number {
  let fields = (1 << VOUCH_FIELDS.length) - 1;
  for (const term of skill.terms) {
    fields &= vouch.get(term) ?? 0;
    if (fields === 0) return -1;
  }
  // Fields are in falling weight order: the lowest bit set is the best field.
  return 31 - Math.clz32(fields & -fields);
}

function evidenceFor(skill: DesiredSkill, vouches: PreparedVouch[]): SkillEvidence {
  let best = -1;
  const byVoucher = new Map<number, CandidateVouch>();
  for (const pv of vouches) {
    const f = bestFieldOf(pv.terms, skill);
    if (f < 0) continue;
    byVoucher.set(pv.vouch.voucherId, pv.vouch);
    if (best < 0 || f < best) best = f;
  }
  return { skill, bestField: best < 0 ? null : VOUCH_FIELDS[best]!, vouchers: [...byVoucher.values()] };
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

function containsAll(haystack: readonly string[], needles: readonly string[]): boolean {
  for (let i = 0; i < needles.length; i += 1) if (!haystack.includes(needles[i]!)) return false;
  return true;
}

/**
 * Scores `candidates` for `query`, best first (ties: closer, then lower id). Candidates whose
 * vouches share no term with the request are left out; the rest get relevanceScore 0–100 and
 * their SPEC tier. describeMatch writes the explanation of the ones shown.
 *
 * BM25 comes from `index` (fields boosted skills 4 > accomplishments 2 > traits 1.5 > reason 1):
 * pass the long-lived one of the process for speed, or nothing for a fresh, private index
 * whose statistics are exactly those of `candidates`.
 *
 * Cost: one pass over the candidates (index up to date, id lookup), a minisearch search of the
 * request's terms, then per document that holds one of them a few set lookups without
 * allocation; the evidence objects and sentences are built only for the matches shown.
 */
export function scoreMatches(query: MatchQuery, candidates: readonly Candidate[], index: MatchIndex = new MatchIndex()): ScoredMatch[] {
  const desired = parseDesiredSkills(query.desiredSkills);
  const primary = new Set(desired.flatMap((s) => s.terms));
  if (candidates.length === 0) return [];
  index.enter(candidates);
  // The request's other words count only when they are not common: a word in more than 5% of
  // the vouched members (and more than 50) says little (low IDF) and would pull in half the network.
  const common = Math.max(SECONDARY_TERM_MAX_DOCUMENTS, SECONDARY_TERM_MAX_SHARE * index.size);
  const secondary = secondaryTerms(query.requestType, query.reason, query.context).filter((t) => !primary.has(t) && index.frequency(t) <= common);
  const queryTerms = [...primary, ...secondary];
  if (queryTerms.length === 0) return [];

  const hits = index.search(queryTerms, (term) => (primary.has(term) ? 1 : SECONDARY_TERM_BOOST));
  let top = 0;
  for (const { score } of hits) if (score > top) top = score;
  const n = Math.max(1, desired.length);

  const scored: ScoredMatch[] = [];
  for (const hit of hits) {
    const { candidate, vouches } = hit;
    let coverage = 0;
    let corroboration = 0;
    // Only the request's other words (the common case) leave coverage and corroboration at 0.
    // Per desired skill: the best field naming it, and how many distinct vouchers name it; a
    // skill whose terms the document does not all hold is named by none of its vouches.
    for (const skill of desired) {
      if (!containsAll(hit.terms, skill.terms)) continue;
      let best = 0;
      let vouchers = 0;
      for (let i = 0; i < vouches.length; i += 1) {
        const f = bestFieldOf(vouches[i]!, skill);
        if (f < 0) continue;
        if (WEIGHT_BY_POSITION[f]! > best) best = WEIGHT_BY_POSITION[f]!;
        // A voucher counts once, whatever number of their vouches name the skill.
        const voucherId = candidate.vouches[i]!.voucherId;
        let repeated = false;
        for (let j = 0; j < i && !repeated; j += 1) repeated = candidate.vouches[j]!.voucherId === voucherId && bestFieldOf(vouches[j]!, skill) >= 0;
        if (!repeated) vouchers += 1;
      }
      coverage += best;
      corroboration += Math.min(1, vouchers / FULL_CORROBORATION_VOUCHERS);
    }
    const parts: ScoreParts = {
      coverage: coverage / n,
      bm25: top > 0 ? hit.score / top : 0,
      corroboration: corroboration / n,
      proximity: PROXIMITY[candidate.degree] ?? 0,
      reputation: Math.max(0, Math.min(100, candidate.reputationScore)) / 100,
    };
    const relevanceScore = relevanceOf(parts);
    if (relevanceScore <= 0) continue;
    scored.push({ candidate, relevanceScore, tier: matchTier(relevanceScore), parts, basis: { desired, primary, vouches, hitTerms: hit.terms } });
  }
  return scored.sort((a, b) => b.relevanceScore - a.relevanceScore || a.candidate.degree - b.candidate.degree || a.candidate.memberId - b.candidate.memberId);
}

/** The match as shown: matchingFactors, a readable aiAnalysis naming the evidence, a confidence. */
export function describeMatch(scored: ScoredMatch): RankedMatch {
  const { desired, primary, vouches: indexed, hitTerms } = scored.basis;
  const vouches: PreparedVouch[] = scored.candidate.vouches.map((vouch, i) => ({ vouch, terms: indexed[i]! }));
  const evidence = desired.map((skill) => evidenceFor(skill, vouches));
  const { factors, analysis } = explain(scored.candidate, evidence, hitTerms.filter((t) => !primary.has(t)));
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
