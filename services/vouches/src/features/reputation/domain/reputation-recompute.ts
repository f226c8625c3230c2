// Wiring of the pure reputation model to the database: read the network (all of it, or, in a
// worker that keeps a ReputationMemory, what changed since its last run), compute, write the
// member rows that changed (through auth's writeMemberStats). It runs in the worker
// (reputation-schedule.ts, worker/), never in a request. See docs/reputation.md "When it runs"
// and docs/scaling.md "Incremental work".
import { Transaction } from 'sequelize';
import { ONBOARDING_VOUCH_THRESHOLD } from '@vouch/contracts';
import type { Database } from '@vouch/service-core';
import { countMembers, listMembers, listMembersFrom, writeMemberStats, type Member, type MemberStatsPatch } from '@vouch/service-auth';
import { acceptedVouchTotals, listAcceptedEdges, listVouchesAcceptedSince } from '../data-access/reputation.repository';
import { holdsReputationLease } from '../data-access/reputation-runs.repository';
import { listExplanationRows, writeExplanationRows, writeTrustReference } from '../data-access/reputation-explanation.repository';
import { computeReputation, type IntroductionFactsInput, type MemberReputation } from './scoring';
import { explanationUpdates } from './reputation-explanation';
import { indexMembers } from './scoring/member-index';
import { applyChanges, MEMBER_REREAD_IDS, recentVouches, REREAD_MS, type NetworkChanges, type NetworkSnapshot, type ReputationMemory } from './reputation-memory';

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
  /**
   * The lease holder this run writes for: each write batch first checks, in its transaction, that
   * it still holds the lease, and the run stops (ReputationLeaseLost) once another took it over.
   */
  leaseHolder?: string;
}

/** A run whose lease was taken over (it stalled past the lease): it stopped before its next write. */
export class ReputationLeaseLost extends Error {
  constructor(holder: string) {
    super(`The reputation lease of ${holder} was taken over: the run stopped before writing more.`);
    this.name = 'ReputationLeaseLost';
  }
}

/** Runs `write` in a transaction, after checking that `holder` (if any) still holds the lease. */
function fencedWrite(db: Database, holder: string | undefined, write: (t: Transaction) => Promise<void>): Promise<void> {
  return db.transaction(async (t) => {
    if (holder !== undefined && !(await holdsReputationLease(db, holder, t))) throw new ReputationLeaseLost(holder);
    await write(t);
  });
}

