// The network reads behind the routes: a few round trips each, never one per person.
import type { Database } from '@vouch/service-core';
import { countMembers, getMembers } from '@vouch/service-auth';
import { countVouches, listConnections, reachByConnector, reachWithin } from '@vouch/service-vouches';
import type { NetworkAnalysis, NetworkResponse, NetworkStats, OnboardingNetworkMap } from '@vouch/contracts';
import { buildAnalysis, CONNECTOR_LIMIT, rankConnectors } from './analysis';
import { buildOnboardingMap, type Standing } from './onboarding-map';
import { directConnections, pickSecondDegree, secondDegreeConnections } from './relationships';

/**
 * GET /api/network: me, my 1° (relationships.ts) and up to SECOND_DEGREE_LIMIT 2° people. Round
 * trips: my connections and the 2° reach in parallel (2 + 1), then the names of me, the shown
 * 2° people and their first hops in one query.
 */
export async function networkOf(db: Database, memberId: number, now: Date = new Date()): Promise<NetworkResponse> {
  const [connections, reach] = await Promise.all([listConnections(db, memberId, now), reachWithin(db, memberId, 2)]);
  const direct = directConnections(memberId, connections);
  const picked = pickSecondDegree(reach);
  const members = await getMembers(db, [memberId, ...picked.map((r) => r.memberId), ...new Set(picked.map((r) => r.via))]);
  const names = new Map(members.map((m) => [m.id, m.name]));
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
