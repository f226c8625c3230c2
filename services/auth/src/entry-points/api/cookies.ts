import type { CookieOptions, Response } from 'express';
import { SESSION_COOKIE } from '../../domain/session';

function baseOptions(production: boolean): CookieOptions {
  return { httpOnly: true, sameSite: 'lax', path: '/', secure: production };
}

export function setSessionCookie(res: Response, token: string, maxAgeSeconds: number, production: boolean): void {
  res.cookie(SESSION_COOKIE, token, { ...baseOptions(production), maxAge: maxAgeSeconds * 1000 });
}

export function clearSessionCookie(res: Response, production: boolean): void {
  res.clearCookie(SESSION_COOKIE, baseOptions(production));
}
