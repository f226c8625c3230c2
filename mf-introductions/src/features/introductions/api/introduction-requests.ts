/**
 * `GET /api/introduction-requests/my`, `/for-suggestions` and `POST /api/introduction-requests`
 * (SPEC §7): on a successful create, My Requests (and usage, activities, profile) refresh.
 */
import type { CreateIntroductionRequestInput, IntroductionRequest, NetworkIntroductionRequest } from '@vouch/contracts';
import { api, useMutation, useQuery, useQueryClient } from '@vouch/shell-sdk';
import { introductionKeys, refreshAfterRequestCreated } from './query-keys';

export const getMyRequests = async (): Promise<IntroductionRequest[]> => (await api.read<IntroductionRequest[]>('/api/introduction-requests/my')) ?? [];
export const getNetworkRequests = async (): Promise<NetworkIntroductionRequest[]> =>
  (await api.read<NetworkIntroductionRequest[]>('/api/introduction-requests/for-suggestions')) ?? [];
export const createIntroductionRequest = (body: CreateIntroductionRequestInput): Promise<IntroductionRequest> =>
  api.post<IntroductionRequest>('/api/introduction-requests', body);

export function useMyRequests(options: { enabled?: boolean } = {}) {
  return useQuery({ queryKey: introductionKeys.my, queryFn: getMyRequests, enabled: options.enabled ?? true });
}

export function useNetworkRequests(options: { enabled?: boolean } = {}) {
  return useQuery({ queryKey: introductionKeys.forSuggestions, queryFn: getNetworkRequests, enabled: options.enabled ?? true });
}

export function useCreateIntroductionRequest() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: createIntroductionRequest, onSuccess: () => refreshAfterRequestCreated(queryClient) });
}
