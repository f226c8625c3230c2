/**
 * The one rule for a person's name, wherever one is typed: registration's first and last name,
 * PATCH /api/profile, and a vouch's recipient name (which becomes the recipient's name when
 * they sign in through the link). Shared by the web forms and the services.
 *
 * A name shows up in pages, link previews, activities and text messages, so it may not carry
 * markup (`<`, `>`), control characters (line breaks) or Unicode format characters (\p{Cf}:
 * bidi overrides such as U+202E that reverse what follows, zero-width spaces and joiners that
 * make two names look alike). It needs at least one letter. The price: the zero-width
 * non-joiner some Persian names are written with is refused too (the name reads the same without it).
 */
export const PERSON_NAME_PATTERN = /^[^<>\p{Cc}\p{Cf}]*\p{L}[^<>\p{Cc}\p{Cf}]*$/u;

/** True when `text` (already trimmed) is acceptable as a person's name or part of one. */
export function isPersonName(text: string): boolean {
  return PERSON_NAME_PATTERN.test(text);
}

/** The sentence for a name that breaks the rule; `label` is e.g. "First name". */
export function personNameMessage(label: string): string {
  return `${label} must contain letters, and no line breaks, angle brackets or invisible formatting characters.`;
}
