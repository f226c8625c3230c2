import cors from 'cors';
import type { RequestHandler } from 'express';

/** The origins listed in CORS_ORIGINS (comma-separated, e.g. "https://app.example,capacitor://localhost"); none by default. */
export function corsOrigins(env: NodeJS.ProcessEnv): Set<string> {
  const origins = new Set<string>();
  for (const raw of (env.CORS_ORIGINS ?? '').split(',').map((value) => value.trim()).filter(Boolean)) {
    let origin: string;
    try {
      origin = new URL(raw).origin;
    } catch {
      throw new Error(`CORS_ORIGINS: "${raw}" is not an origin (scheme://host[:port]).`);
    }
    // Custom schemes (capacitor://localhost) have an opaque origin ("null"): keep them as written.
    origins.add(origin === 'null' ? raw.replace(/\/+$/, '') : origin);
  }
  return origins;
}

/** Headers a client in a listed origin may read: paging, problems, caching, sessions, deprecation, replays, rate limits. */
const EXPOSED = ['Link', 'Retry-After', 'X-Request-Id', 'ETag', 'WWW-Authenticate', 'Deprecation', 'Sunset', 'Idempotent-Replayed', 'RateLimit', 'RateLimit-Policy'];

/**
 * CORS for /api, off unless CORS_ORIGINS lists origins (web builds of a mobile app). Listed
 * origins are bearer-only: no `Access-Control-Allow-Credentials`, so a browser never sends or
 * reads the session cookie cross-site (see `isCorsOrigin`, which also keeps the gateway from
 * using a cookie that arrives from one). Preflights are answered here (204).
 */
export function corsForApi(origins: Set<string>): RequestHandler {
  if (origins.size === 0) return (_req, _res, next) => next();
  return cors({
    origin: (origin, callback) => callback(null, origin !== undefined && origins.has(origin)),
    credentials: false,
    methods: ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE'],
    allowedHeaders: ['Authorization', 'Content-Type', 'If-None-Match', 'X-Request-Id', 'Idempotency-Key'],
    exposedHeaders: EXPOSED,
    maxAge: 600,
  });
}

/**
 * Calls from a listed foreign origin authenticate by bearer only: their cookies are dropped
 * before the session is resolved, so a page there can never act with a member's web session.
 */
export function bearerOnlyFrom(origins: Set<string>): RequestHandler {
  return (req, _res, next) => {
    const origin = req.headers.origin;
    if (origin !== undefined && origins.has(origin)) delete req.headers.cookie;
    next();
  };
}
