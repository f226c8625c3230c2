import { problems, type Database } from '@vouch/service-core';
import { visibleRequest } from './visibility';
import { getMembers } from '@vouch/service-auth';
import { getTier, requiredPlanForSelfSuggestion } from '@vouch/service-subscriptions';
import { reachWithin } from '@vouch/service-vouches';
import { INTRODUCTION_MESSAGES, OPEN_INTRODUCTION_REQUEST_STATUSES, type IntroductionDegree, type IntroductionRequest, type NetworkIntroductionRequest } from '@vouch/contracts';
import { countSuggestions, findRequest, isPartyToRequest, listRequestsBy, listRequestsOf } from '../data-access/requests-and-suggestions.repository';
import { selfSuggestionRestriction } from './messages';
import { addressedNames, toRequestDto } from './request-dto';

/** My requests, newest first, with their suggestion counts (one GROUP BY). */
export async function myIntroductionRequests(db: Database, memberId: number): Promise<IntroductionRequest[]> {
  const requests = await listRequestsBy(db, memberId);
  const [counts, names] = await Promise.all([countSuggestions(db, requests.map((r) => r.id)), addressedNames(db, requests)]);
  return requests.map((r) => toRequestDto(r, counts.get(r.id) ?? { all: 0, pending: 0 }, names));
}

/**
 * GET /api/introduction-requests/:id: one request, to everyone a notification about it reaches
 * (issue 40): its requester, the members who suggested someone for it or were suggested (connector
 * and target), and the members within its degree who may help while it is open. Anyone else gets
 * the 404 of an unknown id.
 */
export async function introductionRequestFor(db: Database, memberId: number, requestId: number | null): Promise<IntroductionRequest> {
  const request = requestId === null ? null : await findRequest(db, requestId);
  if (!request) throw problems.notFound(INTRODUCTION_MESSAGES.requestNotFound);
  // The member it is addressed to sees it once forwarded (as the person suggested), not while the connector decides.
  const addressedParty = request.connectorId === memberId;
  if (request.requesterId !== memberId && !addressedParty && !(await isPartyToRequest(db, request.id, memberId))) {
    if (!(OPEN_INTRODUCTION_REQUEST_STATUSES as readonly string[]).includes(request.status)) throw problems.notFound(INTRODUCTION_MESSAGES.requestNotFound);
    await visibleRequest(db, request.id, memberId);
  }
  const [counts, names] = await Promise.all([countSuggestions(db, [request.id]), addressedNames(db, [request])]);
  return toRequestDto(request, counts.get(request.id) ?? { all: 0, pending: 0 }, names);
}

/**
 * "My Network's Requests": open requests of members within each request's degree of me (one
 * reach query to 3°, then each request's own degree), not mine, newest first; with how many
 * people I can reach within that degree, whether my plan lets me suggest myself, and my degree
 * to the requester.
 */
export async function requestsForSuggestions(db: Database, memberId: number): Promise<NetworkIntroductionRequest[]> {
  const reach = await reachWithin(db, memberId, 3);
  if (reach.length === 0) return [];
  const degreeOf = new Map(reach.map((r) => [r.memberId, r.degree]));
  const withinDegree = [0, 0, 0, 0];
  for (const r of reach) for (let d = r.degree; d <= 3; d += 1) withinDegree[d]! += 1;

  const requests = (await listRequestsOf(db, [...degreeOf.keys()], OPEN_INTRODUCTION_REQUEST_STATUSES)).filter(
    (r) => r.requesterId !== memberId && (degreeOf.get(r.requesterId) ?? 99) <= r.degreeLevel,
  );
  if (requests.length === 0) return [];
  const [tier, requesters] = await Promise.all([getTier(db, memberId), getMembers(db, [...new Set(requests.map((r) => r.requesterId))])]);
  const names = new Map(requesters.map((m) => [m.id, m.name]));
  return requests.map((r) => {
    const degree = r.degreeLevel as IntroductionDegree;
    const required = requiredPlanForSelfSuggestion(degree);
    const restriction = selfSuggestionRestriction(tier, degree, required);
    const { suggestionCount: _all, pendingSuggestionCount: _pending, addressedTo: _to, connector: _connector, connectorNote: _note, ...request } = toRequestDto(r, { all: 0, pending: 0 });
    return {
      ...request,
      requesterName: names.get(r.requesterId) ?? 'A member',
      // The requester is within the degree but is not someone I could introduce them to.
      networkSize: withinDegree[degree]! - 1,
      canSelfSuggest: restriction === null,
      selfSuggestionRestriction: restriction,
      requiredTier: restriction === null ? null : (required as 'premium' | 'enterprise'),
      connectionDegree: degreeOf.get(r.requesterId)!,
    };
  });
}
