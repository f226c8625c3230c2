/**
 * What the reputation panel and Stats show from the member's profile (SPEC "Reputation panel",
 * "Stats", §4 levels, §9 percentages): contracts' figures, and the colour of the level's badge.
 * Pure: the scores are computed by the server.
 */
import { reputationFigures, reputationOutOf100, type ReputationFigures, type ReputationLevel, type UserProfile } from '@vouch/contracts';

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

export interface ReputationView extends ReputationFigures {
  levelPalette: string;
}

export function reputationView(user: UserProfile): ReputationView {
  const figures = reputationFigures(user);
  return { ...figures, levelPalette: LEVEL_PALETTES[figures.level] };
}
