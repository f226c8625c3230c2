import type { Database } from '@vouch/service-core';
import { getMembers, getReputations, type Member } from '@vouch/service-auth';
import { getTier } from '@vouch/service-subscriptions';
import { acceptedVouchesFor, nearestWithin, type AcceptedVouch, type NearestHop, type Reach } from '@vouch/service-vouches';
import { skillCorpus, skillPostings } from '@vouch/service-vouches/skill-index';
import { MAX_POTENTIAL_MATCHES_SHOWN, type ConnectorInsight, type ConnectorInsights, type Match, type MyMatches } from '@vouch/contracts';
import type { RequestRecord } from '../data-access/requests-and-suggestions.repository';
import type { AnalysisRewriter } from './analysis-rewriter';
import {
  describeMatch,
  membersNeedingVouchTerms,
  planMatch,
  planTerms,
  queryTermsOf,
  scoreWith,
  selectMatches,
  vouchTermsOf,
  type Candidate,
  type MatchCandidate,
  type RankedMatch,
  type ScoredMatch,
} from './matching/match';
import { maskedPhone, phoneFor } from './privacy';

/** "other" matches returned at most (they are below the potential line; not suggestions). */
export const MAX_OTHER_MATCHES = 5;
/** A connector's matches are those of relevance 50 and up (the potential line and above). */
const CONNECTOR_MATCH_RELEVANCE = 50;

interface Ranking {
  ranked: ScoredMatch[];
  reach: Map<number, NearestHop>;
  /** The members named in what is shown (read for those only). */
  members: Map<number, Member>;
}

/**
 * Ranks everyone within the request's degree of `viewerId` (requester and viewer excluded)
 * for the request, from the skill index in the database: the reach (one walk over the neighbour
 * rows, or the one visibleRequest already read) beside the collection statistics of the
 * request's terms, then, side by side, the postings of its searched terms held by people within
 * reach and those people's reputation (asked for everyone within reach: one round trip less
 * than asking for the holders once their postings are in, for ≈ 20 % more primary-key reads at
 * 3°). Nobody's vouches are read, except those of members holding every word of a several-word
 * skill ("API design"); nobody's name either (describeShown reads the few shown). Matches below
 * `minimumRelevance` are left out before anything is made of them.
 */
async function rankFor(db: Database, request: RequestRecord, viewerId: number, options: { known?: Reach[] | null; minimumRelevance?: number } = {}): Promise<Ranking> {
  const { known = null, minimumRelevance = 1 } = options;
  const plan = planMatch(request);
  const all = planTerms(plan);
  // The statistics do not depend on the reach: read beside the walk.
  const [reach, corpus] = await Promise.all([
    known ? new Map<number, NearestHop>(known.map((r) => [r.memberId, r])) : nearestWithin(db, viewerId, request.degreeLevel),
    all.length > 0 ? skillCorpus(db, all) : null,
  ]);
  reach.delete(request.requesterId);
  const none: Ranking = { ranked: [], reach, members: new Map() };
  if (reach.size === 0 || !corpus) return none;
  const terms = queryTermsOf(plan, corpus);
  // Terms no document holds have no postings: not asked for.
  const held = new Map(terms.filter((term) => corpus.termDocuments.has(term)).map((term) => [term, corpus.termDocuments.get(term)!]));
  if (held.size === 0) return none;
  const ids = [...reach.keys()];
  const [postings, reputations] = await Promise.all([skillPostings(db, held, ids), getReputations(db, ids)]);
  if (postings.size === 0) return none;
  const needing = membersNeedingVouchTerms(plan, postings);
  const vouches = needing.length > 0 ? await acceptedVouchesFor(db, needing) : [];
  const vouchTerms = new Map([...groupByRecipient(vouches)].map(([id, list]) => [id, vouchTermsOf(list)]));
  const candidates: MatchCandidate[] = [];
  for (const memberId of postings.members()) {
    // A member gone since the walk (no member row) is nobody's match.
    const reputationScore = reputations.get(memberId);
    if (reputationScore !== undefined) candidates.push({ memberId, degree: reach.get(memberId)!.degree, reputationScore });
  }
  return { ranked: scoreWith(plan, terms, candidates, { corpus, postings, vouchTerms }, { minimumRelevance }), reach, members: new Map() };
}