export interface RecomputeResult {
  /** Members in the snapshot. */
  members: number;
  /** Member rows written (only those whose values changed). */
  changed: number;
  /** `full`: the whole network was read; `incremental`: what changed was applied to the worker's snapshot. */
  mode: 'full' | 'incremental';
  /** Why a worker keeping a snapshot read the whole network anyway. */
  reason?: string;
  /** The model's iterations (both propagations): a few when started from the previous run's trust. */
  iterations: number;
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
 * member's neighbours side by side, each counted once): a Set per member cost 1–2 s of the
 * worker's CPU on 850,000 edges, time a gateway on the same machine waits for.
 *
 * Only vouches between two of `memberIds` count (a snapshot's vouches may name a member it does
 * not hold); ids are looked up by position (indexMembers), not in a Map: ~0.3 s less per run on
 * a million vouches. Members without an accepted vouch get no entry.
 */
export function countsByMember(edges: readonly { voucherId: number; recipientId: number }[], memberIds: readonly number[]): Map<number, GraphCounts> {
  const index = indexMembers(memberIds);
  const from = new Int32Array(edges.length);
  const to = new Int32Array(edges.length);
  let kept = 0;
  for (const e of edges) {
    const voucher = index.of(e.voucherId);
    const recipient = index.of(e.recipientId);
    if (voucher < 0 || recipient < 0) continue;
    from[kept] = voucher;
    to[kept] = recipient;
    kept += 1;
  }
  const n = memberIds.length;
  const vouches = new Uint32Array(n);
  const start = new Int32Array(n + 1);
  for (let k = 0; k < kept; k++) {
    vouches[from[k]!]! += 1;
    vouches[to[k]!]! += 1;
    if (from[k] === to[k]) continue;
    start[from[k]! + 1]! += 1;
    start[to[k]! + 1]! += 1;
  }
  for (let i = 0; i < n; i++) start[i + 1]! += start[i]!;
  const next = start.slice(0, n);
  const other = new Int32Array(start[n]!);
  for (let k = 0; k < kept; k++) {
    if (from[k] === to[k]) continue;
    other[next[from[k]!]!++] = to[k]!;
    other[next[to[k]!]!++] = from[k]!;
  }
  // Distinct neighbours without sorting each member's: `seenBy[j]` is the last member (plus one)
  // whose list held j, so a repeat of j within member i's list is seen at once.
  const seenBy = new Int32Array(n);
  const counts = new Map<number, GraphCounts>();
  for (let i = 0; i < n; i++) {
    if (vouches[i] === 0) continue;
    let connections = 0;
    for (let k = start[i]!; k < start[i + 1]!; k++) {
      if (seenBy[other[k]!] === i + 1) continue;
      seenBy[other[k]!] = i + 1;
      connections += 1;
    }
    counts.set(memberIds[i]!, { connections, acceptedVouches: vouches[i]! });
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
 * through auth's writeMemberStats, in batches. Reads the whole network: never call it in a
 * request (requests call requestReputationRecompute; the worker runs it). Concurrent calls are
 * harmless but wasteful.
 */
export async function recomputeReputation(db: Database, options: RecomputeOptions = {}): Promise<RecomputeResult> {
  const network = await consistentRead(db, async (t) => ({ members: await listMembers(db, t), edges: await listAcceptedEdges(db, t), vectors: null }));
  return computeAndWrite(db, network, options, 'full');
}

/**
 * recomputeReputation for a worker that keeps `memory` between its runs: when the memory's
 * snapshot belongs to the last recorded run (`runs`, read under the lease) and the changes since
 * are only additions that add up, it reads those changes alone (a few indexed queries), applies
 * them and starts the model from the previous trust; otherwise it reads the whole network and
 * remembers it. Same scores as recomputeReputation, within the model's tolerance.
 */
export async function recomputeWithMemory(db: Database, memory: ReputationMemory, runs: number, options: RecomputeOptions = {}): Promise<RecomputeResult> {
  try {
    let reason = memory.fullRunReason(runs, Date.now());
    if (!reason) {
      const snapshot = memory.current();
      reason = applyChanges(snapshot, await readChanges(db, snapshot, memory.totalsDue(Date.now())));
      if (!reason) {
        memory.builtOn();
        return await computeAndWrite(db, snapshot, options, 'incremental');
      }
    }
    const snapshot = await readWholeNetwork(db);
    // The last trust is still the best start: the fixed point is the same whatever the start.
    snapshot.vectors = memory.lastVectors();
    memory.remember(snapshot, Date.now());
    return { ...(await computeAndWrite(db, snapshot, options, 'full')), reason };
  } catch (error) {
    memory.forget(); // what was written is unknown: the next run reads everything
    throw error;
  }
}


/**
 * Reads in one snapshot of the database (MariaDB: a consistent read; SQLite: a deferred read
 * transaction, which under WAL blocks no writer), so the totals match the rows read with them.
 */
function consistentRead<T>(db: Database, fn: (t: Transaction) => Promise<T>): Promise<T> {
  return db.sequelize.transaction({ type: Transaction.TYPES.DEFERRED }, fn);
}

/** Every member and accepted vouch, with what a snapshot checks its changes against (a full run, a worker priming its memory). */
export async function readWholeNetwork(db: Database): Promise<NetworkSnapshot> {
  const readAt = Date.now();
  return consistentRead(db, async (t) => {
    const members = await listMembers(db, t);
    const edges = await listAcceptedEdges(db, t);
    const totals = await acceptedVouchTotals(db, t);
    const recent = recentVouches(await listVouchesAcceptedSince(db, new Date(readAt - REREAD_MS), t), readAt);
    return { members, edges, totals, totalsCheckedAt: readAt, readAt, recent, vectors: null };
  });
}

/**
 * What changed since `snapshot` was read: members from just below the highest known id, the
 * member count, vouches accepted since its read (less REREAD_MS) and, `withTotals`, the totals.
 */
async function readChanges(db: Database, snapshot: NetworkSnapshot, withTotals: boolean): Promise<NetworkChanges> {
  const readAt = Date.now();
  const highest = snapshot.members.at(-1)?.id ?? 0;
  return consistentRead(db, async (t) => ({
    readAt,
    members: await listMembersFrom(db, Math.max(1, highest - MEMBER_REREAD_IDS), t),
    memberCount: await countMembers(db, t),
    vouches: await listVouchesAcceptedSince(db, new Date(snapshot.readAt - REREAD_MS), t),
    totals: withTotals ? await acceptedVouchTotals(db, t) : null,
  }));
}

/** The model over `snapshot`, and the writes of the member rows whose values changed (also into the snapshot's members). */
async function computeAndWrite(db: Database, snapshot: Pick<NetworkSnapshot, 'members' | 'edges' | 'vectors' | 'explanations'>, options: RecomputeOptions, mode: RecomputeResult['mode']): Promise<RecomputeResult> {
  const { members, edges } = snapshot;
  const introductions = await (options.introductionFacts?.() ?? Promise.resolve([]));
  const ids = members.map((m) => m.id);
  const known = indexMembers(ids);
  const result = computeReputation(
    {
      members: members.map((m) => ({ id: m.id, createdAt: m.createdAt })),
      vouches: edges,
      introductions: introductions.filter((f) => known.of(f.memberId) >= 0),
      asOf: options.now ?? new Date(),
    },
    {},
    snapshot.vectors ?? undefined,
  );
  snapshot.vectors = result.vectors;
  const scores = new Map(result.members.map((m) => [m.memberId, m]));
  const counts = countsByMember(edges, ids);
  const explanations = snapshot.explanations ?? (await listExplanationRows(db));
  const explained = explanationUpdates(
    explanations,
    members.map((m) => ({ memberId: m.id, scoreBefore: m.reputationScore, scoreAfter: scores.get(m.id)?.reputationScore ?? 0, vouchPass: scores.get(m.id)?.vouchPass ?? 0 })),
    options.now ?? new Date(),
  );

  const writes: [Member, MemberStatsPatch][] = [];
  for (const member of members) {
    const patch = changes(member, scores.get(member.id), counts.get(member.id));
    if (patch) writes.push([member, patch]);
  }
  for (let i = 0; i < writes.length; i += WRITE_BATCH) {
    const batch = writes.slice(i, i + WRITE_BATCH);
    await fencedWrite(db, options.leaseHolder, (t) => writeMemberStats(db, batch.map(([member, patch]) => [member.id, patch] as const), t));
    // The snapshot's rows now read as the database does: the next run writes only what moves again.
    for (const [member, patch] of batch) Object.assign(member, patch);
  }
  await writeExplanations(db, explained, explanations, result.trustReference, options.leaseHolder);
  snapshot.explanations = explanations;
  return { members: members.length, changed: writes.length, mode, iterations: result.iterations };
}

/** The explanation rows that changed (batched like the member rows), kept in `held` too, and the run's scale. */
async function writeExplanations(db: Database, rows: ReturnType<typeof explanationUpdates>, held: Map<number, (typeof rows)[number]>, trustReference: number, leaseHolder: string | undefined): Promise<void> {
  for (let i = 0; i < rows.length; i += WRITE_BATCH) {
    const batch = rows.slice(i, i + WRITE_BATCH);
    await fencedWrite(db, leaseHolder, (t) => writeExplanationRows(db, batch, t));
    for (const row of batch) held.set(row.memberId, row);
  }
  await writeTrustReference(db, trustReference, leaseHolder);
}
