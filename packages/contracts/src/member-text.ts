/**
 * One rule for the text members write (issue 43 item 4): names, headline, bio, a vouch's reason
 * and categories, introduction requests and suggestions, asks' messages. Shared by the web forms
 * and the services, which validate every body with the same functions.
 *
 * Any such text may not hold bidi controls (they reorder what follows, so a reason can show
 * words in another order than typed, or a name pass for another) or line and paragraph
 * separators (U+2028, U+2029, NEL: a line break where a field shows one line, and in a text
 * message), nor control characters (a multi-line field keeps line breaks and tabs).
 *
 * A person's name further may not (names.ts has the basics: a letter, no markup or invisible
 * characters):
 * - hold a link: no `/`, `:` or a dot between letters ("jane.example", "https:…");
 * - mix alphabets within a word (Unicode TR39's single-script rule: "Маyа" with a Cyrillic М and
 *   а among Latin letters), nor put a word made only of letters that pass for Latin ones into an
 *   otherwise Latin name (TR39's whole-script confusables: "Мауа Chen");
 * - use the product's name or its staff words, look-alikes included ("Vouch Support Team",
 *   "V0uch", "Adm1n").
 */

/** Bidi_Control characters: ALM, LRM, RLM, LRE, RLE, PDF, LRO, RLO, LRI, RLI, FSI, PDI. */
const BIDI_CONTROL = /[\u061C\u200E\u200F\u202A-\u202E\u2066-\u2069]/u;
/** Line separator, paragraph separator and NEL. */
const LINE_SEPARATOR = /[\u0085\u2028\u2029]/u;
/** Control characters but line feed, carriage return and tab (a multi-line field keeps those). */
const CONTROL_IN_TEXT = /(?![\t\n\r])\p{Cc}/u;
const CONTROL_IN_LINE = /\p{Cc}/u;

export interface MemberTextOptions {
  /** Line breaks allowed (a bio, a reason); a one-line field (a headline) refuses them. */
  multiline: boolean;
}

/** The sentence refusing `text` as member-written text in the field `label`, or null when it may be stored. */
export function memberTextProblem(text: string, label: string, options: MemberTextOptions): string | null {
  if (BIDI_CONTROL.test(text)) return `${label} cannot contain invisible direction marks (bidi controls such as U+202E), which change how the text reads.`;
  if (LINE_SEPARATOR.test(text)) return `${label} cannot contain line or paragraph separators (U+2028, U+2029)${options.multiline ? ': use an ordinary line break' : ''}.`;
  if ((options.multiline ? CONTROL_IN_TEXT : CONTROL_IN_LINE).test(text)) {
    return options.multiline ? `${label} cannot contain control characters.` : `${label} must be one line, without control characters.`;
  }
  return null;
}

/**
 * A zod `superRefine` step applying memberTextProblem to a string (null and undefined pass). A
 * refusal stops the string's later checks: follow it with `.regex(memberTextPattern(options))`,
 * which says the same rule in the API document (JSON Schema `pattern`) and never adds a second
 * message.
 */
export function memberTextRule(label: string, options: MemberTextOptions) {
  return (value: string | null | undefined, ctx: { addIssue(issue: { code: 'custom'; message: string; continue: boolean }): void }) => {
    if (typeof value !== 'string') return;
    const problem = memberTextProblem(value, label, options);
    if (problem) ctx.addIssue({ code: 'custom', message: problem, continue: false });
  };
}

/** The characters memberTextProblem refuses in any text (bidi controls and separators), as a character-class body. */
const REFUSED_IN_ANY = '\\u061C\\u200E\\u200F\\u202A-\\u202E\\u2066-\\u2069\\u0085\\u2028\\u2029';
/** memberTextProblem's rule as one regular expression (for the API document; the messages come from the rule). */
export const ONE_LINE_TEXT_PATTERN = new RegExp(`^[^\\p{Cc}${REFUSED_IN_ANY}]*$`, 'u');
export const MULTILINE_TEXT_PATTERN = new RegExp(`^(?:[\\t\\n\\r]|(?!\\p{Cc})[^${REFUSED_IN_ANY}])*$`, 'u');

