/**
 * Query keys of the introduction data and the refreshes after a write (SPEC §7: after a
 * request is created, `/api/introduction-requests/my` refreshes). The subscription keys are
 * mf_subscription's (same key, same `GET /api/subscriptions/status` answer), so a plan change
 * there shows here too.
 */
import { ACTIVITIES_QUERY_KEY, CURRENT_USER_QUERY_KEY, type QueryClient } from '@vouch/shell-sdk';

export const introductionKeys = {
  all: ['introductions'] as const,
  my: ['introductions', 'my'] as const,
  forSuggestions: ['introductions', 'for-suggestions'] as const,
  myMatches: (requestId: number) => ['introductions', requestId, 'my-matches'] as const,
  connectorInsights: (requestId: number) => ['introductions', requestId, 'connector-insights'] as const,
  suggestions: (requestId: number) => ['introductions', requestId, 'suggestions'] as const,
  /** GET /api/introductions: the double opt-in introductions I take part in. */
  introductions: ['introductions', 'opt-in'] as const,
  /** Requests addressed to a member: who can introduce me to them; the ones I was asked to make. */
  connectors: (targetId: number) => ['introductions', 'connectors', targetId] as const,
  asConnector: ['introductions', 'as-connector'] as const,
  /** Under the network prefix: a vouch written elsewhere refreshes it too. */
  networkAnalysis: (degree: number) => ['network', 'analysis', degree] as const,
};

export const SUBSCRIPTION_STATUS_QUERY_KEY = ['subscriptions', 'status'] as const;
/** A request spends one unit of the month's introductions (the Subscription page's bars). */
const USAGE_QUERY_KEY = ['usage', 'current'] as const;

export function refreshAfterRequestCreated(queryClient: QueryClient): Promise<unknown> {
  return Promise.all(
    [introductionKeys.my, USAGE_QUERY_KEY, ACTIVITIES_QUERY_KEY, CURRENT_USER_QUERY_KEY].map((queryKey) => queryClient.invalidateQueries({ queryKey })),
  );
}

/** After accepting or rejecting: the suggestions, the request's status and counts, the bell, the scores. */
export function refreshAfterSuggestionAnswered(queryClient: QueryClient, requestId: number): Promise<unknown> {
  return Promise.all(
    [introductionKeys.suggestions(requestId), introductionKeys.my, introductionKeys.introductions, ACTIVITIES_QUERY_KEY, CURRENT_USER_QUERY_KEY].map((queryKey) =>
      queryClient.invalidateQueries({ queryKey }),
    ),
  );
}

/** After the suggested person answers: the introductions, the requests' statuses, the bell. */
export function refreshAfterIntroductionAnswered(queryClient: QueryClient): Promise<unknown> {
  return Promise.all([introductionKeys.introductions, introductionKeys.my, ACTIVITIES_QUERY_KEY].map((queryKey) => queryClient.invalidateQueries({ queryKey })));
}

/** After cancelling: the request's status and counts, and its suggestions (no longer answerable). */
export function refreshAfterRequestCancelled(queryClient: QueryClient, requestId: number): Promise<unknown> {
  return Promise.all([introductionKeys.my, introductionKeys.suggestions(requestId), introductionKeys.introductions].map((queryKey) => queryClient.invalidateQueries({ queryKey })));
}

/** After the connector forwards or declines: their asks, the introductions a forward starts, the bell. */
export function refreshAfterConnectorAnswered(queryClient: QueryClient): Promise<unknown> {
  return Promise.all([introductionKeys.asConnector, introductionKeys.introductions, ACTIVITIES_QUERY_KEY].map((queryKey) => queryClient.invalidateQueries({ queryKey })));
}
