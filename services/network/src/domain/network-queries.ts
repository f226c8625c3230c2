// The network reads behind the routes: a few round trips each, never one per person.
import type { Database } from '@vouch/service-core';
import { countMembers, getMembers } from '@vouch/service-auth';
import { countVouches, listConnections, reachByConnector, reachWithin } from '@vouch/service-vouches';
import type { NetworkAnalysis, NetworkResponse, NetworkStats, OnboardingNetworkMap } from '@vouch/contracts';
import { buildAnalysis, CONNECTOR_LIMIT, rankConnectors } from './analysis';
import { buildOnboardingMap, type Standing } from './onboarding-map';
import { directConnections, pickSecondDegree, secondDegreeConnections } from './relationships';

/**
 * GET /api/network: me, my 1° (relationships.ts) and up to SECOND_DEGREE_LIMIT 2° people. Two
 * chains run side by side: my connections (vouches + their members' names), and the 2° reach
 * followed by the names of me and the 2° people shown. The 1° members they are reached through
 * are named from my connections.
 */
export async function networkOf(db: Database, memberId: number, now: Date = new Date()): Promise<NetworkResponse> {
  const secondDegree = reachWithin(db, memberId, 2).then(async (reach) => {
    const picked = pickSecondDegree(reach);
    return { picked, members: await getMembers(db, [memberId, ...picked.map((r) => r.memberId)]) };
  });
  const [connections, { picked, members }] = await Promise.all([listConnections(db, memberId, now), secondDegree]);
  const direct = directConnections(memberId, connections);
  const names = new Map(members.map((m) => [m.id, m.name]));
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
 * accepted and pending ones.
 */
export function cachedNetworkStats(db: Database, ttlMs: number, clock: () => number = Date.now): () => Promise<NetworkStats> {
  let cached: { at: number; value: Promise<NetworkStats> } | undefined;
  return () => {
    const now = clock();
    if (cached && now - cached.at < ttlMs) return cached.value;
    const value = Promise.all([countMembers(db), countVouches(db)]).then(([totalUsers, totalVouches]) => ({ totalUsers, totalVouches }));
    const entry = { at: now, value };
    cached = entry;
    // A failed count is not remembered: the next call asks again.
    value.catch(() => {
      if (cached === entry) cached = undefined;
    });
    return value;
  };
}
