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
export interface GraphCounts {
  /** Distinct members joined to this one by an accepted vouch, either direction (1°). */
  connections: number;
  /** Accepted vouches given plus received. */
  acceptedVouches: number;
}

/**
 * Per member: distinct 1° members and accepted vouches, from the edges. In typed arrays (each
 * member's neighbours side by side, sorted, counted once): a Set per member cost 1–2 s of the
 * worker's CPU on 850,000 edges, time a gateway on the same machine waits for.
 */
export function countsByMember(edges: readonly { voucherId: number; recipientId: number }[]): Map<number, GraphCounts> {
  const index = new Map<number, number>();
  const ids: number[] = [];
  const at = (id: number) => {
    let i = index.get(id);
    if (i === undefined) index.set(id, (i = ids.push(id) - 1));
    return i;
  };
  const from = new Int32Array(edges.length);
  const to = new Int32Array(edges.length);
  edges.forEach((e, k) => {
    from[k] = at(e.voucherId);
    to[k] = at(e.recipientId);
  });
  const n = ids.length;
  const vouches = new Uint32Array(n);
  const start = new Int32Array(n + 1);
  for (let k = 0; k < edges.length; k++) {
    vouches[from[k]!]! += 1;
    vouches[to[k]!]! += 1;
    if (from[k] === to[k]) continue;
    start[from[k]! + 1]! += 1;
    start[to[k]! + 1]! += 1;
  }
  for (let i = 0; i < n; i++) start[i + 1]! += start[i]!;
  const next = start.slice(0, n);
  const other = new Int32Array(start[n]!);
  for (let k = 0; k < edges.length; k++) {
    if (from[k] === to[k]) continue;
    other[next[from[k]!]!++] = to[k]!;
    other[next[to[k]!]!++] = from[k]!;
  }
  const counts = new Map<number, GraphCounts>();
  for (let i = 0; i < n; i++) {
    const mine = other.subarray(start[i]!, start[i + 1]!).sort();
    let connections = 0;
    for (let j = 0; j < mine.length; j++) if (j === 0 || mine[j] !== mine[j - 1]) connections += 1;
    counts.set(ids[i]!, { connections, acceptedVouches: vouches[i]! });
  }
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
