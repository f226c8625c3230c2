/**
 * The explanation of a match as shown: matchingFactors and the aiAnalysis sentences, naming
 * which vouch field holds each desired skill and who vouched (the closest voucher first), and the
 * confidence. Written only for the matches selected (it reads the candidates' vouches).
 */
import { vouchTermFields } from '@vouch/service-vouches/skill-index';
import { VOUCH_FIELDS, type Candidate, type CandidateVouch, type RankedMatch, type VouchField } from './candidates';
import { bestFieldOf } from './match-data';
import { confidenceOf } from './relevance';
import type { ScoredMatch } from './scoring';
import type { DesiredSkill } from './text';

interface PreparedVouch {
  vouch: CandidateVouch;
  terms: ReadonlyMap<string, number>;
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
