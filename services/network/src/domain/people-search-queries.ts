// The reads of GET /api/people/search and GET /api/network/second-degree. Neither walks the
// whole 3° reach (≈ 3,600 row reads on the reference network): my 1° and 2° come from two reads
// of the neighbour rows, the text matches from the search index, and a match further away is 3°
// when one of its own neighbours is one of my 2° people (its row read, best matches first, until
// the page is full).
import { problems, type Database } from '@vouch/service-core';
import { getMembers } from '@vouch/service-auth';
import { getTier } from '@vouch/service-subscriptions';
import { introductionLinksOf } from '@vouch/service-introductions';
import { neighbourIdsOf, peopleWithWordPrefix, reachWithin, searchCardsOf, wordsOfPeople, type Reach } from '@vouch/service-vouches';
import { PEOPLE_SEARCH_MAX_WORDS, searchWords, type PersonSearchResult, type SecondDegreeConnection } from '@vouch/contracts';
import { byRelevance, describePath, matchAll, matchedWords, profileUrlOf, rankPeople, type RankedPerson, type TextMatch } from './people-search';

/** Rows read per query word from everyone's words (a word prefix shared by more people is searched over the first this many). */
export const FAR_MATCH_CAP = 20_000;
/** Matches further away whose neighbour rows are read first; each later batch is twice the last. */
const FAR_FIRST_BATCH = 500;

export interface OffsetPage {
  offset: number;
  /** Rows wanted: the page and one more (a next page exists). */
  take: number;
}

/**
 * The people whose words begin every word of q, nearest first. With `degree`, only those at that
 * degree (the results page's filter): no public-only people, and no read of the farther matches
 * for a degree of 1 or 2. A degree beyond the plan's reach is refused with the plan that has it.
 */
export async function searchPeople(db: Database, memberId: number, q: string, page: OffsetPage, degree?: number): Promise<PersonSearchResult[]> {
  const words = searchWords(q).slice(0, PEOPLE_SEARCH_MAX_WORDS);
  const [tier, reach] = await Promise.all([getTier(db, memberId), reachWithin(db, memberId, 2)]);
  const maxDegree = Math.max(1, ...tier.introductionDegrees);
  if (degree !== undefined && degree > maxDegree) throw problems.forbidden(searchDegreeNotInPlan(tier.displayName, degree, maxDegree), 'PLAN_TIER');
  const near = new Map<number, Reach>(reach.filter((r) => r.degree <= maxDegree && (degree === undefined || r.degree === degree)).map((r) => [r.memberId, r]));
  const nearMatches = matchAll(await wordsOfPeople(db, [...near.keys()], words), words);
  const ranked: RankedPerson[] = [...nearMatches.values()].map((m) => {
    const r = near.get(m.memberId)!;
    return { memberId: m.memberId, score: m.score, degree: r.degree, through: r.degree === 2 ? [r.via] : [] };
  });
  const need = page.offset + page.take;
  if (ranked.length < need && (degree === undefined || degree === 3)) {
    const far = await farPeople(db, memberId, words, reach, maxDegree, need - ranked.length);
    ranked.push(...(degree === undefined ? far : far.filter((p) => p.degree === degree)));
  }
  const shown = rankPeople(ranked).slice(page.offset, need);
  return describe(db, shown, words);
}

/** "Your Network Builder plan reaches people up to 2nd degree. Upgrade to search 3rd degree connections." */
function searchDegreeNotInPlan(plan: string, degree: number, reach: number): string {
  return `Your ${plan} plan reaches people up to ${ORDINAL[reach]} degree. Upgrade to search ${ORDINAL[degree]} degree connections.`;
}
const ORDINAL: Record<number, string> = { 1: '1st', 2: '2nd', 3: '3rd' };

/**
 * Matches outside my 1° and 2°: each word's prefix read from everyone's words (at most
 * FAR_MATCH_CAP rows), kept when every word matches. With a 3° plan, they are read best first in
 * batches until `wanted` 3° people are found (all of those outrank any public-only one); the rest
 * count only when their profile is public.
 */
