import type { Database } from '@vouch/service-core';
import { ownRequest } from './visibility';
import { getMembers } from '@vouch/service-auth';
import { getTier, requiredPlanForSelfSuggestion } from '@vouch/service-subscriptions';
import { reachWithin } from '@vouch/service-vouches';
import { OPEN_INTRODUCTION_REQUEST_STATUSES, type IntroductionDegree, type IntroductionRequest, type NetworkIntroductionRequest } from '@vouch/contracts';
import { countSuggestions, listRequestsBy, listRequestsOf } from '../data-access/requests-and-suggestions.repository';
import { selfSuggestionRestriction } from './messages';
import { toRequestDto } from './request-dto';

/** My requests, newest first, with their suggestion counts (one GROUP BY). */
export async function myIntroductionRequests(db: Database, memberId: number): Promise<IntroductionRequest[]> {
  const requests = await listRequestsBy(db, memberId);
  const counts = await countSuggestions(db, requests.map((r) => r.id));
  return requests.map((r) => toRequestDto(r, counts.get(r.id) ?? { all: 0, pending: 0 }));
}

/** GET /api/introduction-requests/:id: one of my requests, as the list shows it; anyone else's is a 404. */
export async function myIntroductionRequest(db: Database, memberId: number, requestId: number | null): Promise<IntroductionRequest> {
  const request = await ownRequest(db, requestId, memberId);
  const counts = await countSuggestions(db, [request.id]);
  return toRequestDto(request, counts.get(request.id) ?? { all: 0, pending: 0 });
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
    const { suggestionCount: _all, pendingSuggestionCount: _pending, ...request } = toRequestDto(r, { all: 0, pending: 0 });
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
