import { indexMembers } from './member-index';
import type { AcceptedVouchInput, Instant, ReputationMemberInput, ReputationOptions } from './reputation.types';

const DAY_MS = 86_400_000;

/**
 * The accepted-vouch graph as compressed adjacency arrays, indexed by member position in
 * ascending id order. Everything downstream iterates these arrays in index order, which is
 * what makes the model deterministic whatever order the snapshot rows arrived in.
 */
export interface TrustGraph {
  /** Member ids, ascending; a member's index is its position here. */
  ids: Float64Array;
  createdAt: Float64Array;
  /** Edges of member i are outStart[i] .. outStart[i+1]-1, sorted by recipient. */
  outStart: Uint32Array;
  target: Uint32Array;
  weight: Float64Array;
  /** Sum of the member's outgoing weights (0 when they vouched for nobody). */
  outWeight: Float64Array;
}

export function toEpochMs(value: Instant, what: string): number {
  const ms = value instanceof Date ? value.getTime() : typeof value === 'number' ? value : Date.parse(value);
  if (!Number.isFinite(ms)) throw new TypeError(`reputation: ${what} is not a valid instant: ${String(value)}`);
  return ms;
}

/** Accepted means: no status or status 'accepted', and an acceptedAt. */
export function isAccepted(vouch: AcceptedVouchInput): boolean {
  return (vouch.status === undefined || vouch.status === 'accepted') && vouch.acceptedAt !== null && vouch.acceptedAt !== undefined;
}

/**
 * Builds the graph. Self-vouches and vouches naming someone outside `members` are dropped;
 * repeated vouches between the same two members collapse into one edge with the larger
 * type weight, so vouching twice for someone does not pass them more trust.
 */
export function buildTrustGraph(
  members: readonly ReputationMemberInput[],
  vouches: readonly AcceptedVouchInput[],
  typeWeights: ReputationOptions['typeWeights'],
): TrustGraph {
  const sorted = [...members].sort((a, b) => a.id - b.id);
  const n = sorted.length;
  const ids = new Float64Array(n);
  const createdAt = new Float64Array(n);
  sorted.forEach((member, i) => {
    ids[i] = member.id;
    createdAt[i] = toEpochMs(member.createdAt, `createdAt of member ${member.id}`);
  });
  const index = indexMembers(ids);

  // One float per edge: (voucher * n + recipient) * 2 + typeBit. A typed-array numeric sort
  // orders a million edges in well under a second, far faster than sorting objects.
  const keys = new Float64Array(vouches.length);
  let m = 0;
  for (const vouch of vouches) {
    if (!isAccepted(vouch)) continue;
    const from = index.of(vouch.voucherId);
    const to = index.of(vouch.recipientId);
    if (from < 0 || to < 0 || from === to) continue;
    keys[m++] = (from * n + to) * 2 + (vouch.type === 'recommendation' ? 1 : 0);
  }
  const edgeKeys = keys.subarray(0, m).sort();

  const outStart = new Uint32Array(n + 1);
  const target = new Uint32Array(m);
  const weight = new Float64Array(m);
  const outWeight = new Float64Array(n);
  let e = 0;
  for (let k = 0; k < m; k++) {
    const key = edgeKeys[k]!;
    const pair = Math.floor(key / 2);
    const w = key % 2 === 1 ? typeWeights.recommendation : typeWeights.invite;
    const from = Math.floor(pair / n);
    const to = pair - from * n;
    if (e > 0 && Math.floor(edgeKeys[k - 1]! / 2) === pair) {
      // Same pair again (the keys are sorted, so duplicates are adjacent): keep the larger weight.
      if (w > weight[e - 1]!) {
        outWeight[from]! += w - weight[e - 1]!;
        weight[e - 1] = w;
      }
      continue;
    }
    target[e] = to;
    weight[e] = w;
    outWeight[from]! += w;
    outStart[from + 1]!++;
    e++;
  }
  for (let i = 0; i < n; i++) outStart[i + 1]! += outStart[i]!;
  return { ids, createdAt, outStart, target: target.subarray(0, e), weight: weight.subarray(0, e), outWeight };
}

/** The seeds every computation starts from: members flagged `isSeed`, and the genesis — the
 *  first `genesisSize` members by (createdAt, id). */
export function initialSeeds(graph: TrustGraph, flagged: ReadonlySet<number>, genesisSize: number): Uint8Array {
  const n = graph.ids.length;
  const seed = new Uint8Array(n);
  for (let i = 0; i < n; i++) if (flagged.has(graph.ids[i]!)) seed[i] = 1;
  const byAge = Array.from({ length: n }, (_, i) => i).sort((a, b) => graph.createdAt[a]! - graph.createdAt[b]! || a - b);
  for (const i of byAge.slice(0, Math.max(0, genesisSize))) seed[i] = 1;
  return seed;
}

/**
 * Grows the seeds into the established set: an account at least `establishedMinAgeDays` old,
 * vouched for by at least `establishedMinVouchers` distinct established members, and holding
 * at least `establishedMinTrust` of a typical seed's received trust in `baseRelative` — the
 * trust propagated from the initial seeds alone. Repeated until nothing changes (a least
 * fixpoint, so independent of any order).
 *
 * The count keeps one strong voucher from minting seeds. The trust gate is measured once,
 * before any promotion, so promoted members cannot lift each other over it: a few
 * compromised members can make a few ring accounts established, but the dense ring behind
 * them, which would otherwise follow round after round, never passes the gate.
 */
export function establishSeeds(
  graph: TrustGraph,
  seeds: Uint8Array,
  baseRelative: Float64Array,
  asOfMs: number,
  options: Pick<ReputationOptions, 'establishedMinVouchers' | 'establishedMinAgeDays' | 'establishedMinTrust'>,
): Uint8Array {
  const n = graph.ids.length;
  const established = Uint8Array.from(seeds);
  const oldEnough = asOfMs - options.establishedMinAgeDays * DAY_MS;
  const eligible = (i: number) => graph.createdAt[i]! <= oldEnough && baseRelative[i]! >= options.establishedMinTrust;
  const establishedVouchers = new Uint32Array(n);
  const queue: number[] = [];
  for (let i = 0; i < n; i++) if (established[i]) queue.push(i);
  for (let q = 0; q < queue.length; q++) {
    const from = queue[q]!;
    for (let e = graph.outStart[from]!; e < graph.outStart[from + 1]!; e++) {
      const to = graph.target[e]!;
      establishedVouchers[to]!++;
      if (!established[to] && establishedVouchers[to]! >= options.establishedMinVouchers && eligible(to)) {
        established[to] = 1;
        queue.push(to);
      }
    }
  }
  return established;
}
