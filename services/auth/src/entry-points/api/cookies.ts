import type { CookieOptions, Request, Response } from 'express';
import { deviceCookieName, sessionCookieName } from '@vouch/contracts';

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

export function setDeviceCookie(res: Response, token: string, maxAgeSeconds: number, secure: boolean): void {
  res.cookie(deviceCookieName(secure), token, { ...baseOptions(secure), maxAge: maxAgeSeconds * 1000 });
}

/**
 * The device cookie the request carries, or null (absent, or sent twice: neither is trusted).
 * Auth reads this cookie of its own itself: it only ever chooses which allowance of codes a
 * request spends, never who is signed in (the gateway resolves sessions).
 */
export function deviceCookie(req: Request, secure: boolean): string | null {
  const name = deviceCookieName(secure);
  const values = (req.headers.cookie ?? '')
    .split(';')
    .map((part) => part.trim())
    .filter((part) => part.startsWith(`${name}=`))
    .map((part) => part.slice(name.length + 1));
  return values.length === 1 ? values[0]! : null;
}
