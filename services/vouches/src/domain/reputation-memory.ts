// What a worker keeps of the network between its reputation runs, so that a run after a few
// accepts reads only what changed instead of every member and accepted vouch (docs/scaling.md
// "Incremental work"). Only additions are applied: new members, newly accepted vouches. Anything
// else (a vouch leaving the accepted set, a member leaving, totals that do not add up, another
// process having run the model) makes the next run read the whole network again, as does the
// safety net (a full run every FULL_RUN_POLICY.everyMs or .everyRuns). The bookkeeping only: the
// reads are in reputation-recompute.ts, the model does not know about any of this.
import type { Member } from '@vouch/service-auth';
import type { AcceptedEdge, AcceptedEdgeTotals, AcceptedVouchRow } from '../data-access/reputation.repository';
import type { TrustVectors } from './reputation';

/**
 * Vouches accepted since the last read minus this are read again (and those already in the
 * snapshot skipped by id): an accept's `accepted_at` is its gateway's clock when the request
 * began, so a commit that lands after our read, or a gateway clock a little behind ours, still
 * falls in the next window. A vouch that misses it anyway leaves the totals short: a full run.
 */
export const REREAD_MS = 10 * 60_000;

/**
 * Member ids below the highest known one that are read again: ids are handed out at insert but
 * committed in any order, so a sign-up may commit after a higher id was read.
 */
export const MEMBER_REREAD_IDS = 1_000;

/**
 * The safety net: a full run at least this often, whatever the checks say. A full run on the
 * reference network costs ≈ 6 s wall / 3.7 s CPU; one per 10 minutes is < 1 % of a core, and bounds
 * how long a change the checks cannot see (a hand edit of the database that keeps the totals)
 * stays unapplied.
 */
export const FULL_RUN_POLICY = { everyMs: 10 * 60_000, everyRuns: 300 } as const;

export type FullRunPolicy = { everyMs: number; everyRuns: number };

/** The network as this worker's last run left it. */
export interface NetworkSnapshot {
  /** Every member, ascending id, with the scores and counts as last written. */
  members: Member[];
  /** Every accepted vouch between two members (listAcceptedEdges). */
  edges: AcceptedEdge[];
  /** What `edges` adds up to. */
  totals: AcceptedEdgeTotals;
  /** When the network was last read (this worker's clock, epoch ms). */
  readAt: number;
  /** Vouches in `edges` accepted at readAt - REREAD_MS or later, id → acceptedAt (ms): the next read returns them again. */
  recent: Map<number, number>;
  /** The model's trust vectors of the last run: the next run starts from them. */
  vectors: TrustVectors | null;
}

/** What one consistent read found changed since `snapshot.readAt`. */
export interface NetworkChanges {
  readAt: number;
  /** Members from (highest known id − MEMBER_REREAD_IDS) up: new ones and some already known. */
  members: Member[];
  /** Members in all. */
  memberCount: number;
  /** Accepted edges accepted at snapshot.readAt - REREAD_MS or later: new ones and some already known. */
  vouches: AcceptedVouchRow[];
  totals: AcceptedEdgeTotals;
}

/** The member a sorted list holds with this id, by binary search; undefined when none. */
export function findMember(members: readonly Member[], id: number): Member | undefined {
  let lo = 0;
  let hi = members.length - 1;
  while (lo <= hi) {
    const mid = (lo + hi) >> 1;
    const at = members[mid]!.id;
    if (at === id) return members[mid];
    if (at < id) lo = mid + 1;
    else hi = mid - 1;
  }
  return undefined;
}

/** The recent map of a full read: the vouches of `rows` accepted at readAt - REREAD_MS or later. */
export function recentVouches(rows: readonly AcceptedVouchRow[], readAt: number): Map<number, number> {
  const recent = new Map<number, number>();
  for (const row of rows) if (row.acceptedAt.getTime() >= readAt - REREAD_MS) recent.set(row.id, row.acceptedAt.getTime());
  return recent;
}

