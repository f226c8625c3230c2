import type { CookieOptions, Response } from 'express';
import { sessionCookieName } from '@vouch/contracts';

/** Secure (production): `__Host-vouch_session`, which also needs Path=/ and no Domain (contracts' sessionCookieName). */
function baseOptions(secure: boolean): CookieOptions {
  return { httpOnly: true, sameSite: 'lax', path: '/', secure };
}

export function setSessionCookie(res: Response, token: string, maxAgeSeconds: number, secure: boolean): void {
  res.cookie(sessionCookieName(secure), token, { ...baseOptions(secure), maxAge: maxAgeSeconds * 1000 });
}

export function clearSessionCookie(res: Response, secure: boolean): void {
  res.clearCookie(sessionCookieName(secure), baseOptions(secure));
}
