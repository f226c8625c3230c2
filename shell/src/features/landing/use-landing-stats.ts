import { api, useQuery } from '@vouch/shell-sdk';
import { landingStats, type NetworkStats } from './landing-stats';

export function useLandingStats() {
  const query = useQuery({
    queryKey: ['network', 'stats'],
    queryFn: () => api.read<NetworkStats>('/api/network/stats'),
    // SPEC §7: network data fetches are retried once.
    retry: 1,
  });
  // A failed call "gives nothing" too: the fallbacks apply.
  return { stats: landingStats(query.data), isLoading: query.isPending && query.fetchStatus !== 'idle' };
}
