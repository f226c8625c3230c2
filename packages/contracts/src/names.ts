/**
 * The one rule for a person's name, wherever one is typed: registration's first and last name,
 * PATCH /api/profile, and a vouch's recipient name (which becomes the recipient's name when
 * they sign in through the link). Shared by the web forms and the services.
 *
 * A name shows up in pages, link previews, activities and text messages, so it may not carry
 * markup (`<`, `>`), control characters or line and paragraph separators (line breaks) or
 * Unicode format characters (\p{Cf}: bidi overrides such as U+202E that reverse what follows,
 * zero-width spaces and joiners that make two names look alike). It needs at least one letter.
 * The price: the zero-width non-joiner some Persian names are written with is refused too (the
 * name reads the same without it). Issue 43 added what member-text.ts describes: no link, one
 * alphabet per word, no look-alike word in a Latin name, not the product's or its staff's name.
 */
import { hasLookalikeWord, holdsALink, mixesScriptsInAWord, namesTheProductOrStaff } from './member-text';

export const PERSON_NAME_PATTERN = /^[^<>\p{Cc}\p{Cf}\p{Zl}\p{Zp}]*\p{L}[^<>\p{Cc}\p{Cf}\p{Zl}\p{Zp}]*$/u;

/** The sentence for a name without letters or with markup or invisible characters; `label` is e.g. "First name". */
export function personNameMessage(label: string): string {
  return `${label} must contain letters, and no line breaks, angle brackets or invisible formatting characters.`;
}

/** The sentences of the rules issue 43 added, for the field `label`. */
export const personNameMessages = {
  link: (label: string) => `${label} cannot hold a link: no "/", ":" or a dot between letters.`,
  mixedScripts: (label: string) => `${label} mixes alphabets within a word (such as Cyrillic letters among Latin ones): write each word in one alphabet.`,
  lookalike: (label: string) => `${label} mixes alphabets: a word is written in letters that only look Latin (such as Cyrillic "Мауа" for "Maya").`,
  staff: (label: string) => `${label} cannot use the name of Vouch or of its staff (such as "Support", "Team" or "Official").`,
} as const;

/**
 * The sentence refusing `text` (already trimmed) as a person's name or part of one, or null
 * when it is acceptable. For a whole name ("First Last") it also catches a look-alike word
 * beside Latin ones; check first and last name together for that (personNameProblem of both).
 */
export function personNameProblem(text: string, label: string): string | null {
  if (!PERSON_NAME_PATTERN.test(text)) return personNameMessage(label);
  if (holdsALink(text)) return personNameMessages.link(label);
  if (mixesScriptsInAWord(text)) return personNameMessages.mixedScripts(label);
  if (hasLookalikeWord(text)) return personNameMessages.lookalike(label);
  if (namesTheProductOrStaff(text)) return personNameMessages.staff(label);
  return null;
}

/** True when `text` (already trimmed) is acceptable as a person's name or part of one. */
export function isPersonName(text: string): boolean {
  return personNameProblem(text, 'Name') === null;
}

/** A zod `superRefine` step applying personNameProblem (null and undefined pass: absence is the schema's to say). */
export function personNameRule(label: string) {
  return (value: string | null | undefined, ctx: { addIssue(issue: { code: 'custom'; message: string; continue: boolean }): void }) => {
    if (typeof value !== 'string') return;
    const problem = personNameProblem(value, label);
    // A refusal stops the later checks: a `.regex(PERSON_NAME_PATTERN)` after it only documents the basic rule.
    if (problem) ctx.addIssue({ code: 'custom', message: problem, continue: false });
  };
}
