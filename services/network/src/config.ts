/** The network service's settings (env), checked at start. */
export interface NetworkConfig {
  /** How long GET /api/network/stats answers from memory (NETWORK_STATS_CACHE_SECONDS, default 10; 0 = no cache). */
  statsCacheMs: number;
}

export function readNetworkConfig(env: NodeJS.ProcessEnv): NetworkConfig {
  const raw = env.NETWORK_STATS_CACHE_SECONDS;
  const seconds = raw === undefined || raw === '' ? 10 : Number(raw);
  if (!Number.isFinite(seconds) || seconds < 0 || seconds > 3600) throw new Error('NETWORK_STATS_CACHE_SECONDS must be a number of seconds from 0 to 3600.');
  return { statsCacheMs: seconds * 1000 };
}
