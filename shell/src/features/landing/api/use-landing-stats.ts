/** `GET /api/network/stats` for the landing's figures, read once per visit (retried once on a failure: landing-stats.ts). */
import { api } from '@vouch/shell-sdk/base';
import { useEffect, useState } from 'react';
import { landingStats, readStatsWithRetry, type NetworkStats } from '../landing-stats';

export function useLandingStats() {
  const [state, setState] = useState<{ data?: NetworkStats | null; isLoading: boolean }>({ isLoading: true });
  useEffect(() => {
    let shown = true;
    readStatsWithRetry(() => api.read<NetworkStats>('/api/network/stats')).then(
      (data) => shown && setState({ data, isLoading: false }),
      // A failed call gives nothing: no figures.
      () => shown && setState({ isLoading: false }),
    );
    return () => {
      shown = false;
    };
  }, []);
  return { stats: landingStats(state.data), isLoading: state.isLoading };
}
