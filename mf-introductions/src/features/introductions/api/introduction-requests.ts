/**
 * `GET /api/introduction-requests/my`, `/for-suggestions`, `POST /api/introduction-requests`
 * (SPEC §7) and `POST /api/introduction-requests/{id}/cancel`: on a successful create, My
 * Requests (and usage, activities, profile) refresh; after a cancel, My Requests and the
 * request's suggestions (which can no longer be answered).
 */
import type { CreateIntroductionRequestInput, IntroductionRequest, NetworkIntroductionRequest } from '@vouch/contracts';
import { api, useMutation, usePagedList, useQueryClient } from '@vouch/shell-sdk';
import { introductionKeys, refreshAfterRequestCancelled, refreshAfterRequestCreated } from './query-keys';

export const createIntroductionRequest = (body: CreateIntroductionRequestInput): Promise<IntroductionRequest> =>
  api.post<IntroductionRequest>('/api/introduction-requests', body);
export const cancelIntroductionRequest = (requestId: number): Promise<IntroductionRequest> =>
  api.post<IntroductionRequest>(`/api/introduction-requests/${requestId}/cancel`);

export function useMyRequests(options: { enabled?: boolean } = {}) {
  return usePagedList<IntroductionRequest>({ queryKey: introductionKeys.my, path: '/api/introduction-requests/my', enabled: options.enabled });
}

export function useNetworkRequests(options: { enabled?: boolean } = {}) {
  return usePagedList<NetworkIntroductionRequest>({ queryKey: introductionKeys.forSuggestions, path: '/api/introduction-requests/for-suggestions', enabled: options.enabled });
}

export function useCreateIntroductionRequest() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: createIntroductionRequest, onSuccess: () => refreshAfterRequestCreated(queryClient) });
}

export function useCancelIntroductionRequest(requestId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => cancelIntroductionRequest(requestId),
    // Settled, not success: a 409 means the card on screen is out of date (completed or already cancelled).
    onSettled: () => refreshAfterRequestCancelled(queryClient, requestId),
  });
}
