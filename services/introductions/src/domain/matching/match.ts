/**
 * Offline matching ("AI matching", DESIGN §3): ranks the people a member can reach by how well
 * their accepted vouches answer an introduction request, and says why. Pure: no database, no
 * clock, no network; the same input gives the same output. The BM25 statistics and postings it
 * reads come from the skill index in the database (services/vouches skill-index, read by
 * matches.use-case) or, for tests and small sets, from the candidates themselves
 * (memoryMatchData). See services/introductions/README.md ("Matching") for the formula.
 */
import { matchTier, type ConfidenceLevel, type MatchTier } from '@vouch/contracts';
import { SKILL_FIELDS, skillDocument, vouchTermFields, type MemberPostings, type SkillCorpus, type TermCounts } from '@vouch/service-vouches';
import { parseDesiredSkills, secondaryTerms, type DesiredSkill } from './text';

export const VOUCH_FIELDS = SKILL_FIELDS;
export type VouchField = (typeof VOUCH_FIELDS)[number];

/** One accepted vouch the candidate received. */
export interface CandidateVouch {
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

/** Who is scored: a member within reach. */
export interface MatchCandidate {
  memberId: number;
  /** Degree from the member asking, 1–3. */
  degree: number;
  /** Reputation 0–100 (the vouches service's model). */
  reputationScore: number;
}

/** A candidate as shown: with their name and accepted vouches (describeMatch, rankMatches). */
export interface Candidate extends MatchCandidate {
  name: string;
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

/** FIELD_WEIGHTS and FIELD_BOOSTS in VOUCH_FIELDS order. */
const WEIGHT_BY_POSITION = VOUCH_FIELDS.map((f) => FIELD_WEIGHTS[f]);
const BOOST_BY_POSITION = VOUCH_FIELDS.map((f) => FIELD_BOOSTS[f]);

/** BM25+ parameters (those of minisearch, which computed them before the index moved to the database). */
const BM25 = { k: 1.2, b: 0.7, d: 0.5 };

/** BM25's IDF of a term in `df` of `documents` documents' same field. */
const idfOf = (df: number, documents: number) => Math.log(1 + (documents - df + 0.5) / (df + 0.5));

/** One field's BM25+ score of a term: `tf` occurrences in a field of `length` distinct terms (average `average`). */
function bm25Of(tf: number, idf: number, length: number, average: number): number {
  const { k, b, d } = BM25;
  return idf * (d + (tf * (k + 1)) / (tf + k * (1 - b + (b * length) / average)));
}

/** One vouch's terms with the fields that hold them (bit i: VOUCH_FIELDS[i]), and its voucher. */
export interface VouchTerms {
  voucherId: number | null;
  fields: ReadonlyMap<string, number>;
}

/**
 * What scoring reads: the collection statistics and the postings of the query's terms for the
 * candidates, and, for members who hold every word of a several-word skill ("API design"),
 * their vouches' terms (whether one vouch names the skill is not in the postings).
 */
export interface MatchData {
  corpus: SkillCorpus;
  postings: ReadonlyMap<number, MemberPostings>;
  vouchTerms: ReadonlyMap<number, readonly VouchTerms[]>;
}

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
export function membersNeedingVouchTerms(plan: MatchPlan, postings: ReadonlyMap<number, MemberPostings>): number[] {
  const multi = plan.desired.filter((s) => s.terms.length > 1);
  if (multi.length === 0) return [];
  const out: number[] = [];
  for (const [id, p] of postings) if (multi.some((s) => s.terms.every((t) => p.terms.has(t)))) out.push(id);
  return out;
}

/** The terms of each of these vouches, in order. */
export function vouchTermsOf(vouches: readonly Pick<CandidateVouch, 'voucherId' | VouchField>[]): VouchTerms[] {
  return vouches.map((v) => ({ voucherId: v.voucherId, fields: vouchTermFields(v) }));
}

/**
 * The candidates' own skill index: every candidate with a vouch is a document, and the
 * statistics are theirs alone (tests, small sets, the in-memory benchmark). Built from the same
 * skillDocument as the database's index, so both score alike on the same documents.
 */
export function memoryMatchData(candidates: readonly Candidate[]): MatchData {
  const postings = new Map<number, MemberPostings>();
  const vouchTerms = new Map<number, VouchTerms[]>();
  const termDocuments = new Map<string, TermCounts>();
  const totals = [0, 0, 0, 0];
  for (const c of candidates) {
    if (c.vouches.length === 0 || postings.has(c.memberId)) continue;
    const doc = skillDocument(c.vouches);
    postings.set(c.memberId, { lengths: doc.lengths, terms: new Map(doc.terms) });
    vouchTerms.set(c.memberId, vouchTermsOf(c.vouches));
    doc.lengths.forEach((n, i) => (totals[i]! += n));
    for (const [term, posting] of doc.terms) {
      let counts = termDocuments.get(term);
      if (!counts) termDocuments.set(term, (counts = { documents: 0, fields: [0, 0, 0, 0] }));
      counts.documents += 1;
      posting.tf.forEach((n, i) => (counts.fields[i]! += n > 0 ? 1 : 0));
    }
  }
  const documents = postings.size;
  return { corpus: { documents, averageLengths: totals.map((t) => (documents > 0 ? t / documents : 0)), termDocuments }, postings, vouchTerms };
}

/** The position (in VOUCH_FIELDS) of the best field of one vouch that holds every term of `skill`; -1 if none. */
function bestFieldOf(vouch: ReadonlyMap<string, number>, skill: DesiredSkill): number {
  let fields = (1 << VOUCH_FIELDS.length) - 1;
  for (const term of skill.terms) {
    fields &= vouch.get(term) ?? 0;
    if (fields === 0) return -1;
  }
  // Fields are in falling weight order: the lowest bit set is the best field.
  return 31 - Math.clz32(fields & -fields);
}

interface PreparedVouch {
  vouch: CandidateVouch;
  terms: ReadonlyMap<string, number>;
}

/** What describeMatch needs to name a match's evidence (with the candidate's vouches, read for the matches shown only). */
interface MatchBasis {
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

/** The weight of the best field holding a one-word skill in any vouch: the lowest field it occurs in. */
function singleTermWeight(tf: readonly number[]): number {
  for (let i = 0; i < tf.length; i += 1) if (tf[i]! > 0) return WEIGHT_BY_POSITION[i]!;
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
 * read from data.vouchTerms. Cost: a few map lookups per posting; nothing allocated per
 * candidate without one.
 */
export function scoreWith(plan: MatchPlan, terms: readonly string[], candidates: readonly MatchCandidate[], data: MatchData): ScoredMatch[] {
  const { desired, primary } = plan;
  if (candidates.length === 0 || terms.length === 0) return [];
  const { corpus } = data;
  // Per term and field, once a call: the weight (term boost × field boost) and the IDF.
  const weights = terms.map((term) => VOUCH_FIELDS.map((_, f) => (primary.has(term) ? 1 : SECONDARY_TERM_BOOST) * BOOST_BY_POSITION[f]!));
  const idfs = terms.map((term) => VOUCH_FIELDS.map((_, f) => idfOf(corpus.termDocuments.get(term)?.fields[f] ?? 1, corpus.documents)));
  const hits: { candidate: MatchCandidate; score: number; terms: string[] }[] = [];
  let top = 0;
  for (const candidate of candidates) {
    const doc = data.postings.get(candidate.memberId);
    if (!doc) continue;
    let score = 0;
    const found: string[] = [];
    for (let q = 0; q < terms.length; q += 1) {
      const term = terms[q]!;
      const posting = doc.terms.get(term);
      if (!posting) continue;
      let termScore = 0;
      for (let f = 0; f < VOUCH_FIELDS.length; f += 1) {
        const tf = posting.tf[f]!;
        if (tf === 0) continue;
        termScore += weights[q]![f]! * bm25Of(tf, idfs[q]![f]!, doc.lengths[f]!, corpus.averageLengths[f]!);
      }
      score += termScore;
      found.push(term);
    }
    if (found.length === 0) continue;
    score *= found.length;
    if (score > top) top = score;
    hits.push({ candidate, score, terms: found });
  }
  const n = Math.max(1, desired.length);

  const scored: ScoredMatch[] = [];
  for (const hit of hits) {
    const { candidate } = hit;
    const doc = data.postings.get(candidate.memberId)!;
    let coverage = 0;
    let corroboration = 0;
    // Only the request's other words (the common case) leave coverage and corroboration at 0.
    for (const skill of desired) {
      if (!containsAll(hit.terms, skill.terms)) continue;
      let best = 0;
      let vouchers = 0;
      if (skill.terms.length === 1) {
        const posting = doc.terms.get(skill.terms[0]!)!;
        best = singleTermWeight(posting.tf);
        vouchers = posting.vouchers;
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
    const parts: ScoreParts = {
      coverage: coverage / n,
      bm25: top > 0 ? hit.score / top : 0,
      corroboration: corroboration / n,
      proximity: PROXIMITY[candidate.degree] ?? 0,
      reputation: Math.max(0, Math.min(100, candidate.reputationScore)) / 100,
    };
    const relevanceScore = relevanceOf(parts);
    if (relevanceScore <= 0) continue;
    scored.push({ candidate, relevanceScore, tier: matchTier(relevanceScore), parts, basis: { desired, primary, hitTerms: hit.terms } });
  }
  return scored.sort((a, b) => b.relevanceScore - a.relevanceScore || a.candidate.degree - b.candidate.degree || a.candidate.memberId - b.candidate.memberId);
}

/** scoreWith over the candidates' own index (memoryMatchData): tests, small sets, the in-memory benchmark. */
export function scoreMatches(query: MatchQuery, candidates: readonly Candidate[]): ScoredMatch[] {
  const plan = planMatch(query);
  const data = memoryMatchData(candidates);
  return scoreWith(plan, queryTermsOf(plan, data.corpus), candidates, data);
}

/** The match as shown: matchingFactors, a readable aiAnalysis naming the evidence, a confidence. `candidate` is the scored one, with its name and vouches. */
export function describeMatch(scored: ScoredMatch, candidate: Candidate): RankedMatch {
  const { desired, primary, hitTerms } = scored.basis;
  const vouches: PreparedVouch[] = candidate.vouches.map((vouch) => ({ vouch, terms: vouchTermFields(vouch) }));
  const evidence = desired.map((skill) => evidenceFor(skill, vouches));
  const { factors, analysis } = explain(candidate, evidence, hitTerms.filter((t) => !primary.has(t)));
  return {
    memberId: candidate.memberId,
    name: candidate.name,
    degree: scored.candidate.degree,
    relevanceScore: scored.relevanceScore,
    tier: scored.tier,
    matchingFactors: factors,
    aiAnalysis: analysis,
    confidenceLevel: confidenceOf(scored.parts),
    parts: scored.parts,
  };
}

/** scoreMatches with every match described (tests, small sets): fully deterministic. */
export function rankMatches(query: MatchQuery, candidates: readonly Candidate[]): RankedMatch[] {
  const byId = new Map(candidates.map((c) => [c.memberId, c]));
  return scoreMatches(query, candidates).map((m) => describeMatch(m, byId.get(m.candidate.memberId)!));
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
