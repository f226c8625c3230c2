// The network reads behind the routes: a few round trips each, never one per person.
import type { Database } from '@vouch/service-core';
import { countMembers, getMembers } from '@vouch/service-auth';
import { introductionLinksOf } from '@vouch/service-introductions';
import { closestSecondDegree, countAcceptedVouches, listConnections, reachByConnector, type Reach } from '@vouch/service-vouches';
import { SECOND_DEGREE_LIMIT, type NetworkAnalysis, type NetworkResponse, type NetworkStats, type OnboardingNetworkMap } from '@vouch/contracts';
import { buildAnalysis, CONNECTOR_LIMIT, rankConnectors } from './analysis';
import { buildOnboardingMap, type Standing } from './onboarding-map';
import type { IntroductionLink, IntroductionLinksProvider } from './introduction-links';
import { directConnections, secondDegreeConnections } from './relationships';

/**
 * GET /api/network: me, my 1° (relationships.ts: vouches and accepted introductions, from
 * `introductionLinks`, by default introductions' introductionLinksOf) and up to SECOND_DEGREE_LIMIT 2° people. Two chains run side by side:
 * my connections (vouches + their members' names), and the 2° people with my introduction links
 * followed by the names of me, the 2° people and the introduced people. The 1° members they are
 * reached through are named from my connections.
 */
export async function networkOf(db: Database, memberId: number, options: { now?: Date; introductionLinks?: IntroductionLinksProvider } = {}): Promise<NetworkResponse> {
  const introductions = options.introductionLinks ? options.introductionLinks(memberId) : introductionLinksOf(db, memberId);
  const secondDegree = Promise.all([closestSecondDegree(db, memberId, { limit: SECOND_DEGREE_LIMIT }), introductions]).then(async ([closest, links]) => {
    const picked = await notIntroduced(db, memberId, closest, links);
    const members = await getMembers(db, [...new Set([memberId, ...picked.map((r) => r.memberId), ...links.map((l) => l.memberId)])]);
    return { picked, links, members };
  });
  const [connections, { picked, links, members }] = await Promise.all([listConnections(db, memberId, options.now ?? new Date()), secondDegree]);
  const names = new Map(members.map((m) => [m.id, m.name]));
  const direct = directConnections(memberId, connections, links.map((l) => ({ ...l, name: names.get(l.memberId) ?? 'Member' })));
  for (const c of direct) if (typeof c.id === 'number' && !names.has(c.id)) names.set(c.id, c.name);
  // A vouch accepted between the two reads can make a first hop that is not in my connections yet.
  const unnamed = [...new Set(picked.map((r) => r.via))].filter((via) => !names.has(via));
  if (unnamed.length) for (const m of await getMembers(db, unnamed)) names.set(m.id, m.name);
  return {
    user: { id: memberId, name: names.get(memberId) ?? '' },
    directConnections: direct,
    secondDegreeConnections: secondDegreeConnections(picked, names),
  };
}

/**
 * The 2° rows without the people an introduction made 1° (never listed twice). The two reads
 * run side by side, so the 2° list was cut at the limit before the links were known: when it was
 * full and lost someone, it is read again without them (rare), so it stays the closest
 * SECOND_DEGREE_LIMIT.
 */
async function notIntroduced(db: Database, memberId: number, closest: readonly Reach[], links: readonly IntroductionLink[]): Promise<readonly Reach[]> {
  const introduced = new Set(links.map((l) => l.memberId));
  const kept = closest.filter((r) => !introduced.has(r.memberId));
  if (kept.length === closest.length || closest.length < SECOND_DEGREE_LIMIT) return kept;
  return closestSecondDegree(db, memberId, { limit: SECOND_DEGREE_LIMIT, excluding: [...introduced] });
}

/** GET /api/onboarding/network-map: my accepted vouches placed as mentors, peers and mentees. */
export async function onboardingMapOf(db: Database, memberId: number, now: Date = new Date()): Promise<OnboardingNetworkMap> {
  const connections = await listConnections(db, memberId, now);
  const ids = [memberId, ...connections.map((c) => c.memberId).filter((id): id is number => id !== null)];
  const standings = new Map<number, Standing>((await getMembers(db, ids)).map((m) => [m.id, { id: m.id, reputationScore: m.reputationScore, createdAt: m.createdAt }]));
  return buildOnboardingMap(memberId, connections, standings);
}

/** GET /api/network/analysis: one reach query split by first hop, then the connectors' names. */
export async function analysisOf(db: Database, memberId: number, degree: number): Promise<NetworkAnalysis> {
  const { total, firstHops } = await reachByConnector(db, memberId, degree);
  // Names only for the connectors that will be shown.
  const shown = rankConnectors(firstHops.map((r) => ({ connectorId: r.via, connectorName: '', networkSize: r.reached, relevantMatches: r.reachedWithSkills })), CONNECTOR_LIMIT);
  const names = new Map((await getMembers(db, shown.map((c) => c.connectorId))).map((m) => [m.id, m.name]));
  const rows = firstHops.map((r) => ({ connectorId: r.via, connectorName: names.get(r.via) ?? '', networkSize: r.reached, relevantMatches: r.reachedWithSkills }));
  return buildAnalysis(degree, total, rows);
}

/**
 * GET /api/network/stats for the landing page, answered from memory for `ttlMs` (concurrent
 * callers share one pair of COUNT queries). Members count everyone registered; vouches count
 * accepted ones only ("Vouches Given": a pending one is not given until it is accepted).
 */
export function cachedNetworkStats(db: Database, ttlMs: number, clock: () => number = Date.now): () => Promise<NetworkStats> {
  let cached: { at: number; value: Promise<NetworkStats> } | undefined;
  return () => {
    const now = clock();
    if (cached && now - cached.at < ttlMs) return cached.value;
    const value = Promise.all([countMembers(db), countAcceptedVouches(db)]).then(([totalUsers, totalVouches]) => ({ totalUsers, totalVouches }));
    const entry = { at: now, value };
    cached = entry;
    // A failed count is not remembered: the next call asks again.
    value.catch(() => {
      if (cached === entry) cached = undefined;
    });
    return value;
  };
}
