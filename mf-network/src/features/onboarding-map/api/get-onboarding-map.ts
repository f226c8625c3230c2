/** GET /api/onboarding/network-map: the 15 mentor / peer / mentee slots and their stats. 401 → null. */
import { api, ONBOARDING_MAP_QUERY_KEY, useQuery } from '@vouch/shell-sdk';
import type { OnboardingNetworkMap } from '@vouch/contracts';

export function getOnboardingMap(): Promise<OnboardingNetworkMap | null> {
  return api.read<OnboardingNetworkMap>('/api/onboarding/network-map');
}

export function useOnboardingMap(options: { enabled?: boolean } = {}) {
  return useQuery({ queryKey: ONBOARDING_MAP_QUERY_KEY, queryFn: getOnboardingMap, enabled: options.enabled ?? true });
}
