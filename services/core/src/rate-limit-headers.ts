// RateLimit-Policy and RateLimit (IETF draft-ietf-httpapi-ratelimit-headers-11, structured-field
// lists): every rate-limited endpoint says its quotas and what is left of them, on success and
// on the 429, so a client slows down before it is refused.
import type { Response } from 'express';

/** One quota as counted for this request. */
export interface RateLimitState {
  /** The policy's name, the same in both headers (a token: lower case, digits, dashes). */
  policy: string;
  /** Requests allowed per window (q). */
  quota: number;
  /** The window, in seconds (w). */
  windowSeconds: number;
  /** Requests left in the current window after this one (r, at least 0). */
  remaining: number;
  /** Seconds until the window starts again (t, at least 0). */
  resetSeconds: number;
}

/** The two header values for these quotas: `"name";q=5;w=600` and `"name";r=4;t=598`, comma-separated. */
export function rateLimitHeaders(states: readonly RateLimitState[]): Record<'RateLimit-Policy' | 'RateLimit', string> {
  return {
    'RateLimit-Policy': states.map((s) => `"${s.policy}";q=${s.quota};w=${s.windowSeconds}`).join(', '),
    RateLimit: states.map((s) => `"${s.policy}";r=${Math.max(0, s.remaining)};t=${Math.max(0, Math.ceil(s.resetSeconds))}`).join(', '),
  };
}

/** Sets both headers on a response (nothing when no quota was counted). */
export function sendRateLimitHeaders(res: Response, states: readonly RateLimitState[]): void {
  if (states.length === 0) return;
  for (const [name, value] of Object.entries(rateLimitHeaders(states))) res.setHeader(name, value);
}
