// The words of a profile, as pure functions: its slug, its tags and its generated summary.
import { PROFILE_TAG_LIMIT } from '@vouch/contracts';

/** Slugs are lowercase ASCII words joined by hyphens, at most this long. */
export const SLUG_MAX_LENGTH = 60;
const SLUG_SHAPE = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;
/** The slug of a name that has no Latin letters or digits ("李雷" → "member", "member-2", …). */
export const FALLBACK_SLUG = 'member';

/** "José  Núñez-O'Brien" → "jose-nunez-o-brien"; "" when nothing readable remains. */
export function slugify(name: string): string {
  const ascii = name
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/ß/g, 'ss')
    .replace(/[æÆ]/g, 'ae')
    .replace(/[øØ]/g, 'o')
    .toLowerCase();
  const slug = ascii.replace(/[^a-z0-9]+/g, '-').replace(/^-+|-+$/g, '');
  return slug.slice(0, SLUG_MAX_LENGTH).replace(/-+$/, '');
}

/** The slug's base for a member: their slugified name, or "member". */
export function slugBase(name: string): string {
  return slugify(name) || FALLBACK_SLUG;
}

/**
 * Whether `slug` is already a URL made from the name whose slug base is `base` (`jane-doe`,
 * `jane-doe-2`…): a name given in place of a voucher's that reads the same keeps its URL (issue 44).
 */
export function isSlugOf(slug: string, base: string): boolean {
  return slug === base || (slug.startsWith(`${base}-`) && /^\d+$/.test(slug.slice(base.length + 1)));
}

/**
 * The first free slug for `base`: `base` itself, else `base-2`, `base-3`, … (the smallest
 * number not in `taken`). The suffix keeps the whole slug within SLUG_MAX_LENGTH. A Set is
 * read as it is (a migration naming thousands of members keeps one).
 */
export function nextFreeSlug(base: string, taken: Iterable<string>): string {
  const used = taken instanceof Set ? (taken as ReadonlySet<string>) : new Set(taken);
  if (!used.has(base)) return base;
  for (let n = 2; ; n += 1) {
    const suffix = `-${n}`;
    const candidate = `${base.slice(0, SLUG_MAX_LENGTH - suffix.length).replace(/-+$/, '')}${suffix}`;
    if (!used.has(candidate)) return candidate;
  }
}

/** Whether `value` could be a slug at all (anything else is 404 without a query). */
export function isSlugShape(value: string): boolean {
  return value.length <= SLUG_MAX_LENGTH + 10 && SLUG_SHAPE.test(value);
}

/** A fragment longer than this is a sentence, not a tag: it is left out of the tags. */
export const TAG_MAX_LENGTH = 40;

/**
 * Splits free text into tags: on commas, semicolons, new lines and bullets; trims list marks
 * ("- ", "• ", "1. "), surrounding quotes and final full stops; collapses spaces.
 * "TypeScript, mentoring;\n- Leadership." → ["TypeScript", "mentoring", "Leadership"].
 */
export function splitTags(text: string | null | undefined): string[] {
  if (!text) return [];
  return text
    .split(/[,;\n\r•·|]+/)
    .map((part) =>
      part
        .replace(/\s+/g, ' ')
        .trim()
        .replace(/^(?:[-*–—]+|\d+[.)])\s*/, '')
        .replace(/^["'“‘]+|["'”’]+$/g, '')
        .replace(/[.!]+$/, '')
        .trim(),
    )
    .filter((tag) => tag.length > 0 && tag.length <= TAG_MAX_LENGTH);
}

const tagKey = (tag: string) => tag.toLowerCase();

/** "integrity" → "Integrity"; a spelling with any capital ("TypeScript", "COBOL", "iOS") is kept. */
function tagLabel(spelling: string): string {
  return spelling === spelling.toLowerCase() ? spelling.charAt(0).toUpperCase() + spelling.slice(1) : spelling;
}

/**
 * The most frequent tags over several texts (one text per vouch, oldest first): a tag counts
 * once per vouch whatever its case or spacing; the most mentioned come first, ties in order of
 * first mention. Each tag is shown in its most used spelling that has capitals ("TypeScript"
 * over "typescript"; ties: the first), else capitalised ("integrity" → "Integrity").
 * Deterministic for the same texts in the same order.
 */
export function rankTags(texts: readonly (string | null | undefined)[], limit: number = PROFILE_TAG_LIMIT): string[] {
  const tags = new Map<string, { count: number; first: number; spellings: Map<string, number> }>();
  let order = 0;
  for (const text of texts) {
    const seen = new Set<string>();
    for (const tag of splitTags(text)) {
      const key = tagKey(tag);
      let entry = tags.get(key);
      if (!entry) {
        entry = { count: 0, first: order++, spellings: new Map() };
        tags.set(key, entry);
      }
      entry.spellings.set(tag, (entry.spellings.get(tag) ?? 0) + 1);
      if (!seen.has(key)) {
        seen.add(key);
        entry.count += 1;
      }
    }
  }
  return [...tags.values()]
    .sort((a, b) => b.count - a.count || a.first - b.first)
    .slice(0, Math.max(0, limit))
    .map((entry) => {
      // All-lower-case says nothing about case ("typescript"): a spelling with capitals wins when there is one.
      let best = '';
      let bestRank = -1;
      for (const [spelling, count] of entry.spellings) {
        const rank = (spelling === spelling.toLowerCase() ? 0 : 1_000_000) + count;
        if (rank > bestRank) {
          best = spelling;
          bestRank = rank;
        }
      }
      return tagLabel(best);
    });
}

/** "a", "a and b", "a, b and c". */
function listOf(words: readonly string[]): string {
  if (words.length <= 1) return words.join('');
  return `${words.slice(0, -1).join(', ')} and ${words[words.length - 1]}`;
}

/** In the middle of a sentence a plain capitalised word reads lower case ("Leadership" → "leadership"); "TypeScript" stays. */
function inSentence(tag: string): string {
  return /^[A-Z][a-z]*(?: [a-z]+)*$/.test(tag) ? tag.toLowerCase() : tag;
}

/** Tags named in the summary sentence, each kind. */
export const SUMMARY_TAGS = 3;

/**
 * The generated Professional Summary, from the member's accepted vouches:
 * "Vouched for by 4 people for leadership and TypeScript; known for integrity and mentoring."
 * Names the distinct vouchers and the top skills and traits (ranked as by rankTags). Null
 * without any accepted vouch (the web shows its fallback sentence).
 */
export function summaryText(input: { voucherCount: number; skillTags: readonly string[]; traitTags: readonly string[] }): string | null {
  if (input.voucherCount <= 0) return null;
  const people = input.voucherCount === 1 ? '1 person' : `${input.voucherCount} people`;
  const skills = input.skillTags.slice(0, SUMMARY_TAGS).map(inSentence);
  const traits = input.traitTags.slice(0, SUMMARY_TAGS).map(inSentence);
  let text = `Vouched for by ${people}`;
  if (skills.length > 0) text += ` for ${listOf(skills)}`;
  if (traits.length > 0) text += `; known for ${listOf(traits)}`;
  return `${text}.`;
}
