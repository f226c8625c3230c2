// What a worker keeps of the network between its reputation runs, so that a run after a few
// accepts reads only what changed instead of every member and accepted vouch (docs/scaling.md
// "Incremental work"). Only additions are applied: new members, newly accepted vouches. Anything
// else (a vouch leaving the accepted set, a member leaving, totals that do not add up, another
// process having run the model) makes the next run read the whole network again, as does the
// safety net (a full run every FULL_RUN_POLICY.everyMs or .everyRuns). The bookkeeping only: the
// reads are in reputation-recompute.ts, the model does not know about any of this.
import type { Member } from '@vouch/service-auth';
import type { AcceptedEdge, AcceptedVouchRow, AcceptedVouchTotals } from '../data-access/reputation.repository';
import type { ExplanationRow } from '../data-access/reputation-explanation.repository';
import type { TrustVectors } from './scoring';

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

export interface FullRunPolicy {
  /** A full run at least this often (ms)… */
  everyMs: number;
  /** …and at least every this many runs. */
  everyRuns: number;
  /** How often a run compares the snapshot's totals with COUNT/SUM(id) of the accepted vouches (ms). */
  totalsEveryMs: number;
}

/**
 * The safety net: a full run every 10 minutes or 300 runs, whatever the checks say. A full run on
 * the reference network costs ≈ 7 s wall / 3.6 s CPU; one per 10 minutes is < 1 % of a core, and
 * bounds how long a change no check sees (a hand edit of the database that keeps the totals)
 * stays unapplied. The totals (≈ 0.3 s inside MariaDB for 850,000 accepted vouches, on the cores
 * the gateway uses) are compared at most every 30 s, not every run: what only they reveal is rare
 * (a hand edit; a commit, or a gateway clock, more than REREAD_MS late), while what the
 * application does that is not an addition (an account deletion) changes the member count,
 * which every run reads.
 */
export const FULL_RUN_POLICY: Readonly<FullRunPolicy> = Object.freeze({ everyMs: 10 * 60_000, everyRuns: 300, totalsEveryMs: 30_000 });

/** The network as this worker's last run left it. */
export interface NetworkSnapshot {
  /** Every member, ascending id, with the scores and counts as last written. */
  members: Member[];
  /** Every accepted vouch between two members (listAcceptedEdges). */
  edges: AcceptedEdge[];
  /** What the accepted vouches add up to (every one, also those of a former member that are no edge). */
  totals: AcceptedVouchTotals;
  /** When the totals were last compared with the database's (epoch ms). */
  totalsCheckedAt: number;
  /** When the network was last read (this worker's clock, epoch ms). */
  readAt: number;
  /** Accepted vouches it holds (in `edges` or, a former member's, only in `totals`) accepted at readAt - REREAD_MS or later, id → acceptedAt (ms): the next read returns them again. */
  recent: Map<number, number>;
  /** The model's trust vectors of the last run: the next run starts from them. */
  vectors: TrustVectors | null;
  /** reputation_explanations as the last run left it (read by a run that lacks it). */
  explanations?: Map<number, ExplanationRow>;
}

/** What one consistent read found changed since `snapshot.readAt`. */
export interface NetworkChanges {
  readAt: number;
  /** Members from (highest known id − MEMBER_REREAD_IDS) up: new ones and some already known. */
  members: Member[];
  /** Members in all. */
  memberCount: number;
  /** Vouches accepted at snapshot.readAt - REREAD_MS or later: new ones and some already known. */
  vouches: AcceptedVouchRow[];
  /** The database's totals; null when not read this time (TOTALS_CHECK_MS). */
  totals: AcceptedVouchTotals | null;
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
    for (const id of [vouch.voucherId, vouch.recipientId]) if (id !== null && !findMember(members, id)) return `vouch ${vouch.id} names a member the snapshot lacks`;
    idSum += vouch.id;
  }
  const count = snapshot.totals.count + accepted.length;
  if (changes.totals && (count !== changes.totals.count || idSum !== changes.totals.idSum)) return 'the accepted vouches do not add up (one left the accepted set, or was accepted unseen)';

  snapshot.members = members;
  for (const { id, voucherId, recipientId, type, acceptedAt } of accepted) {
    // A vouch whose voucher or recipient has left (anonymised) counts in the totals but is no edge.
    if (voucherId !== null && recipientId !== null) snapshot.edges.push({ voucherId, recipientId, type, acceptedAt });
    snapshot.recent.set(id, acceptedAt.getTime());
  }
  for (const [id, acceptedAt] of snapshot.recent) if (acceptedAt < changes.readAt - REREAD_MS) snapshot.recent.delete(id);
  snapshot.totals = { count, idSum };
  if (changes.totals) snapshot.totalsCheckedAt = changes.readAt;
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

  /** Whether this run compares the totals (policy.totalsEveryMs since the snapshot's last comparison). */
  totalsDue(now: number): boolean {
    return now - this.current().totalsCheckedAt >= this.policy.totalsEveryMs;
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
