/**
 * The landing page's numbers (SPEC "Landing page", §9): members and vouches from
 * GET /api/network/stats, else 55 and 120; the trust score is a fixed 4.9.
 */
export const FALLBACK_MEMBERS = 55;
export const FALLBACK_VOUCHES = 120;
export const TRUST_SCORE = 4.9;

export interface NetworkStats {
  totalUsers?: unknown;
  totalVouches?: unknown;
}

export interface LandingStats {
  members: number;
  vouches: number;
  trustScore: number;
}

/**
 * A count is used only when it is a positive whole number; "nothing" (no answer, an error, a
 * missing field, zero on a fresh install) shows the fallback, as the original product did
 * with `count || fallback`, so the page never advertises an empty network.
 */
function countOr(value: unknown, fallback: number): number {
  return typeof value === 'number' && Number.isFinite(value) && value > 0 ? Math.floor(value) : fallback;
}

export function landingStats(stats: NetworkStats | null | undefined): LandingStats {
  return {
    members: countOr(stats?.totalUsers, FALLBACK_MEMBERS),
    vouches: countOr(stats?.totalVouches, FALLBACK_VOUCHES),
    trustScore: TRUST_SCORE,
  };
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
 * once); a second failure rejects and the page shows the fallbacks. A plain function rather than
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
