/**
 * What the reputation panel and Stats show from the member's profile (SPEC "Reputation panel",
 * "Stats", §4 levels, §9 percentages). Pure: the scores are computed by the server.
 */
import { networkSize, percent, reputationLevel, reputationOutOf100, type ReputationLevel, type UserProfile } from '@vouch/contracts';

/** Badge colour per level: brighter as the level rises. */
export const LEVEL_PALETTES: Readonly<Record<ReputationLevel, string>> = {
  Expert: 'purple',
  Advanced: 'green',
  Intermediate: 'blue',
  Beginner: 'orange',
  New: 'gray',
};

/** A 0–100 score as it reads on screen: a whole number (the server keeps one decimal). */
export const displayScore = reputationOutOf100;

export interface ScoreRow {
  key: 'introductionScore' | 'connectorScore' | 'vouchScore';
  label: string;
  /** What the score measures, one short sentence. */
  hint: string;
  value: number;
  /** Width of its progress bar, 0–100. */
  percent: number;
}

const SCORE_ROWS: readonly Omit<ScoreRow, 'value' | 'percent'>[] = [
  { key: 'introductionScore', label: 'Introduction Score', hint: 'Introductions you helped make happen' },
  { key: 'connectorScore', label: 'Connector Score', hint: 'People you vouched for and suggested' },
  { key: 'vouchScore', label: 'Vouch Score', hint: 'Vouches you received, weighted by who gave them' },
];

export interface ReputationView {
  score: number;
  /** Reputation as a percentage of 100, capped (SPEC §9). */
  percent: number;
  level: ReputationLevel;
  levelPalette: string;
  socialCapital: number;
  networkSize: number;
  scores: ScoreRow[];
}

export function reputationView(user: UserProfile): ReputationView {
  const score = displayScore(user.reputationScore);
  const level = reputationLevel(percent(user.reputationScore ?? 0));
  return {
    score,
    percent: percent(user.reputationScore ?? 0),
    level,
    levelPalette: LEVEL_PALETTES[level],
    socialCapital: Math.round(user.socialCapitalBalance ?? 0),
    networkSize: networkSize(user),
    scores: SCORE_ROWS.map((row) => ({ ...row, value: displayScore(user[row.key]), percent: percent(user[row.key] ?? 0) })),
  };
}