/**
 * Adds what `changes` holds that `snapshot` lacks, when that is the whole story: returns null
 * after applying, or, changing nothing, the reason the snapshot cannot follow (the caller then
 * reads the whole network).
 */
export function applyChanges(snapshot: NetworkSnapshot, changes: NetworkChanges): string | null {
  const joined = changes.members.filter((m) => !findMember(snapshot.members, m.id));
  if (snapshot.members.length + joined.length !== changes.memberCount) return 'a member left (or joined unseen)';
  const members = joined.length === 0 ? snapshot.members : [...snapshot.members, ...joined].sort((a, b) => a.id - b.id);

  const accepted = changes.vouches.filter((v) => !snapshot.recent.has(v.id));
  let idSum = snapshot.totals.idSum;
  for (const vouch of accepted) {
    if (!findMember(members, vouch.voucherId) || !findMember(members, vouch.recipientId)) return `vouch ${vouch.id} names a member the snapshot lacks`;
    idSum += vouch.id;
  }
  const count = snapshot.totals.count + accepted.length;
  if (count !== changes.totals.count || idSum !== changes.totals.idSum) return 'the accepted vouches do not add up (one left the accepted set, or was accepted unseen)';

  snapshot.members = members;
  for (const vouch of accepted) {
    snapshot.edges.push({ voucherId: vouch.voucherId, recipientId: vouch.recipientId, type: vouch.type, acceptedAt: vouch.acceptedAt });
    snapshot.recent.set(vouch.id, vouch.acceptedAt.getTime());
  }
  for (const [id, acceptedAt] of snapshot.recent) if (acceptedAt < changes.readAt - REREAD_MS) snapshot.recent.delete(id);
  snapshot.totals = { count, idSum };
  snapshot.readAt = changes.readAt;
  return null;
}

/**
 * One worker's memory between runs: the snapshot, and which run it belongs to. A run checks
 * `fullRunReason` first (with the run count it read under the lease) and either reads everything
 * and `remember`s it, or reads the changes and applies them (applyChanges); after the run is
 * recorded, `recorded` notes the run count that proves nobody else ran since.
 */
export class ReputationMemory {
  private snapshot: NetworkSnapshot | null = null;
  /** reputation_runs.runs once this worker's last run was recorded; null: not recorded. */
  private runs: number | null = null;
  private fullAt = 0;
  private runsSinceFull = 0;

  constructor(readonly policy: FullRunPolicy = FULL_RUN_POLICY) {}

  /** Why the next run reads the whole network, given the finished-run count read under the lease; null when it need not. */
  fullRunReason(runs: number, now: number): string | null {
    if (!this.snapshot) return 'no snapshot yet';
    if (this.runs !== runs) return 'another process ran the model since';
    if (now - this.fullAt >= this.policy.everyMs) return 'safety net: time since the last full run';
    if (this.runsSinceFull >= this.policy.everyRuns) return 'safety net: runs since the last full run';
    return null;
  }

  /** The snapshot to apply changes to (only after fullRunReason said null). */
  current(): NetworkSnapshot {
    if (!this.snapshot) throw new Error('no snapshot to build on');
    return this.snapshot;
  }

  /** The last run's trust vectors, kept across a full read (any start reaches the same fixed point). */
  lastVectors(): TrustVectors | null {
    return this.snapshot?.vectors ?? null;
  }

  /** Keeps the snapshot of a full read. */
  remember(snapshot: NetworkSnapshot, now: number): void {
    this.snapshot = snapshot;
    this.fullAt = now;
    this.runsSinceFull = 0;
  }

  /** Counts a run built on the snapshot. */
  builtOn(): void {
    this.runsSinceFull += 1;
  }

  /** The run was recorded as finished run number `runs`, or was not (null: the next run reads everything). */
  recorded(runs: number | null): void {
    this.runs = runs;
  }

  /** Drops the snapshot (a run failed half-way: what was written is unknown). */
  forget(): void {
    this.snapshot = null;
    this.runs = null;
  }
}
