import helmet from 'helmet';
import type { RequestHandler } from 'express';

/**
 * helmet with a real Content-Security-Policy: scripts only from us and the configured remote
 * origins (no inline script); inline styles allowed because Chakra/emotion injects <style>.
 */
export function securityHeaders(env: NodeJS.ProcessEnv, remoteOrigins: string[]): RequestHandler {
  const stripe = Boolean(env.STRIPE_SECRET_KEY || env.STRIPE_PUBLISHABLE_KEY);
  const stripeScripts = stripe ? ['https://js.stripe.com'] : [];
  const production = env.NODE_ENV === 'production';
  // `npm run dev` only: webpack's development builds may evaluate modules with eval().
  const devEval = env.NODE_ENV === 'development' ? ["'unsafe-eval'"] : [];
  return helmet({
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
        // Only behind TLS: upgrading would break plain-http remotes on localhost in development.
        upgradeInsecureRequests: production ? [] : null,
      },
    },
    strictTransportSecurity: production ? undefined : false,
  });
}
