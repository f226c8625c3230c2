/**
 * `GET /api/network/analysis?degree=N` (SPEC §7: only while the request dialog is open) and
 * `GET /api/subscriptions/status` (which degrees the plan allows, SPEC §6).
 */
import type { NetworkAnalysis, SubscriptionStatus } from '@vouch/contracts';
import { api, useQuery } from '@vouch/shell-sdk';
import { introductionKeys, SUBSCRIPTION_STATUS_QUERY_KEY } from './query-keys';

export const getNetworkAnalysis = (degree: number): Promise<NetworkAnalysis | null> => api.read<NetworkAnalysis>(`/api/network/analysis?degree=${degree}`);

export function useNetworkAnalysis(degree: number, enabled: boolean) {
  return useQuery({ queryKey: introductionKeys.networkAnalysis(degree), queryFn: () => getNetworkAnalysis(degree), enabled });
}

export const getSubscriptionStatus = (): Promise<SubscriptionStatus | null> => api.read<SubscriptionStatus>('/api/subscriptions/status');

export function useSubscriptionStatus(enabled = true) {
  return useQuery({ queryKey: SUBSCRIPTION_STATUS_QUERY_KEY, queryFn: getSubscriptionStatus, enabled });
}