async function farPeople(db: Database, memberId: number, words: readonly string[], reach: readonly Reach[], maxDegree: number, wanted: number): Promise<RankedPerson[]> {
  const rows = (await Promise.all(words.map((w) => peopleWithWordPrefix(db, w, FAR_MATCH_CAP)))).flat();
  const known = new Set(reach.map((r) => r.memberId)).add(memberId);
  const far = [...matchAll(rows, words).values()].filter((m) => !known.has(m.memberId)).sort(byRelevance);
  if (maxDegree < 3) return far.filter((m) => m.isPublic).map((m) => ({ memberId: m.memberId, score: m.score, degree: null, through: [] }));
  const second = new Map(reach.filter((r) => r.degree === 2).map((r) => [r.memberId, r]));
  const out: RankedPerson[] = [];
  let third = 0;
  let i = 0;
  for (let size = FAR_FIRST_BATCH; i < far.length && third < wanted; i += size, size *= 2) {
    const batch = far.slice(i, i + size);
    const neighbours = await neighbourIdsOf(db, batch.map((m) => m.memberId));
    for (const m of batch) {
      const middle = (neighbours.get(m.memberId) ?? []).filter((id) => second.has(id)).sort((a, b) => a - b)[0];
      if (middle !== undefined) {
        out.push({ memberId: m.memberId, score: m.score, degree: 3, through: [second.get(middle)!.via, middle] });
        third += 1;
      } else if (m.isPublic) out.push(publicOnly(m));
    }
  }
  // Not read: when the page is full of 3° people, these come after every one of them anyway.
  for (const m of far.slice(i)) if (m.isPublic) out.push(publicOnly(m));
  return out;
}

const publicOnly = (m: TextMatch): RankedPerson => ({ memberId: m.memberId, score: m.score, degree: null, through: [] });

/** Names, headlines and profile pages of the people shown and of their paths. */
async function describe(db: Database, shown: readonly RankedPerson[], words: readonly string[]): Promise<PersonSearchResult[]> {
  const ids = shown.map((p) => p.memberId);
  const [members, cards, rows] = await Promise.all([getMembers(db, [...new Set([...ids, ...shown.flatMap((p) => p.through)])]), searchCardsOf(db, ids), wordsOfPeople(db, ids, words)]);
  const names = new Map(members.map((m) => [m.id, m.name]));
  const matched = matchedWords(rows, words);
  return shown
    .filter((p) => names.has(p.memberId))
    .map((p) => ({
      memberId: p.memberId,
      name: names.get(p.memberId)!,
      headline: cards.get(p.memberId)?.headline ?? null,
      profileUrl: profileUrlOf(p.memberId, cards.get(p.memberId)),
      degree: p.degree,
      path: describePath(p.through, names),
      matched: matched.get(p.memberId) ?? [],
    }));
}

/**
 * GET /api/network/second-degree: every 2° person (not only the SECOND_DEGREE_LIMIT the map
 * draws), those sharing the most 1° members first, then by id; with `q`, only those whose name,
 * skills or headline match every word. People an accepted introduction made 1° are left out, as
 * on the map.
 */
export async function secondDegreePage(db: Database, memberId: number, q: string | undefined, page: OffsetPage): Promise<SecondDegreeConnection[]> {
  const [reach, links] = await Promise.all([reachWithin(db, memberId, 2), introductionLinksOf(db, memberId)]);
  const introduced = new Set(links.map((l) => l.memberId));
  let second = reach.filter((r) => r.degree === 2 && !introduced.has(r.memberId)).sort((a, b) => b.firstHops - a.firstHops || a.memberId - b.memberId);
  const words = searchWords(q).slice(0, PEOPLE_SEARCH_MAX_WORDS);
  if (words.length) {
    const matches = matchAll(await wordsOfPeople(db, second.map((r) => r.memberId), words), words);
    second = second.filter((r) => matches.has(r.memberId));
  }
  const shown = second.slice(page.offset, page.offset + page.take);
  const names = new Map((await getMembers(db, [...new Set(shown.flatMap((r) => [r.memberId, r.via]))])).map((m) => [m.id, m.name]));
  return shown.map((r) => ({
    id: r.memberId,
    name: names.get(r.memberId) ?? 'Member',
    relationshipType: 'second_degree_vouch' as const,
    connectedThrough: names.get(r.via) ?? 'Member',
    connectedThroughId: r.via,
    sharedConnections: r.firstHops,
  }));
}