/** The pattern of memberTextProblem's rule for one-line or multi-line text. */
export function memberTextPattern(options: MemberTextOptions): RegExp {
  return options.multiline ? MULTILINE_TEXT_PATTERN : ONE_LINE_TEXT_PATTERN;
}

// ---------------------------------------------------------------------------------------------
// Scripts (Unicode TR39 "single script": the resolved script set of a word is not empty)

/** The scripts a letter is tested against (Script_Extensions); a letter of none counts as "Other". */
const SCRIPTS = [
  'Latin', 'Greek', 'Cyrillic', 'Armenian', 'Georgian', 'Hebrew', 'Arabic', 'Syriac', 'Thaana', 'Nko',
  'Devanagari', 'Bengali', 'Gurmukhi', 'Gujarati', 'Oriya', 'Tamil', 'Telugu', 'Kannada', 'Malayalam', 'Sinhala',
  'Thai', 'Lao', 'Tibetan', 'Myanmar', 'Khmer', 'Mongolian', 'Ethiopic', 'Cherokee', 'Canadian_Aboriginal', 'Tifinagh',
  'Hangul', 'Hiragana', 'Katakana', 'Bopomofo', 'Han', 'Yi', 'Vai', 'Javanese', 'Balinese', 'Sundanese',
] as const;
const SCRIPT_TESTS = SCRIPTS.map((name) => [name, new RegExp(`\\p{Script_Extensions=${name}}`, 'u')] as const);
/** TR39's augmented sets: Han is also written in Japanese, Korean and Chinese with Bopomofo. */
const AUGMENTED: Record<string, readonly string[]> = {
  Han: ['Jpan', 'Kore', 'Hanb'],
  Hiragana: ['Jpan'],
  Katakana: ['Jpan'],
  Hangul: ['Kore'],
  Bopomofo: ['Hanb'],
};

function scriptsOfLetter(letter: string): Set<string> {
  const found = new Set<string>();
  for (const [name, test] of SCRIPT_TESTS) {
    if (!test.test(letter)) continue;
    found.add(name);
    for (const extra of AUGMENTED[name] ?? []) found.add(extra);
  }
  if (found.size === 0) found.add('Other');
  return found;
}

/** The scripts every letter of `word` shares (TR39's resolved script set); null for a word without letters. */
function resolvedScripts(word: string): Set<string> | null {
  const letters = [...word].filter((char) => /\p{L}/u.test(char));
  if (letters.length === 0) return null;
  return letters.map(scriptsOfLetter).reduce((shared, scripts) => new Set([...shared].filter((script) => scripts.has(script))));
}

/** Whether some word of `text` (words split at spaces) mixes letters of scripts no single writing system shares. */
export function mixesScriptsInAWord(text: string): boolean {
  return text.split(/\s+/u).some((word) => resolvedScripts(word)?.size === 0);
}

/**
 * Letters of other alphabets that pass for Latin ones, with the Latin letter they pass for
 * (Cyrillic and Greek, from Unicode's confusables.txt): the skeletons below compare through them.
 */
const LOOKALIKES: Record<string, string> = {
  // Cyrillic
  а: 'a', в: 'b', е: 'e', ё: 'e', к: 'k', м: 'm', н: 'h', о: 'o', р: 'p', с: 'c', т: 't', у: 'y', х: 'x',
  ѕ: 's', і: 'i', ї: 'i', ј: 'j', ԁ: 'd', ԛ: 'q', ԝ: 'w', һ: 'h', ӏ: 'l', ү: 'y', ɡ: 'g',
  // Greek
  α: 'a', β: 'b', ε: 'e', ζ: 'z', η: 'n', ι: 'i', κ: 'k', μ: 'u', ν: 'v', ο: 'o', ρ: 'p', τ: 't', υ: 'u', χ: 'x', ω: 'w',
};

/** Whether `word` is made only of non-Latin letters that all pass for Latin ones ("Мауа"). */
function passesForLatin(word: string): boolean {
  const letters = [...word.toLowerCase()].filter((char) => /\p{L}/u.test(char));
  return letters.length > 0 && letters.every((char) => LOOKALIKES[char] !== undefined);
}

function isLatinWord(word: string): boolean {
  const scripts = resolvedScripts(word);
  return scripts !== null && scripts.has('Latin');
}

