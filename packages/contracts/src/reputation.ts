/**
 * How reputation scores read (SPEC §4 levels, §9 percentages), shared by the vouches service,
 * which computes the scores, and the web, which shows them.
 */

export type ReputationLevel = 'Expert' | 'Advanced' | 'Intermediate' | 'Beginner' | 'New';

/** SPEC §4: 80+ Expert, 60+ Advanced, 40+ Intermediate, 20+ Beginner, below 20 New. */
export function reputationLevel(score: number): ReputationLevel {
  if (score >= 80) return 'Expert';
  if (score >= 60) return 'Advanced';
  if (score >= 40) return 'Intermediate';
  if (score >= 20) return 'Beginner';
  return 'New';
}

/** SPEC §9: a score shown as a percentage of 100, for progress bars: clamped to 0–100 (NaN → 0). */
export function percent(score: number): number {
  if (!(score > 0)) return 0;
  return Math.min(100, score);
}

/** SPEC §6, §9: onboarding completes, and the dashboard shows the full network map, at this many accepted vouches (given and received). */
export const ONBOARDING_VOUCH_THRESHOLD = 15;
