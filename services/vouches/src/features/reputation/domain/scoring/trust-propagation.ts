import type { TrustGraph } from './trust-graph';

export interface TrustVector {
  /** Stationary probability per member index; sums to 1. */
  trust: Float64Array;
  /** The part of `trust` that arrived through accepted vouches (not the jump back to the seeds). */
  received: Float64Array;
  iterations: number;
  converged: boolean;
}

/**
 * Personalised PageRank (EigenTrust with pre-trusted peers) by power iteration:
 *
 *   t' = d · Σ_{j→i} t_j · w_ji / max(W_j, K)  +  (1 − d + d · unspent) · s_i
 *
 * where W_j is j's total outgoing weight (so one member's trust is split among everyone they
 * vouched for: mass-vouching dilutes itself), K is the minimum split (one vouch passes at most
 * 1/K of its voucher's trust, so a single vouch into a ring is a narrow door), `unspent` is the
 * trust not passed on (members who vouched for fewer than K, or for nobody), and s is uniform
 * over the seeds. Jumps and unspent trust return to the seeds only, never to everyone: a
 * uniform jump would hand every fake account a share for free.
 *
 * Hand-written over the adjacency arrays rather than graphology-metrics' pagerank, which
 * jumps uniformly to all nodes (no personalisation vector) and spreads dangling mass the
 * same way; both would defeat the sybil resistance. The loops visit members and edges in
 * index order, so the floating-point sums, and therefore the result, are reproducible.
 */
export function propagateTrust(
  graph: TrustGraph,
  seeds: Uint8Array,
  options: { damping: number; tolerance: number; maxIterations: number; minimumSplit: number },
  /** A previous result to start from (fewer iterations when the seeds changed a little). */
  start?: Float64Array,
): TrustVector {
  const n = graph.ids.length;
  const { damping: d, tolerance, maxIterations, minimumSplit } = options;
  let seedCount = 0;
  for (let i = 0; i < n; i++) seedCount += seeds[i]!;
  if (n === 0 || seedCount === 0) return { trust: new Float64Array(n), received: new Float64Array(n), iterations: 0, converged: true };

  let trust = new Float64Array(n);
  let next = new Float64Array(n);
  if (start) trust.set(start);
  else for (let i = 0; i < n; i++) trust[i] = seeds[i]! / seedCount;

  let iterations = 0;
  let converged = false;
  while (iterations < maxIterations && !converged) {
    iterations++;
    next.fill(0);
    let unspent = 0;
    for (let j = 0; j < n; j++) {
      const out = graph.outWeight[j]!;
      if (out === 0) {
        unspent += trust[j]!;
        continue;
      }
      const split = Math.max(out, minimumSplit);
      unspent += (trust[j]! * (split - out)) / split;
      const share = (d * trust[j]!) / split;
      for (let e = graph.outStart[j]!; e < graph.outStart[j + 1]!; e++) next[graph.target[e]!]! += share * graph.weight[e]!;
    }
    const jump = (1 - d + d * unspent) / seedCount;
    let change = 0;
    for (let i = 0; i < n; i++) {
      if (seeds[i]) next[i]! += jump;
      change += Math.abs(next[i]! - trust[i]!);
    }
    [trust, next] = [next, trust];
    converged = change < tolerance;
  }

  const received = new Float64Array(n);
  for (let j = 0; j < n; j++) {
    const out = graph.outWeight[j]!;
    if (out === 0) continue;
    const share = (d * trust[j]!) / Math.max(out, minimumSplit);
    for (let e = graph.outStart[j]!; e < graph.outStart[j + 1]!; e++) received[graph.target[e]!]! += share * graph.weight[e]!;
  }
  return { trust, received, iterations, converged };
}

/**
 * Received trust with each vouch counted for at most `cap` (raw trust): the scores' input. The
 * propagation itself is not capped (the sybil defences and the established set are measured on
 * it); only what one vouch adds to its recipient's score is. `cap` not positive: no cap.
 */
export function cappedReceived(graph: TrustGraph, trust: Float64Array, options: { damping: number; minimumSplit: number }, cap: number): Float64Array {
  const n = graph.ids.length;
  const limit = cap > 0 ? cap : Infinity;
  const received = new Float64Array(n);
  for (let j = 0; j < n; j++) {
    const out = graph.outWeight[j]!;
    if (out === 0) continue;
    const share = (options.damping * trust[j]!) / Math.max(out, options.minimumSplit);
    for (let e = graph.outStart[j]!; e < graph.outStart[j + 1]!; e++) received[graph.target[e]!]! += Math.min(share * graph.weight[e]!, limit);
  }
  return received;
}
