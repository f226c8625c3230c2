import { setImmediate as nextTurn } from 'node:timers/promises';
import type { Database } from '@vouch/service-core';
import { getMembers, listMembers, type Member } from '@vouch/service-auth';
import { getTier } from '@vouch/service-subscriptions';
import { acceptedVouchesFor, reachWithin, type Reach } from '@vouch/service-vouches';
import { MAX_POTENTIAL_MATCHES_SHOWN, type ConnectorInsight, type ConnectorInsights, type Match, type MyMatches } from '@vouch/contracts';
import type { RequestRecord } from '../data-access/introduction.repository';
import type { AnalysisRewriter } from './analysis-rewriter';
import { describeMatch, MatchIndex, scoreMatches, selectMatches, type Candidate, type IndexDocument, type RankedMatch, type ScoredMatch } from './matching/match';
import { maskedPhone, phoneFor } from './privacy';

/** "other" matches returned at most (they are below the potential line; not suggestions). */
export const MAX_OTHER_MATCHES = 5;

/** One long-lived BM25 index per database in this process (see MatchIndex). */
const indexes = new WeakMap<Database, MatchIndex>();
function indexFor(db: Database): MatchIndex {
  let index = indexes.get(db);
  if (!index) indexes.set(db, (index = new MatchIndex()));
  return index;
}

export interface WarmupResult {
  /** Members read (everyone: a member without a vouch is an empty document). */
  members: number;
  /** Documents (re)built; 0 when a request had already indexed everyone. */
  indexed: number;
  ms: number;
}

/** Members per database read during warm-up, and per synchronous indexing step between which requests are served. */
export const WARMUP_READ_BATCH = 1000;
export const WARMUP_INDEX_STEP = 100;

const warmups = new WeakMap<Database, Promise<WarmupResult>>();

/**
 * Fills the process's match index for `db` from every member's accepted vouches, so the first
 * my-matches call does not pay for it (seconds on a large network: normalising and indexing
 * every vouch). Reads members in batches of WARMUP_READ_BATCH and indexes WARMUP_INDEX_STEP at
 * a time, yielding to the event loop in between, so requests are served meanwhile (one arriving
 * first indexes its own candidates itself, as before; warm-up then skips them). Later changes
 * (a vouch accepted) are picked up by the requests themselves: a member whose vouch ids changed
 * is re-read on their next ranking. Started once per database; the same promise after that.
 */
export function warmMatchIndex(db: Database): Promise<WarmupResult> {
  let running = warmups.get(db);
  if (!running) {
    running = buildIndex(db);
    warmups.set(db, running);
  }
  return running;
}

/** Warm-up at start-up: VOUCH_MATCH_INDEX_WARMUP on/off; on by default, except under tests (NODE_ENV=test). */
export function warmupWanted(env: NodeJS.ProcessEnv): boolean {
  const setting = env.VOUCH_MATCH_INDEX_WARMUP?.trim().toLowerCase();
  if (setting) return !['off', '0', 'false', 'no'].includes(setting);
  return env.NODE_ENV !== 'test';
}

/** The warm-up started for `db`, if any (tests and logs). */
export function matchIndexWarmup(db: Database): Promise<WarmupResult> | null {
  return warmups.get(db) ?? null;
}

async function buildIndex(db: Database): Promise<WarmupResult> {
  const started = performance.now();
  const index = indexFor(db);
  const ids = (await listMembers(db)).map((m) => m.id);
  let indexed = 0;
  for (let i = 0; i < ids.length; i += WARMUP_READ_BATCH) {
    const batch = ids.slice(i, i + WARMUP_READ_BATCH);
    const byRecipient = new Map<number, IndexDocument['vouches'][number][]>(batch.map((id) => [id, []]));
    // Oldest first, as rankFor reads them: the same vouch ids in the same order are "unchanged".
    for (const v of await acceptedVouchesFor(db, batch)) {
      byRecipient.get(v.recipientId)?.push({ vouchId: v.id, skills: v.skills, accomplishments: v.accomplishments, characterTraits: v.characterTraits, reason: v.reason });
    }
    const docs: IndexDocument[] = [...byRecipient].map(([memberId, vouches]) => ({ memberId, vouches }));
    for (let k = 0; k < docs.length; k += WARMUP_INDEX_STEP) {
      indexed += index.sync(docs.slice(k, k + WARMUP_INDEX_STEP));
      await nextTurn();
    }
  }
  return { members: ids.length, indexed, ms: Math.round(performance.now() - started) };
}