function groupByRecipient(vouches: readonly AcceptedVouch[]): Map<number, AcceptedVouch[]> {
  const byRecipient = new Map<number, AcceptedVouch[]>();
  for (const v of vouches) {
    const list = byRecipient.get(v.recipientId) ?? [];
    list.push(v);
    byRecipient.set(v.recipientId, list);
  }
  return byRecipient;
}

/**
 * The matches shown, with what describing them and their paths needs: their accepted vouches
 * (oldest first) and the names of their vouchers and first hops. Reads only those members.
 */
async function describeShown(db: Database, shown: readonly ScoredMatch[], ranking: Ranking, viewerId: number): Promise<{ described: RankedMatch[]; vouchersOf: Map<number, number[]> }> {
  if (shown.length === 0) return { described: [], vouchersOf: new Map() };
  const byRecipient = groupByRecipient(await acceptedVouchesFor(db, shown.map((m) => m.candidate.memberId)));
  const named = new Set<number>();
  for (const list of byRecipient.values()) for (const v of list) named.add(v.voucherId);
  for (const m of shown) named.add(m.candidate.memberId).add(ranking.reach.get(m.candidate.memberId)!.via);
  const missing = [...named].filter((id) => !ranking.members.has(id));
  for (const m of await getMembers(db, missing)) ranking.members.set(m.id, m);
  const described = shown.map((m) => {
    const member = ranking.members.get(m.candidate.memberId)!;
    const candidate: Candidate = {
      ...m.candidate,
      name: member.name,
      vouches: (byRecipient.get(m.candidate.memberId) ?? []).map((v) => ({
        vouchId: v.id,
        voucherId: v.voucherId,
        voucherName: v.voucherId === viewerId ? 'You' : (ranking.members.get(v.voucherId)?.name ?? 'A member'),
        voucherDegree: v.voucherId === viewerId ? 0 : (ranking.reach.get(v.voucherId)?.degree ?? null),
        skills: v.skills,
        accomplishments: v.accomplishments,
        characterTraits: v.characterTraits,
        reason: v.reason,
      })),
    };
    return describeMatch(m, candidate);
  });
  return { described, vouchersOf: new Map([...byRecipient].map(([id, list]) => [id, list.map((v) => v.voucherId)])) };
}

/**
 * "How you're connected": You → first hop → … → them. The first hop is known for everyone;
 * for 3° the middle person is named when one of the match's vouchers is it.
 */
function pathTo(match: RankedMatch, ranking: Ranking, vouchersOf: Map<number, number[]>): string {
  const reach = ranking.reach.get(match.memberId)!;
  const name = (id: number) => ranking.members.get(id)?.name ?? 'a member';
  if (reach.degree === 1) return `You → ${match.name}`;
  if (reach.degree === 2) return `You → ${name(reach.via)} → ${match.name}`;
  const middle = (vouchersOf.get(match.memberId) ?? []).find((id) => ranking.reach.get(id)?.degree === 2 && ranking.reach.get(id)?.via === reach.via);
  return `You → ${name(reach.via)} → ${middle !== undefined ? name(middle) : `someone ${name(reach.via)} knows`} → ${match.name}`;
}

/**
 * GET /api/introduction-requests/:id/my-matches: the people the viewer could introduce to the
 * requester, grouped by SPEC tier. The viewer's plan caps the suggestions (perfect + strong +
 * potential together, best first: 3 on free, 10 on paid plans; potential at most 5); "other"
 * (below 50) is at most 5 and outside the cap. Phones are full only for the viewer's 1°.
 * With a `rewriter` (the optional language model), the best few suggestions' aiAnalysis may be
 * reworded; whatever it does not rewrite keeps the offline sentence.
 */
