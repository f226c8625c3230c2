/** GET /api/network: me, my 1° and 2° connections. Retried once (SPEC §7); 401 → null. */
import { api, NETWORK_QUERY_KEY, useQuery } from '@vouch/shell-sdk';
import type { NetworkResponse } from '@vouch/contracts';

export function getNetwork(): Promise<NetworkResponse | null> {
  return api.read<NetworkResponse>('/api/network');
}

export function useNetwork(options: { enabled?: boolean } = {}) {
  return useQuery({ queryKey: NETWORK_QUERY_KEY, queryFn: getNetwork, retry: 1, enabled: options.enabled ?? true });
}