interface Ranking {
  ranked: ScoredMatch[];
  reach: Map<number, Reach>;
  members: Map<number, Member>;
  /** Who vouched for each candidate (names the middle person of a 3° path). */
  vouchersOf: Map<number, number[]>;
}

/**
 * Ranks everyone within the request's degree of `viewerId` (requester and viewer excluded)
 * for the request. Three reads: the reach (one recursive query), their accepted vouches, and
 * the members involved (names, phones, reputation).
 */
async function rankFor(db: Database, request: RequestRecord, viewerId: number): Promise<Ranking> {
  const reachRows = (await reachWithin(db, viewerId, request.degreeLevel)).filter((r) => r.memberId !== request.requesterId);
  const reach = new Map(reachRows.map((r) => [r.memberId, r]));
  if (reachRows.length === 0) return { ranked: [], reach, members: new Map(), vouchersOf: new Map() };
  const vouches = await acceptedVouchesFor(db, [...reach.keys()]);
  const ids = new Set<number>(reach.keys());
  for (const v of vouches) ids.add(v.voucherId);
  const members = new Map((await getMembers(db, [...ids])).map((m) => [m.id, m]));

  const byRecipient = new Map<number, typeof vouches>();
  for (const v of vouches) {
    const list = byRecipient.get(v.recipientId) ?? [];
    list.push(v);
    byRecipient.set(v.recipientId, list);
  }
  const candidates: Candidate[] = [];
  for (const r of reachRows) {
    const member = members.get(r.memberId);
    if (!member) continue;
    candidates.push({
      memberId: r.memberId,
      name: member.name,
      degree: r.degree,
      reputationScore: member.reputationScore,
      vouches: (byRecipient.get(r.memberId) ?? []).map((v) => ({
        vouchId: v.id,
        voucherId: v.voucherId,
        voucherName: v.voucherId === viewerId ? 'You' : (members.get(v.voucherId)?.name ?? 'A member'),
        voucherDegree: v.voucherId === viewerId ? 0 : (reach.get(v.voucherId)?.degree ?? null),
        skills: v.skills,
        accomplishments: v.accomplishments,
        characterTraits: v.characterTraits,
        reason: v.reason,
      })),
    });
  }
  const vouchersOf = new Map([...byRecipient].map(([id, list]) => [id, list.map((v) => v.voucherId)]));
  return { ranked: scoreMatches(request, candidates, indexFor(db)), reach, members, vouchersOf };
}

/**
 * "How you're connected": You → first hop → … → them. The first hop is known for everyone;
 * for 3° the middle person is named when one of the match's vouchers is it.
 */
function pathTo(match: RankedMatch, ranking: Ranking): string {
  const reach = ranking.reach.get(match.memberId)!;
  const name = (id: number) => ranking.members.get(id)?.name ?? 'a member';
  if (reach.degree === 1) return `You → ${match.name}`;
  if (reach.degree === 2) return `You → ${name(reach.via)} → ${match.name}`;
  const middle = (ranking.vouchersOf.get(match.memberId) ?? []).find((id) => ranking.reach.get(id)?.degree === 2 && ranking.reach.get(id)?.via === reach.via);
  return `You → ${name(reach.via)} → ${middle !== undefined ? name(middle) : `someone ${name(reach.via)} knows`} → ${match.name}`;
}

/**
 * GET /api/introduction-requests/:id/my-matches: the people the viewer could introduce to the
 * requester, grouped by SPEC tier. The viewer's plan caps the suggestions (perfect + strong +
 * potential together, best first: 3 on free, 10 on paid plans; potential at most 5); "other"
 * (below 50) is at most 5 and outside the cap. Phones are full only for the viewer's 1°.
 * With a `rewriter` (the optional language model), the best few suggestions' aiAnalysis may be
 * reworded; whatever it does not rewrite keeps the offline sentence.
 */