export async function myMatches(
  db: Database,
  request: RequestRecord,
  viewerId: number,
  options: { rewriter?: AnalysisRewriter | null; reach?: Reach[] | null; now?: Date } = {},
): Promise<MyMatches> {
  const { rewriter = null, now = new Date() } = options;
  const [ranking, tier] = await Promise.all([rankFor(db, request, viewerId, { known: options.reach }), getTier(db, viewerId)]);
  const result: MyMatches = { perfect: [], strong: [], potential: [], other: [] };
  const shown = selectMatches(ranking.ranked, { suggestions: tier.matchSuggestions, potential: MAX_POTENTIAL_MATCHES_SHOWN, other: MAX_OTHER_MATCHES });
  const { described, vouchersOf } = await describeShown(db, shown, ranking, viewerId);
  for (const m of described) {
    const member = ranking.members.get(m.memberId)!;
    const dto: Match = {
      userId: m.memberId,
      name: m.name,
      phone: phoneFor(member.phone, m.degree === 1),
      relevanceScore: m.relevanceScore,
      matchingFactors: m.matchingFactors,
      aiAnalysis: m.aiAnalysis,
      confidenceLevel: m.confidenceLevel,
      createdAt: now.toISOString(),
      degree: m.degree,
      path: pathTo(m, ranking, vouchersOf),
    };
    result[m.tier].push(dto);
  }
  if (rewriter) {
    const suggestions = [...result.perfect, ...result.strong, ...result.potential];
    const keyOf = (m: Match) => `${request.id}:${viewerId}:${m.userId}`;
    const rewritten = await rewriter.rewrite(request, suggestions.map((m) => ({ key: keyOf(m), name: m.name, matchingFactors: m.matchingFactors, aiAnalysis: m.aiAnalysis })));
    for (const m of suggestions) m.aiAnalysis = rewritten.get(keyOf(m)) ?? m.aiAnalysis;
  }
  return result;
}

/**
 * GET /api/introduction-requests/:id/connector-insights (the requester's view): for each of the
 * requester's 1° connections through whom matches (relevance ≥ 50) are reachable — the first
 * hop of a shortest path — how many, how good, and how far the nearest is (1 when the
 * connector is a match themselves). Best connectors first. All matches count (no plan cap).
 */
export async function connectorInsights(db: Database, request: RequestRecord): Promise<ConnectorInsights> {
  const ranking = await rankFor(db, request, request.requesterId, { minimumRelevance: CONNECTOR_MATCH_RELEVANCE });
  const matches = ranking.ranked;
  const byConnector = new Map<number, ScoredMatch[]>();
  for (const m of matches) {
    const via = ranking.reach.get(m.candidate.memberId)!.via;
    const list = byConnector.get(via);
    if (list) list.push(m);
    else byConnector.set(via, [m]);
  }
  const connectorMembers = new Map((await getMembers(db, [...byConnector.keys()].filter((id) => !ranking.members.has(id)))).map((m) => [m.id, m]));
  const connectors: ConnectorInsight[] = [...byConnector.entries()].map(([connectorId, list]) => {
    const member = ranking.members.get(connectorId) ?? connectorMembers.get(connectorId);
    return {
      connectorId,
      connectorName: member?.name ?? 'A member',
      connectorPhone: member ? maskedPhone(member.phone) : '•••-•••-••••',
      networkDistance: Math.min(...list.map((m) => m.candidate.degree)),
      totalMatches: list.length,
      averageRelevance: Math.round(list.reduce((sum, m) => sum + m.relevanceScore, 0) / list.length),
      perfectMatches: list.filter((m) => m.tier === 'perfect').length,
      strongMatches: list.filter((m) => m.tier === 'strong').length,
      topRelevance: Math.max(...list.map((m) => m.relevanceScore)),
    };
  });
  connectors.sort(
    (a, b) =>
      b.perfectMatches - a.perfectMatches ||
      b.strongMatches - a.strongMatches ||
      b.averageRelevance - a.averageRelevance ||
      b.totalMatches - a.totalMatches ||
      a.connectorId - b.connectorId,
  );
  return { connectors, totalConnectors: connectors.length, totalMatches: matches.length };
}
