import helmet from 'helmet';
import { isDevelopmentMode } from '@vouch/service-core';
import type { Request, RequestHandler, Response } from 'express';

/**
 * The headers a header-only middleware sets, found by running it once against a recording
 * response. Valid for middleware whose headers do not depend on the request (ours: no nonces).
 */
export function fixedHeaders(middleware: RequestHandler): [string, string][] {
  const headers = new Map<string, string>();
  const recorder = {
    setHeader: (name: string, value: unknown) => headers.set(name, String(value)),
    removeHeader: (name: string) => headers.delete(name),
  };
  let done = false;
  void middleware({} as Request, recorder as unknown as Response, (error?: unknown) => {
    if (error) throw error;
    done = true;
  });
  if (!done) throw new Error('the security headers middleware did not finish synchronously');
  return [...headers];
}

/**
 * helmet with a real Content-Security-Policy: scripts only from us and the configured remote
 * origins (no inline script); inline styles allowed because Chakra/emotion injects <style>.
 */
export function securityHeaders(env: NodeJS.ProcessEnv, remoteOrigins: string[]): RequestHandler {
  const stripe = Boolean(env.STRIPE_SECRET_KEY || env.STRIPE_PUBLISHABLE_KEY);
  const stripeScripts = stripe ? ['https://js.stripe.com'] : [];
  // Production's headers everywhere outside development mode (NODE_ENV unset or `staging` too):
  // HSTS is ignored by browsers over plain http, so http://localhost keeps working.
  const production = !isDevelopmentMode(env);
  const httpsSite = production && /^https:\/\//i.test(env.PUBLIC_URL?.trim() ?? '');
  // `npm run dev` only (scripts/dev.mjs sets VOUCH_DEV_BUILDS=1): webpack's development builds
  // evaluate modules with eval(). `npm start` serves production builds in every NODE_ENV.
  const devEval = env.VOUCH_DEV_BUILDS === '1' && !production ? ["'unsafe-eval'"] : [];
  const headers = fixedHeaders(
    helmet({
      contentSecurityPolicy: {
        useDefaults: false,
        directives: {
          defaultSrc: ["'self'"],
          baseUri: ["'self'"],
          scriptSrc: ["'self'", ...remoteOrigins, ...stripeScripts, ...devEval],
          styleSrc: ["'self'", "'unsafe-inline'", ...remoteOrigins],
          imgSrc: ["'self'", 'data:', 'blob:', ...remoteOrigins],
          fontSrc: ["'self'", 'data:', ...remoteOrigins],
          connectSrc: ["'self'", ...remoteOrigins, ...(stripe ? ['https://api.stripe.com'] : [])],
          workerSrc: ["'self'", 'blob:'],
          frameSrc: stripe ? ['https://js.stripe.com', 'https://hooks.stripe.com'] : ["'none'"],
          frameAncestors: ["'none'"],
          objectSrc: ["'none'"],
          formAction: ["'self'"],
          // Only for a site served over TLS: upgrading would break plain-http remotes on localhost.
          upgradeInsecureRequests: httpsSite ? [] : null,
        },
      },
      strictTransportSecurity: production ? undefined : false,
    }),
  );
  // helmet rebuilds every header on every request (~100 µs under load, bench/gateway.bench.mjs);
  // ours never change after start, so they are computed once and copied onto each response.
  return (_req, res, next) => {
    for (const [name, value] of headers) res.setHeader(name, value);
    next();
  };
}