/**
 * TR39's whole-script confusable in a name: a Latin word beside a word of another alphabet made
 * only of letters that look Latin ("Мауа Chen" reads "Maya Chen").
 */
export function hasLookalikeWord(text: string): boolean {
  const words = text.split(/\s+/u).filter(Boolean);
  return words.some(isLatinWord) && words.some((word) => !isLatinWord(word) && passesForLatin(word));
}

// ---------------------------------------------------------------------------------------------
// The product's name and its staff words, look-alikes included

/** The product's name: no member's name or profile URL may carry it. */
export const PRODUCT_NAME = 'vouch';
/** Words that would make a member pass for the site's own staff. */
export const STAFF_WORDS: readonly string[] = ['support', 'official', 'admin', 'administrator', 'moderator', 'staff', 'team', 'helpdesk', 'security', 'verified', 'system'];

/** Digits and signs written for letters ("adm1n", "supp0rt", "v@uch"). */
const LEET: Record<string, string> = { '0': 'o', '1': 'i', '!': 'i', '|': 'i', '3': 'e', '4': 'a', '@': 'a', '5': 's', $: 's', '7': 't', '8': 'b' };

/**
 * A skeleton of `text` for comparing words that look alike: lower case, accents dropped,
 * Cyrillic and Greek look-alikes and digits written for letters turned into the Latin letter, and
 * the shapes that read the same ("l" as "i", "rn" as "m", "vv" as "w"). Compare skeletons only
 * with skeletons.
 */
export function lookalikeSkeleton(text: string): string {
  const plain = text.toLowerCase().normalize('NFKD').replace(/\p{M}/gu, '');
  let out = '';
  for (const char of plain) out += LOOKALIKES[char] ?? LEET[char] ?? char;
  return out.replace(/l/g, 'i').replace(/rn/g, 'm').replace(/vv/g, 'w');
}

const PRODUCT_SKELETON = lookalikeSkeleton(PRODUCT_NAME);
const STAFF_SKELETONS = new Set(STAFF_WORDS.map(lookalikeSkeleton));
/** Company suffixes the product's name is joined with to pass for the company ("vouchhq"), as written. */
export const PRODUCT_AFFIXES_WRITTEN: readonly string[] = [...STAFF_WORDS, 'hq', 'app', 'bot', 'inc', 'co', 'us'];
/** What the product's name is joined with to pass for the company ("VouchTeam", "vouchhq"). */
const PRODUCT_AFFIXES = new Set(PRODUCT_AFFIXES_WRITTEN.map(lookalikeSkeleton));

/**
 * Whether one word (already a look-alike skeleton) passes for the site: a staff word, the
 * product's name, or the product's name joined with a staff word or a company suffix
 * ("vouchsupport", "vouchhq"). A word merely holding the letters ("voucher") does not.
 */
export function isStaffOrProductSkeleton(word: string): boolean {
  if (STAFF_SKELETONS.has(word) || word === PRODUCT_SKELETON) return true;
  const at = word.indexOf(PRODUCT_SKELETON);
  if (at < 0) return false;
  const rest = word.slice(0, at) + word.slice(at + PRODUCT_SKELETON.length);
  return rest === '' || PRODUCT_AFFIXES.has(rest) || PRODUCT_AFFIXES.has(word.slice(0, at)) || PRODUCT_AFFIXES.has(word.slice(at + PRODUCT_SKELETON.length));
}

/**
 * Whether `text` names the product or its staff: a word (letters and look-alike digits, split
 * at anything else) that passes for the site (isStaffOrProductSkeleton), once reduced to its
 * look-alike skeleton.
 */
export function namesTheProductOrStaff(text: string): boolean {
  return lookalikeSkeleton(text).split(/[^\p{L}\p{N}]+/u).filter(Boolean).some(isStaffOrProductSkeleton);
}

/** `/`, `:` or a dot between two letters: a name that holds a link ("jane.example/x", "https:…"). */
const LINK_IN_NAME = /[/:\uFF0F\uFF1A]|\p{L}[.\u3002\uFF0E]\p{L}/u;

/** Whether a name holds a link (`/`, `:`, or a dot between letters). */
export function holdsALink(text: string): boolean {
  return LINK_IN_NAME.test(text);
}
