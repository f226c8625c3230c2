/** Label rules of the map (SPEC §9: skill labels 20 characters; other labels truncated too). */

export const SKILL_LABEL_MAX = 20;
export const PERSON_LABEL_MAX = 18;
const ELLIPSIS = '…';

/** `text` trimmed, cut to at most `max` characters including a trailing ellipsis when cut. */
export function truncateLabel(text: string, max: number): string {
  const clean = text.trim().replace(/\s+/g, ' ');
  if (clean.length <= max) return clean;
  return `${clean.slice(0, Math.max(1, max - 1)).trimEnd()}${ELLIPSIS}`;
}

/** A skill as the map shows it: at most 20 characters. */
export const skillLabel = (skill: string): string => truncateLabel(skill, SKILL_LABEL_MAX);

/**
 * A person's name as the map shows it: whole when it fits; else first name and last initial
 * ("Alexandra Montgomery-Smith" → "Alexandra M."), which keeps people recognisable; else the
 * first name cut with an ellipsis.
 */
export function personLabel(name: string, max = PERSON_LABEL_MAX): string {
  const clean = name.trim().replace(/\s+/g, ' ');
  if (clean.length <= max) return clean;
  const words = clean.split(' ');
  if (words.length > 1) {
    const short = `${words[0]} ${words[words.length - 1]!.charAt(0)}.`;
    if (short.length <= max) return short;
  }
  return truncateLabel(words[0]!, max);
}

/** Avatar initials (SPEC "Header"): first letters of the first two words, upper case. */
export function initialsOf(name: string): string {
  return name
    .trim()
    .split(/\s+/)
    .slice(0, 2)
    .map((word) => word.charAt(0).toUpperCase())
    .join('');
}
