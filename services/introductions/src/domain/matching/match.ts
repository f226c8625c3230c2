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

interface PreparedVouch {
  vouch: CandidateVouch;
  terms: Record<VouchField, Set<string>>;
}

interface Prepared {
  candidate: Candidate;
  vouches: PreparedVouch[];
  fields: Record<VouchField, string>;
}

interface SkillEvidence {
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
 * Ranks `candidates` for `query`, best first (ties: closer, then lower id). Candidates whose
 * vouches share no term with the request are left out; the rest get relevanceScore 0–100,
 * their SPEC tier, matchingFactors, a readable aiAnalysis naming the evidence and a confidence.
 *
 * BM25 (minisearch, fields boosted skills 4 > accomplishments 2 > traits 1.5 > reason 1) runs
 * over the candidates that share at least one term with the request; every document that
 * contains a query term is among them, so document frequencies are exact, while the
 * collection size is that subset's (documented in the README).
 */
export function rankMatches(query: MatchQuery, candidates: readonly Candidate[]): RankedMatch[] {
  const desired = parseDesiredSkills(query.desiredSkills);
  const primary = new Set(desired.flatMap((s) => s.terms));
  const secondary = secondaryTerms(query.requestType, query.reason, query.context).filter((t) => !primary.has(t));
  const queryTerms = new Set([...primary, ...secondary]);
  if (queryTerms.size === 0) return [];

  // Read each vouch once; keep only candidates sharing a term with the request.
  const prepared: Prepared[] = [];
  for (const candidate of candidates) {
    let hit = false;
    const vouches: PreparedVouch[] = [];
    const fields: Record<VouchField, string[]> = { skills: [], accomplishments: [], characterTraits: [], reason: [] };
    for (const vouch of candidate.vouches) {
      const terms = {} as Record<VouchField, Set<string>>;
      for (const field of VOUCH_FIELDS) {
        const t = canonicalTerms(vouch[field]);
        fields[field].push(...t);
        terms[field] = new Set(t);
        if (!hit) for (const term of t) if (queryTerms.has(term)) { hit = true; break; }
      }
      vouches.push({ vouch, terms });
    }
    if (!hit) continue;
    prepared.push({
      candidate,
      vouches,
      fields: { skills: fields.skills.join(' '), accomplishments: fields.accomplishments.join(' '), characterTraits: fields.characterTraits.join(' '), reason: fields.reason.join(' ') },
    });
  }
  if (prepared.length === 0) return [];

  const index = new MiniSearch<Prepared>({
    idField: 'id',
    fields: [...VOUCH_FIELDS],
    extractField: (doc, field) => (field === 'id' ? String(doc.candidate.memberId) : doc.fields[field as VouchField]),
    tokenize: (text) => (text ? text.split(' ') : []),
    processTerm: (term) => term,
  });
  index.addAll(prepared);
  const bm25 = new Map<string, number>();
  for (const r of index.search([...queryTerms].join(' '), {
    boost: { ...FIELD_BOOSTS },
    combineWith: 'OR',
    prefix: false,
    fuzzy: false,
    boostTerm: (term) => (primary.has(term) ? 1 : SECONDARY_TERM_BOOST),
  })) {
    bm25.set(String(r.id), r.score);
  }
  const top = Math.max(0, ...bm25.values());

  const ranked: RankedMatch[] = [];
  for (const p of prepared) {
    const evidence = desired.map((skill) => evidenceFor(skill, p.vouches));
    const n = Math.max(1, desired.length);
    const parts: ScoreParts = {
      coverage: evidence.reduce((sum, e) => sum + (e.bestField ? FIELD_WEIGHTS[e.bestField] : 0), 0) / n,
      bm25: top > 0 ? (bm25.get(String(p.candidate.memberId)) ?? 0) / top : 0,
      corroboration: evidence.reduce((sum, e) => sum + Math.min(1, e.vouchers.length / FULL_CORROBORATION_VOUCHERS), 0) / n,
      proximity: PROXIMITY[p.candidate.degree] ?? 0,
      reputation: Math.max(0, Math.min(100, p.candidate.reputationScore)) / 100,
    };
    const relevanceScore = relevanceOf(parts);
    if (relevanceScore <= 0) continue;
    const secondaryHits = secondary.filter((t) => VOUCH_FIELDS.some((f) => p.vouches.some((v) => v.terms[f].has(t))));
    const { factors, analysis } = explain(p.candidate, evidence, secondaryHits);
    ranked.push({
      memberId: p.candidate.memberId,
      name: p.candidate.name,
      degree: p.candidate.degree,
      relevanceScore,
      tier: matchTier(relevanceScore),
      matchingFactors: factors,
      aiAnalysis: analysis,
      confidenceLevel: confidenceOf(parts),
      parts,
    });
  }
  return ranked.sort((a, b) => b.relevanceScore - a.relevanceScore || a.degree - b.degree || a.memberId - b.memberId);
}
