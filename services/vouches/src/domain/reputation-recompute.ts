// Wiring of the pure reputation model to the database: build a snapshot, compute, write the
// member rows that changed (through auth's updateMemberStats). It runs in the worker
// (reputation-schedule.ts, worker/), never in a request. See docs/reputation.md "When it runs".
import { ONBOARDING_VOUCH_THRESHOLD } from '@vouch/contracts';
import type { Database } from '@vouch/service-core';
import { listMembers, updateMemberStats, type Member, type MemberStatsPatch } from '@vouch/service-auth';
import { listAcceptedEdges } from '../data-access/reputation.repository';
import { computeReputation, type IntroductionFactsInput, type MemberReputation } from './reputation';

/**
 * What the introductions service knows per member (one GROUP BY), for the scores that reward
 * introducing. Passed in by the caller that knows both services (the worker, the seed):
 * vouches cannot import introductions, which imports vouches.
 */
export type IntroductionFactsProvider = () => Promise<readonly IntroductionFactsInput[]>;

// SPEC §6: onboarding completes at this many accepted vouches (shared with the dashboard).
export { ONBOARDING_VOUCH_THRESHOLD };

/** Member rows written per transaction (keeps the SQLite writer lock short on a big network). */
const WRITE_BATCH = 500;

export interface RecomputeOptions {
  /** Without it, requests made, suggestions accepted and introductions completed count as zero. */
  introductionFacts?: IntroductionFactsProvider;
  /** The instant account ages are measured to (default: now). */
  now?: Date;
}

export interface RecomputeResult {
  /** Members in the snapshot. */
  members: number;
  /** Member rows written (only those whose values changed). */
  changed: number;
}

/** What the recompute derives for one member besides the model's scores. */
interface GraphCounts {
  /** Distinct members joined to this one by an accepted vouch, either direction (1°). */
  connections: number;
  /** Accepted vouches given plus received. */
  acceptedVouches: number;
}

function countsByMember(edges: readonly { voucherId: number; recipientId: number }[]): Map<number, GraphCounts> {
  const neighbours = new Map<number, Set<number>>();
  const vouches = new Map<number, number>();
  const link = (a: number, b: number) => {
    let set = neighbours.get(a);
    if (!set) neighbours.set(a, (set = new Set()));
    set.add(b);
  };
  for (const { voucherId, recipientId } of edges) {
    vouches.set(voucherId, (vouches.get(voucherId) ?? 0) + 1);
    vouches.set(recipientId, (vouches.get(recipientId) ?? 0) + 1);
    if (voucherId === recipientId) continue;
    link(voucherId, recipientId);
    link(recipientId, voucherId);
  }
  const counts = new Map<number, GraphCounts>();
  for (const [id, total] of vouches) counts.set(id, { connections: neighbours.get(id)?.size ?? 0, acceptedVouches: total });
  return counts;
}

const SCORE_FIELDS = ['reputationScore', 'vouchScore', 'connectorScore', 'introductionScore', 'socialCapitalBalance'] as const;

/** The fields of `member` that differ from what they should now be; null when none. */
function changes(member: Member, scores: MemberReputation | undefined, counts: GraphCounts | undefined): MemberStatsPatch | null {
  const patch: MemberStatsPatch = {};
  for (const field of SCORE_FIELDS) {
    const value = scores ? scores[field] : 0;
    if (member[field] !== value) patch[field] = value;
  }
  const connections = counts?.connections ?? 0;
  if (member.connectionsCount !== connections) patch.connectionsCount = connections;
  // Onboarding, once complete, stays complete (SPEC §6): it is never taken back.
  if (!member.onboardingComplete && (counts?.acceptedVouches ?? 0) >= ONBOARDING_VOUCH_THRESHOLD) patch.onboardingComplete = true;
  return Object.keys(patch).length > 0 ? patch : null;
}

/**
 * Recomputes every member's reputation, vouch, connector and introduction scores and social
 * capital (the pure model over all members, accepted vouches and, with a provider, the
 * introduction facts), their connectionsCount (distinct 1° members), and sets
 * onboardingComplete at 15 accepted vouches. Writes only the member rows whose values changed,
 * through auth's updateMemberStats, in batches. Reads the whole network: never call it in a
 * request (requests call requestReputationRecompute; the worker runs it). Concurrent calls are
 * harmless but wasteful.
 */
export async function recomputeReputation(db: Database, options: RecomputeOptions = {}): Promise<RecomputeResult> {
  const [members, edges, introductions] = await Promise.all([listMembers(db), listAcceptedEdges(db), options.introductionFacts?.() ?? Promise.resolve([])]);
  const known = new Set(members.map((m) => m.id));
  const result = computeReputation({
    members: members.map((m) => ({ id: m.id, createdAt: m.createdAt })),
    vouches: edges,
    introductions: introductions.filter((f) => known.has(f.memberId)),
    asOf: options.now ?? new Date(),
  });
  const scores = new Map(result.members.map((m) => [m.memberId, m]));
  const counts = countsByMember(edges.filter((e) => known.has(e.voucherId) && known.has(e.recipientId)));

  const writes: [number, MemberStatsPatch][] = [];
  for (const member of members) {
    const patch = changes(member, scores.get(member.id), counts.get(member.id));
    if (patch) writes.push([member.id, patch]);
  }
  for (let i = 0; i < writes.length; i += WRITE_BATCH) {
    const batch = writes.slice(i, i + WRITE_BATCH);
    await db.transaction(async (t) => {
      for (const [memberId, patch] of batch) await updateMemberStats(db, memberId, patch, t);
    });
  }
  return { members: members.length, changed: writes.length };
}
