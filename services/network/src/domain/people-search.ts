// People search (issue 28 item 3): pure rules for matching and ranking, tested without a
// database (test/people-search.test.ts). The reads are in people-search-queries.ts.
import type { SearchWordRow } from '@vouch/service-vouches';
import { pathText, type PersonSearchResult, type SearchMatchField } from '@vouch/contracts';

/** The name outranks skills, skills the headline; a whole word twice a prefix. */
const FIELD_WEIGHT: Record<number, number> = { 1: 3, 2: 2, 3: 1 };

export interface TextMatch {
  memberId: number;
  /** Text relevance: per query word, its best row (field weight, doubled when the word is whole). */
  score: number;
  isPublic: boolean;
}

/** The members whose rows match every query word (each as a prefix of one of their words), scored. */
export function matchAll(rows: readonly SearchWordRow[], queryWords: readonly string[]): Map<number, TextMatch> {
  const best = new Map<number, { scores: number[]; isPublic: boolean }>();
  for (const row of rows) {
    let entry = best.get(row.memberId);
    for (let i = 0; i < queryWords.length; i += 1) {
      const word = queryWords[i]!;
      if (!row.word.startsWith(word)) continue;
      if (!entry) best.set(row.memberId, (entry = { scores: queryWords.map(() => 0), isPublic: row.isPublic }));
      const score = (FIELD_WEIGHT[row.field] ?? 1) * (row.word === word ? 2 : 1);
      if (score > entry.scores[i]!) entry.scores[i] = score;
    }
  }
  const out = new Map<number, TextMatch>();
  for (const [memberId, entry] of best) {
    if (entry.scores.every((s) => s > 0)) out.set(memberId, { memberId, score: entry.scores.reduce((a, b) => a + b, 0), isPublic: entry.isPublic });
  }
  return out;
}

const FIELD_NAMES: Record<number, SearchMatchField> = { 1: 'name', 2: 'skill', 3: 'headline' };

/**
 * Why each member was found: for every query word, the best of their words it begins (the same
 * weights as the score), each word once, in the query's order. Members with no row are left out.
 */
export function matchedWords(rows: readonly SearchWordRow[], queryWords: readonly string[]): Map<number, PersonSearchResult['matched']> {
  const best = new Map<number, Array<SearchWordRow | undefined>>();
  const weight = (row: SearchWordRow, word: string) => (FIELD_WEIGHT[row.field] ?? 1) * (row.word === word ? 2 : 1);
  for (const row of rows) {
    const entry = best.get(row.memberId) ?? queryWords.map(() => undefined);
    best.set(row.memberId, entry);
    queryWords.forEach((word, i) => {
      const current = entry[i];
      if (row.word.startsWith(word) && (!current || weight(row, word) > weight(current, word))) entry[i] = row;
    });
  }
  const out = new Map<number, PersonSearchResult['matched']>();
  for (const [memberId, entry] of best) {
    const seen = new Set<string>();
    const matched: PersonSearchResult['matched'] = [];
    for (const row of entry) {
      if (!row || seen.has(`${row.field} ${row.word}`)) continue;
      seen.add(`${row.field} ${row.word}`);
      matched.push({ field: FIELD_NAMES[row.field] ?? 'headline', word: row.word });
    }
    out.set(memberId, matched);
  }
  return out;
}

/** Higher score first, then the smaller id: the order inside one degree. */
export function byRelevance(a: { score: number; memberId: number }, b: { score: number; memberId: number }): number {
  return b.score - a.score || a.memberId - b.memberId;
}

export interface RankedPerson {
  memberId: number;
  score: number;
  /** 1–3, or null for a public profile outside the plan's reach. */
  degree: number | null;
  /** Member ids of the path's people between me and them (1°, then 2° for a 3° person). */
  through: number[];
}

/** 1° before 2° before 3° before public-only; inside each, by relevance. */
export function rankPeople(people: readonly RankedPerson[]): RankedPerson[] {
  return [...people].sort((a, b) => (a.degree ?? 4) - (b.degree ?? 4) || byRelevance(a, b));
}

/** The path as the member reads it, from the names of its people. */
export function describePath(through: readonly number[], names: ReadonlyMap<number, string>): string | null {
  return pathText(through.map((id) => names.get(id) ?? 'Member'));
}

/** The profile page of a result: the public page by slug, else the signed-in page by member id. */
export function profileUrlOf(memberId: number, card: { slug: string; isPublic: boolean } | undefined): string {
  return card?.isPublic ? `/profile/${card.slug}` : `/members/${memberId}`;
}
