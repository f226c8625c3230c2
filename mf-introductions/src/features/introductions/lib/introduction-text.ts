/**
 * How introduction data reads on screen (SPEC "Introduction Requests", §4): status badges and
 * their colours, degree labels, connector colours, the upgrade tier's name, and the Help
 * dialog's grouping of matches. Pure, so it is unit tested without a browser.
 */
import {
  INTRODUCTION_REQUEST_STATUSES,
  MAX_POTENTIAL_MATCHES_SHOWN,
  matchTier,
  type ConfidenceLevel,
  type IntroductionRequestStatus,
  type Match,
  type MyMatches,
} from '@vouch/contracts';

/** Chakra colour palettes the badges and scores use. */
export type Palette = 'blue' | 'yellow' | 'green' | 'red' | 'orange' | 'gray' | 'purple';

const STATUS_PALETTES: Record<IntroductionRequestStatus, Palette> = {
  broadcasting: 'blue',
  collecting_suggestions: 'yellow',
  completed: 'green',
  cancelled: 'red',
  awaiting_connector: 'blue',
  forwarded: 'yellow',
  declined: 'red',
  expired: 'gray',
};

const isKnownStatus = (status: string): status is IntroductionRequestStatus => (INTRODUCTION_REQUEST_STATUSES as readonly string[]).includes(status);

/** SPEC §4: the four request statuses have their colours; any other is neutral. */
export function requestStatusPalette(status: string): Palette {
  return isKnownStatus(status) ? STATUS_PALETTES[status] : 'gray';
}

/** "collecting_suggestions" → "Collecting suggestions". */
export function requestStatusLabel(status: string): string {
  const words = status.replace(/_/g, ' ').trim();
  return words ? words[0]!.toUpperCase() + words.slice(1) : 'Unknown';
}

/** 1 → "1st", 2 → "2nd", 3 → "3rd" (SPEC "Introduction Requests"). */
export function degreeLabel(degree: number): string {
  const suffix = degree % 100 >= 11 && degree % 100 <= 13 ? 'th' : ({ 1: 'st', 2: 'nd', 3: 'rd' } as Record<number, string>)[degree % 10] ?? 'th';
  return `${degree}${suffix}`;
}

/** SPEC §4: a connector's colour by average relevance: 85+ green, 70+ yellow, else orange. */
export function connectorPalette(averageRelevance: number): Extract<Palette, 'green' | 'yellow' | 'orange'> {
  if (averageRelevance >= 85) return 'green';
  if (averageRelevance >= 70) return 'yellow';
  return 'orange';
}

/** SPEC "Introduction Requests": the plan to upgrade to — premium is shown as Pro, otherwise Catalyst. */
export function upgradeTierLabel(requiredTier: string | null | undefined): 'Pro' | 'Catalyst' {
  return requiredTier === 'premium' ? 'Pro' : 'Catalyst';
}

export const CONFIDENCE_LABELS: Record<ConfidenceLevel, string> = { high: 'High confidence', medium: 'Medium confidence', low: 'Low confidence' };

export interface MatchGroup {
  tier: 'perfect' | 'strong' | 'potential';
  title: string;
  matches: Match[];
}

const GROUP_TITLES: Record<MatchGroup['tier'], string> = { perfect: 'Perfect matches', strong: 'Strong matches', potential: 'Potential matches' };

/**
 * The Help dialog's groups (SPEC "Introduction Requests", §4, §9): perfect, strong, potential by
 * relevance (the score decides, whichever list the server put a match in), best first, at most
 * five potential; "other" matches are not offered. Empty groups are left out.
 */
export function groupMatches(matches: Pick<MyMatches, 'perfect' | 'strong' | 'potential'> & Partial<Pick<MyMatches, 'other'>>): MatchGroup[] {
  const seen = new Set<number>();
  const byTier: Record<MatchGroup['tier'], Match[]> = { perfect: [], strong: [], potential: [] };
  for (const match of [...matches.perfect, ...matches.strong, ...matches.potential, ...(matches.other ?? [])]) {
    if (seen.has(match.userId)) continue;
    seen.add(match.userId);
    const tier = matchTier(match.relevanceScore);
    if (tier !== 'other') byTier[tier].push(match);
  }
  const groups: MatchGroup[] = [];
  for (const tier of ['perfect', 'strong', 'potential'] as const) {
    const sorted = byTier[tier].sort((a, b) => b.relevanceScore - a.relevanceScore || a.name.localeCompare(b.name));
    const shown = tier === 'potential' ? sorted.slice(0, MAX_POTENTIAL_MATCHES_SHOWN) : sorted;
    if (shown.length) groups.push({ tier, title: GROUP_TITLES[tier], matches: shown });
  }
  return groups;
}

/** SPEC §9: the Network Analysis tab previews 5 connectors; "show all" lists 10. */
export const CONNECTOR_PREVIEW_COUNT = 5;
export const CONNECTOR_FULL_COUNT = 10;

export function visibleConnectors<T>(connectors: readonly T[], showAll: boolean): T[] {
  return connectors.slice(0, showAll ? CONNECTOR_FULL_COUNT : CONNECTOR_PREVIEW_COUNT);
}

/** "React, Go; ML" → ["React", "Go", "ML"]: desired skills as chips. */
export function skillList(desiredSkills: string): string[] {
  return desiredSkills
    .split(/[,;\n]/)
    .map((skill) => skill.trim())
    .filter(Boolean);
}
