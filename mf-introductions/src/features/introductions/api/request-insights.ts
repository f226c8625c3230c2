/**
 * Reads about one request, each only while its dialog is open (`enabled`):
 * `GET /api/introduction-requests/{id}/my-matches` (Help with Introduction) and
 * `/connector-insights` (the requester's Network Analysis), SPEC §7.
 */
import type { ConnectorInsights, MyMatches } from '@vouch/contracts';
import { api, useQuery } from '@vouch/shell-sdk';
import { introductionKeys } from './query-keys';

const NO_MATCHES: MyMatches = { perfect: [], strong: [], potential: [], other: [] };
const NO_INSIGHTS: ConnectorInsights = { connectors: [], totalConnectors: 0, totalMatches: 0 };

export const getMyMatches = async (requestId: number): Promise<MyMatches> =>
  (await api.read<MyMatches>(`/api/introduction-requests/${requestId}/my-matches`)) ?? NO_MATCHES;
export const getConnectorInsights = async (requestId: number): Promise<ConnectorInsights> =>
  (await api.read<ConnectorInsights>(`/api/introduction-requests/${requestId}/connector-insights`)) ?? NO_INSIGHTS;

export function useMyMatches(requestId: number, enabled: boolean) {
  return useQuery({ queryKey: introductionKeys.myMatches(requestId), queryFn: () => getMyMatches(requestId), enabled });
}

export function useConnectorInsights(requestId: number, enabled: boolean) {
  return useQuery({ queryKey: introductionKeys.connectorInsights(requestId), queryFn: () => getConnectorInsights(requestId), enabled });
}
