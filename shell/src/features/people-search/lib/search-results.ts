/**
 * The search's words, pure (test/search-results.test.ts): the header list's status line, a
 * degree's label, the results page's filter read from the URL, and why a person matched.
 */
import { PEOPLE_SEARCH_MIN_LENGTH, PEOPLE_SEARCH_MESSAGES, type PersonSearchResult, type SearchMatchField } from '@vouch/contracts';

/** The degree filter's choices: null is "All". */
export const DEGREE_CHOICES: ReadonlyArray<readonly [number | null, string]> = [
  [null, 'All'],
  [1, '1°'],
  [2, '2°'],
  [3, '3°'],
];

/** "1°" … "3°", or "Public" for a public profile outside the plan's reach. */
export function degreeLabel(degree: number | null): string {
  return degree ? `${degree}°` : 'Public';
}

/** The `degree` of the page's URL: 1–3, or null (All) for anything else. */
export function degreeParam(value: string | null): number | null {
  return value === '1' || value === '2' || value === '3' ? Number(value) : null;
}

const FIELD_WORDS: Record<SearchMatchField, string> = { name: 'name', skill: 'skill', headline: 'headline' };

/** 'Matched skill “kubernetes”; headline “staff”, “engineer”': each field once, in the order first matched. */
export function matchedText(matched: PersonSearchResult['matched']): string {
  const byField = new Map<SearchMatchField, string[]>();
  for (const m of matched) byField.set(m.field, [...(byField.get(m.field) ?? []), `“${m.word}”`]);
  return `Matched ${[...byField].map(([field, words]) => `${FIELD_WORDS[field]} ${words.join(', ')}`).join('; ')}`;
}

/** The header list's line under the people: what to type, the failure, Searching…, nobody found; null when people show. */
export function headerSearchStatus({ typed, searched, found, fetching, error }: { typed: string; searched: string; found: number; fetching: boolean; error: unknown }): string | null {
  if (typed.length < PEOPLE_SEARCH_MIN_LENGTH) return PEOPLE_SEARCH_MESSAGES.tooShort;
  if (error) return error instanceof Error ? error.message : 'The search failed. Please try again.';
  if (fetching && found === 0) return 'Searching…';
  // Only once the debounced search has caught up with what is typed.
  return found === 0 && searched === typed ? `No one found for “${typed}”.` : null;
}