export async function myMatches(db: Database, request: RequestRecord, viewerId: number, rewriter: AnalysisRewriter | null = null, now = new Date()): Promise<MyMatches> {
  const [ranking, tier] = await Promise.all([rankFor(db, request, viewerId), getTier(db, viewerId)]);
  const result: MyMatches = { perfect: [], strong: [], potential: [], other: [] };
  const shown = selectMatches(ranking.ranked, { suggestions: tier.matchSuggestions, potential: MAX_POTENTIAL_MATCHES_SHOWN, other: MAX_OTHER_MATCHES });
  for (const m of shown.map(describeMatch)) {
    const member = ranking.members.get(m.memberId)!;
    const dto: Match = {
      userId: m.memberId,
      name: m.name,
      phone: phoneFor(member.phone, m.degree === 1),
      relevanceScore: m.relevanceScore,
      matchingFactors: m.matchingFactors,
      aiAnalysis: m.aiAnalysis,
      confidenceLevel: m.confidenceLevel,
      createdAt: now.toISOString(),
      degree: m.degree,
      path: pathTo(m, ranking),
    };
    result[m.tier].push(dto);
  }
  if (rewriter) {
    const suggestions = [...result.perfect, ...result.strong, ...result.potential];
    const keyOf = (m: Match) => `${request.id}:${viewerId}:${m.userId}`;
    const rewritten = await rewriter.rewrite(request, suggestions.map((m) => ({ key: keyOf(m), name: m.name, matchingFactors: m.matchingFactors, aiAnalysis: m.aiAnalysis })));
    for (const m of suggestions) m.aiAnalysis = rewritten.get(keyOf(m)) ?? m.aiAnalysis;
  }
  return result;
}

/**
 * GET /api/introduction-requests/:id/connector-insights (the requester's view): for each of the
 * requester's 1° connections through whom matches (relevance ≥ 50) are reachable — the first
 * hop of a shortest path — how many, how good, and how far the nearest is (1 when the
 * connector is a match themselves). Best connectors first. All matches count (no plan cap).
 */
export async function connectorInsights(db: Database, request: RequestRecord): Promise<ConnectorInsights> {
  const ranking = await rankFor(db, request, request.requesterId);
  const matches = ranking.ranked.filter((m) => m.relevanceScore >= 50);
  const byConnector = new Map<number, ScoredMatch[]>();
  for (const m of matches) {
    const via = ranking.reach.get(m.candidate.memberId)!.via;
    byConnector.set(via, [...(byConnector.get(via) ?? []), m]);
  }
  const connectorMembers = new Map((await getMembers(db, [...byConnector.keys()].filter((id) => !ranking.members.has(id)))).map((m) => [m.id, m]));
  const connectors: ConnectorInsight[] = [...byConnector.entries()].map(([connectorId, list]) => {
    const member = ranking.members.get(connectorId) ?? connectorMembers.get(connectorId);
    return {
      connectorId,
      connectorName: member?.name ?? 'A member',
      connectorPhone: member ? maskedPhone(member.phone) : '•••-•••-••••',
      networkDistance: Math.min(...list.map((m) => m.candidate.degree)),
      totalMatches: list.length,
      averageRelevance: Math.round(list.reduce((sum, m) => sum + m.relevanceScore, 0) / list.length),
      perfectMatches: list.filter((m) => m.tier === 'perfect').length,
      strongMatches: list.filter((m) => m.tier === 'strong').length,
      topRelevance: Math.max(...list.map((m) => m.relevanceScore)),
    };
  });
  connectors.sort(
    (a, b) =>
      b.perfectMatches - a.perfectMatches ||
      b.strongMatches - a.strongMatches ||
      b.averageRelevance - a.averageRelevance ||
      b.totalMatches - a.totalMatches ||
      a.connectorId - b.connectorId,
  );
  return { connectors, totalConnectors: connectors.length, totalMatches: matches.length };
}
