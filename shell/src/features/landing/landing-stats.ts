/**
 * The landing page's numbers: members and vouches, as GET /api/network/stats counts them (its
 * totalVouches are accepted vouches: what a visitor takes "Vouches Given" to mean, issue 44). Only
 * real figures (issue 28): SPEC's fallbacks (55 and 120 when the call gives nothing) and its fixed
 * "4.9 trust score" advertised a network that was not there, so they are gone.
 */
export interface NetworkStats {
  totalUsers?: unknown;
  totalVouches?: unknown;
}

export interface LandingStats {
  members: number;
  vouches: number;
}

const isCount = (value: unknown): value is number => typeof value === 'number' && Number.isInteger(value) && value >= 0;

/**
 * The figures to show, or null: when the call gave nothing usable (no answer, an error, a missing
 * field), and on a network with no member yet, where "0 Trusted Members" helps no visitor.
 */
export function landingStats(stats: NetworkStats | null | undefined): LandingStats | null {
  if (!isCount(stats?.totalUsers) || !isCount(stats?.totalVouches) || stats.totalUsers === 0) return null;
  return { members: stats.totalUsers, vouches: stats.totalVouches };
}

/**
 * "12,345": digits grouped by hand, as `toLocaleString('en-US')` writes a whole number. A phone's
 * first `toLocaleString` loads the locale's number formats, ~30 ms in the landing page's render (issue 17).
 */
export function formatCount(value: number): string {
  return String(Math.trunc(value)).replace(/\B(?=(\d{3})+(?!\d))/g, ',');
}

/** Pause before the one retry of the stats call (react-query's first retry delay). */
export const STATS_RETRY_DELAY_MS = 1000;

const pause = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/**
 * Reads the stats, retrying once after a failure (SPEC §7: network data fetches are retried
 * once); a second failure rejects and the page shows no figures. A plain function rather than
 * a react-query hook, so the landing page's first load carries no query client.
 */
export async function readStatsWithRetry(read: () => Promise<NetworkStats | null>, wait: (ms: number) => Promise<void> = pause): Promise<NetworkStats | null> {
  try {
    return await read();
  } catch {
    await wait(STATS_RETRY_DELAY_MS);
    return read();
  }
}
