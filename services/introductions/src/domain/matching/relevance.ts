/**
 * The relevance formula, all of it: the field weights and boosts, the BM25+ parameters, how the
 * parts combine into 0–100, and the confidence shown beside a match. services/introductions
 * README ("Matching") explains it; scoring.ts applies it.
 */
import type { ConfidenceLevel } from '@vouch/contracts';
import { VOUCH_FIELDS, type ScoreParts, type VouchField } from './candidates';

/** Where a skill counts most: named as a skill, then shown in accomplishments, traits, the reason. */
export const FIELD_WEIGHTS: Readonly<Record<VouchField, number>> = { skills: 1, accomplishments: 0.8, characterTraits: 0.6, reason: 0.5 };
/** BM25 field boosts (same order). */
export const FIELD_BOOSTS: Readonly<Record<VouchField, number>> = { skills: 4, accomplishments: 2, characterTraits: 1.5, reason: 1 };
/** A request's reason/context words count this much against a desired skill's 1 in BM25. */
export const SECONDARY_TERM_BOOST = 0.3;
/** This many independent vouchers for a skill is full corroboration. */
export const FULL_CORROBORATION_VOUCHERS = 3;
/** Proximity by degree from the member asking. */
export const PROXIMITY: Readonly<Record<number, number>> = { 1: 1, 2: 0.6, 3: 0.3 };

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

/** How sure the match is: most desired skills named and corroborated (high), half of them (medium). */
export function confidenceOf(parts: ScoreParts): ConfidenceLevel {
  if (parts.coverage >= 0.9 && parts.corroboration >= 2 / 3) return 'high';
  if (parts.coverage >= 0.5) return 'medium';
  return 'low';
}

/** FIELD_WEIGHTS and FIELD_BOOSTS in VOUCH_FIELDS order. */
export const WEIGHT_BY_POSITION = VOUCH_FIELDS.map((f) => FIELD_WEIGHTS[f]);
export const BOOST_BY_POSITION = VOUCH_FIELDS.map((f) => FIELD_BOOSTS[f]);

/** BM25+ parameters (those of minisearch, which computed them before the index moved to the database). */
const BM25 = { k: 1.2, b: 0.7, d: 0.5 };

/** BM25's IDF of a term in `df` of `documents` documents' same field. */
export const idfOf = (df: number, documents: number) => Math.log(1 + (documents - df + 0.5) / (df + 0.5));

/** One field's BM25+ score of a term: `tf` occurrences in a field of `length` distinct terms (average `average`). */
export function bm25Of(tf: number, idf: number, length: number, average: number): number {
  const { k, b, d } = BM25;
  return idf * (d + (tf * (k + 1)) / (tf + k * (1 - b + (b * length) / average)));
}
