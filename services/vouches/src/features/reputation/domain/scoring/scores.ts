// Levels and percentages are how scores read on screen: shared with the web through contracts.
export { percent, reputationLevel } from '@vouch/contracts';

/**
 * Received trust relative to a typical established member (x = 1) → 0–100, as
 * 100 · x² / (x² + 1): 50 at x = 1, 80 at x = 2, 20 at x = 0.5, under 1 at x = 0.1.
 * Squared so that it is flat near zero: a member holding a few percent of a typical
 * established member's trust (a ring of fresh accounts fed by one vouch) shows as ~0, while
 * a log scale would have shown it as a respectable middle score. Bounded below 100, increasing.
 */
export function trustScoreFromRelative(x: number): number {
  if (!(x > 0)) return 0;
  if (!Number.isFinite(x)) return 100;
  const x2 = x * x;
  return (100 * x2) / (x2 + 1);
}

/** 0–100 from a count of points: 100 · (1 − e^(−points/scale)); 63 at points = scale, 95 at 3 · scale. */
export function saturate(points: number, scale: number): number {
  if (!(points > 0)) return 0;
  return 100 * (1 - Math.exp(-points / scale));
}

/** Scores are stored and compared with one decimal: stable on screen and across machines. */
export function roundScore(score: number): number {
  return Math.round(Math.min(100, Math.max(0, score)) * 10) / 10;
}

/** The median of the positive values, or 0 when there are none. */
export function medianOfPositive(values: Iterable<number>): number {
  // A typed array is filtered without spreading it into a JS array (the scale asks for a median
  // of every seed's received trust several times a run).
  const positive = (values instanceof Float64Array ? values.filter((v) => v > 0) : Float64Array.from([...values].filter((v) => v > 0))).sort();
  if (positive.length === 0) return 0;
  const mid = positive.length >> 1;
  return positive.length % 2 === 1 ? positive[mid]! : (positive[mid - 1]! + positive[mid]!) / 2;
}
