/**
 * Selection: which scored matches are shown, within the plan's limits (SPEC §5 tiers).
 */
import type { ScoredMatch } from './scoring';

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
