/**
 * Requests addressed to a member (issue 44): who can introduce me (`GET
 * /api/introduction-requests/connectors`), asking (`POST /api/introduction-requests` with
 * targetId), and the connector's side (`GET …/as-connector`, `POST …/{id}/forward | /decline`).
 */
import type { AddressedRequestInput, ConnectorAsk, IntroductionConnectors, IntroductionRequest } from '@vouch/contracts';
import { api, useMutation, useQuery, useQueryClient } from '@vouch/shell-sdk';
import { introductionKeys, refreshAfterConnectorAnswered, refreshAfterRequestCreated } from './query-keys';

export function useIntroductionConnectors(targetId: number | null) {
  return useQuery({
    queryKey: introductionKeys.connectors(targetId ?? 0),
    queryFn: () => api.get<IntroductionConnectors>(`/api/introduction-requests/connectors?targetId=${targetId}`),
    enabled: targetId !== null,
  });
}

export function useCreateAddressedRequest() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: AddressedRequestInput) => api.post<IntroductionRequest>('/api/introduction-requests', body),
    onSuccess: () => refreshAfterRequestCreated(queryClient),
  });
}

export function useConnectorAsks(options: { enabled?: boolean } = {}) {
  return useQuery({ queryKey: introductionKeys.asConnector, queryFn: () => api.get<ConnectorAsk[]>('/api/introduction-requests/as-connector'), enabled: options.enabled });
}

export type ConnectorAnswer = 'forward' | 'decline';

export function useAnswerAsConnector() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ requestId, answer, note }: { requestId: number; answer: ConnectorAnswer; note: string }) =>
      api.post<ConnectorAsk>(`/api/introduction-requests/${requestId}/${answer}`, { note: note.trim() || null }),
    // Settled, not success: a 409 means the card on screen is out of date.
    onSettled: () => refreshAfterConnectorAnswered(queryClient),
  });
}
