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

export function formatCount(value: number): string {
  return value.toLocaleString('en-US');
}
