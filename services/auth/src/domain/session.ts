import { createHash, randomBytes } from 'node:crypto';


/** A random opaque session token (32 bytes, base64url); only its hash is stored. */
export function generateSessionToken(): string {
  return randomBytes(32).toString('base64url');
}

export function hashSessionToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

/** A token as it may arrive from a cookie or header: anything else is not looked up at all. */
export function isWellFormedSessionToken(token: unknown): token is string {
  return typeof token === 'string' && /^[A-Za-z0-9_-]{43}$/.test(token);
}

/** Sliding expiry: extend only when the last extension is older than the touch interval. */
export function shouldTouchSession(lastSeenAt: Date, now: Date, touchIntervalSeconds: number): boolean {
  return now.getTime() - lastSeenAt.getTime() >= touchIntervalSeconds * 1000;
}
