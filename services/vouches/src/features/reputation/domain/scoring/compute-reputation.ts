import type { MemberReputation, ReputationOptions, ReputationResult, ReputationSnapshot, TrustVectors } from './reputation.types';
import { buildTrustGraph, establishSeeds, initialSeeds, isAccepted, toEpochMs, type TrustGraph } from './trust-graph';
import { cappedReceived, propagateTrust } from './trust-propagation';
import { medianOfPositive, reputationLevel, roundScore, saturate, trustScoreFromRelative } from './scores';

export const DEFAULT_REPUTATION_OPTIONS: Readonly<ReputationOptions> = Object.freeze({
  damping: 0.85,
  tolerance: 1e-10,
  maxIterations: 200,
  minimumSplit: 10,
  genesisSize: 10,
  establishedMinVouchers: 3,
  establishedMinAgeDays: 30,
  establishedMinTrust: 0.5,
  typeWeights: Object.freeze({ recommendation: 1, invite: 0.5 }),
  maxVouchShare: 0.25,
});

/** Points → score scales (see docs/reputation.md). */
const VOUCH_SCALE = 3; // three vouches from typical established members → 63
const CONNECTOR_SCALE = 10;
const INTRODUCTION_SCALE = 6;
/** Social capital, in whole units. */
const EARN_PER_VOUCH_GIVEN = 10;
const EARN_PER_SUGGESTION_ACCEPTED = 25;
const EARN_PER_INTRODUCTION_COMPLETED = 20;
const SPEND_PER_REQUEST = 5;

/**
 * Computes every member's scores from one snapshot of the network. Pure and deterministic:
 * the same snapshot, in any row order, gives identical numbers (asOf defaults to the latest
 * instant in the snapshot, never the clock). Only accepted vouches count. Throws TypeError
 * on a malformed snapshot (an invalid instant, a member listed twice).
 *
 * Meant to run when vouches are accepted or introductions change, with the results written
 * to the member rows, not on every read: it is linear in members + vouches per iteration.
 *
 * `start`: the `vectors` of an earlier result on nearly the same network (the worker's previous
 * run). The iterations start from them instead of from the seeds and reach the same fixed
 * point, within `tolerance`, in fewer steps; members absent from `start` start at 0.
 */
export function computeReputation(snapshot: ReputationSnapshot, overrides: Partial<ReputationOptions> = {}, start?: TrustVectors): ReputationResult {
  const options: ReputationOptions = { ...DEFAULT_REPUTATION_OPTIONS, ...overrides };
  if (!(options.damping > 0 && options.damping < 1)) throw new RangeError('reputation: damping must be between 0 and 1');
  if (!(options.minimumSplit >= 0)) throw new RangeError('reputation: minimumSplit must not be negative');

  const graph = buildTrustGraph(snapshot.members, snapshot.vouches, options.typeWeights);
  const n = graph.ids.length;
  const asOfMs = snapshot.asOf !== undefined ? toEpochMs(snapshot.asOf, 'asOf') : latestInstant(snapshot, graph.createdAt);

  const flagged = new Set(snapshot.members.filter((member) => member.isSeed).map((member) => member.id));
  // Two propagations: from the flagged and genesis seeds, to decide who else is established,
  // then from all established members (starting from the first result: fewer iterations).
  const initial = initialSeeds(graph, flagged, options.genesisSize);
  const base = propagateTrust(graph, initial, options, start && byIndex(graph.ids, start.ids, start.base));
  const seeds = establishSeeds(graph, initial, relativeTrust(base.received, initial), asOfMs, options);
  const propagation = propagateTrust(graph, seeds, options, start ? byIndex(graph.ids, start.ids, start.trust) : base.trust);
  // Each vouch counts for at most maxVouchShare of a typical established member's received trust,
  // measured with the same cap (a fixed point): one accept cannot swing a score past a bound, and a
  // typical established member still reads 1.
  const { reference, received } = cappedScale(graph, propagation.trust, seeds, seedReference(propagation.received, seeds), options);
  const relative = relativeTo(received, reference);
  const iterations = base.iterations + propagation.iterations;
  const { trust, converged } = propagation;
  // How much a member's actions are worth: in full from a typical established member's trust
  // up, and, below, falling as fast as the trust score (squared), so that fifty vouches from
  // near-zero accounts add up to near zero.
  const factor = relative.map((x) => Math.min(1, x) ** 2);

  const topWeight = Math.max(options.typeWeights.recommendation, options.typeWeights.invite) || 1;
  const vouchPoints = new Float64Array(n);
  const vouchesGiven = new Uint32Array(n);
  for (let j = 0; j < n; j++) {
    vouchesGiven[j] = graph.outStart[j + 1]! - graph.outStart[j]!;
    for (let e = graph.outStart[j]!; e < graph.outStart[j + 1]!; e++) vouchPoints[graph.target[e]!]! += (graph.weight[e]! / topWeight) * factor[j]!;
  }

  const facts = introductionFactsByIndex(snapshot, graph.ids);
  const members: MemberReputation[] = new Array(n);
  for (let i = 0; i < n; i++) {
    const f = factor[i]!;
    const { requestsMade, suggestionsAccepted, introductionsCompleted } = facts[i]!;
    const trustScore = trustScoreFromRelative(relative[i]!);
    const connectorScore = saturate(f * (vouchesGiven[i]! + suggestionsAccepted), CONNECTOR_SCALE);
    const introductionScore = saturate(f * (2 * suggestionsAccepted + introductionsCompleted), INTRODUCTION_SCALE);
    const activity = (connectorScore + introductionScore) / 2;
    const reputationScore = roundScore(trustScore * (0.8 + (0.2 * activity) / 100));
    const earned = f * (EARN_PER_VOUCH_GIVEN * vouchesGiven[i]! + EARN_PER_SUGGESTION_ACCEPTED * suggestionsAccepted + EARN_PER_INTRODUCTION_COMPLETED * introductionsCompleted);
    members[i] = {
      memberId: graph.ids[i]!,
      reputationScore,
      vouchScore: roundScore(saturate(vouchPoints[i]!, VOUCH_SCALE)),
      connectorScore: roundScore(connectorScore),
      introductionScore: roundScore(introductionScore),
      socialCapitalBalance: Math.floor(earned + 1e-9) - SPEND_PER_REQUEST * requestsMade,
      level: reputationLevel(reputationScore),
      trustScore: roundScore(trustScore),
      rawTrust: trust[i]!,
      established: seeds[i] === 1,
      vouchPass: graph.outWeight[i]! > 0 ? (options.damping * trust[i]!) / Math.max(graph.outWeight[i]!, options.minimumSplit) : 0,
    };
  }
  let seedCount = 0;
  for (let i = 0; i < n; i++) seedCount += seeds[i]!;
  return { members, iterations, converged, seedCount, asOf: new Date(asOfMs), trustReference: reference, vectors: { ids: graph.ids, base: base.trust, trust } };
}

