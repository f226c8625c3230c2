/**
 * How reputation scores read (SPEC §4 levels, §9 percentages), shared by the vouches service,
 * which computes the scores, and the web, which shows them (the dashboard's reputation panel,
 * Stats' first row, and the gateway's first screen of Stats).
 */
import type { UserProfile } from './auth';
import { networkSize, reputationOutOf100 } from './figures';

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

export interface ScoreRow {
  key: 'introductionScore' | 'connectorScore' | 'vouchScore';
  label: string;
  /** What the score measures, one short sentence. */
  hint: string;
  /** The score as it reads: a whole number, 0–100. */
  value: number;
  /** Width of its progress bar, 0–100. */
  percent: number;
}

const SCORE_ROWS: readonly Omit<ScoreRow, 'value' | 'percent'>[] = [
  { key: 'introductionScore', label: 'Introduction Score', hint: 'Introductions you helped make happen' },
  { key: 'connectorScore', label: 'Connector Score', hint: 'People you vouched for and suggested' },
  { key: 'vouchScore', label: 'Vouch Score', hint: 'Vouches you received, weighted by who gave them' },
];

/** A member's reputation as every screen shows it (SPEC "Reputation panel", "Stats"), from their profile. */
export interface ReputationFigures {
  /** Reputation out of 100, a whole number. */
  score: number;
  /** Reputation as a percentage of 100, capped (SPEC §9). */
  percent: number;
  level: ReputationLevel;
  /** The social capital balance, a whole number. */
  socialCapital: number;
  networkSize: number;
  scores: ScoreRow[];
}

export function reputationFigures(user: UserProfile): ReputationFigures {
  const score = reputationOutOf100(user.reputationScore);
  return {
    score,
    percent: percent(user.reputationScore ?? 0),
    level: reputationLevel(percent(user.reputationScore ?? 0)),
    socialCapital: Math.round(user.socialCapitalBalance ?? 0),
    networkSize: networkSize(user),
    scores: SCORE_ROWS.map((row) => ({ ...row, value: reputationOutOf100(user[row.key]), percent: percent(user[row.key] ?? 0) })),
  };
}