/** The scale never falls below this fraction of the uncapped one (a network whose typical seed owes its trust to one vouch). */
const SCALE_FLOOR = 0.25;
/** The scale's fixed point is close enough when a round moves it by less than this (relative): a
 *  millionth moves no score by 0.1. Whatever round it stops at, the bound holds (the cap uses the
 *  same scale it is divided by); at most SCALE_ROUNDS passes over the vouches. */
const SCALE_TOLERANCE = 1e-6;
const SCALE_ROUNDS = 30;

/**
 * The reference R with R = median over the seeds of received trust, each vouch counted for at most
 * maxVouchShare · R: iterated down from the uncapped median (the map is monotone, so it descends to
 * its largest fixed point), never below SCALE_FLOOR of it. Whatever R ends as, one vouch adds at most
 * maxVouchShare to relative trust: the cap is applied with the R it is divided by.
 */
function cappedScale(graph: TrustGraph, trust: Float64Array, seeds: Uint8Array, uncapped: number, options: ReputationOptions): { reference: number; received: Float64Array } {
  const cap = (scale: number) => (options.maxVouchShare > 0 ? options.maxVouchShare * scale : Infinity);
  let reference = uncapped;
  let received = cappedReceived(graph, trust, options, cap(reference));
  for (let round = 0; round < SCALE_ROUNDS && reference > 0; round++) {
    const next = Math.max(seedReference(received, seeds), SCALE_FLOOR * uncapped);
    if (Math.abs(next - reference) <= SCALE_TOLERANCE * uncapped) break;
    reference = next;
    received = cappedReceived(graph, trust, options, cap(reference));
  }
  return { reference, received };
}

/** `values` (one per id of `from`, ascending) laid out along `ids` (ascending); 0 for an id not in `from`. */
function byIndex(ids: Float64Array, from: Float64Array, values: Float64Array): Float64Array {
  const out = new Float64Array(ids.length);
  let j = 0;
  for (let i = 0; i < ids.length; i++) {
    while (j < from.length && from[j]! < ids[i]!) j++;
    if (j < from.length && from[j] === ids[i]) out[i] = values[j]!;
  }
  return out;
}

/**
 * Received trust relative to a typical established member: 1 = the median received trust of
 * the seeds that received any (else of everyone who did). Sybils cannot move this reference:
 * they cannot become established.
 */
function relativeTrust(received: Float64Array, seeds: Uint8Array): Float64Array {
  return relativeTo(received, seedReference(received, seeds));
}

function seedReference(received: Float64Array, seeds: Uint8Array): number {
  const seedReceived = new Float64Array(received.length);
  let count = 0;
  for (let i = 0; i < received.length; i++) if (seeds[i] && received[i]! > 0) seedReceived[count++] = received[i]!;
  return medianOfPositive(seedReceived.subarray(0, count)) || medianOfPositive(received);
}

function relativeTo(received: Float64Array, reference: number): Float64Array {
  const relative = new Float64Array(received.length);
  if (reference > 0) for (let i = 0; i < received.length; i++) relative[i] = received[i]! / reference;
  return relative;
}

function latestInstant(snapshot: ReputationSnapshot, createdAt: Float64Array): number {
  let latest = 0;
  for (const ms of createdAt) latest = Math.max(latest, ms);
  for (const vouch of snapshot.vouches) if (isAccepted(vouch)) latest = Math.max(latest, toEpochMs(vouch.acceptedAt!, 'acceptedAt'));
  return latest;
}

interface Facts {
  requestsMade: number;
  suggestionsAccepted: number;
  introductionsCompleted: number;
}

function introductionFactsByIndex(snapshot: ReputationSnapshot, ids: Float64Array): Facts[] {
  const byId = new Map<number, Facts>();
  for (const row of snapshot.introductions ?? []) {
    const facts = byId.get(row.memberId) ?? { requestsMade: 0, suggestionsAccepted: 0, introductionsCompleted: 0 };
    facts.requestsMade += count(row.requestsMade);
    facts.suggestionsAccepted += count(row.suggestionsAccepted);
    facts.introductionsCompleted += count(row.introductionsCompleted);
    byId.set(row.memberId, facts);
  }
  return Array.from(ids, (id) => byId.get(id) ?? { requestsMade: 0, suggestionsAccepted: 0, introductionsCompleted: 0 });
}

/** Counts from SQL may arrive as strings (MySQL COUNT) or be missing: a whole, non-negative number. */
function count(value: unknown): number {
  const number = Math.floor(Number(value));
  return Number.isFinite(number) && number > 0 ? number : 0;
}
