/**
 * Everything the auth service reads from the environment, parsed once per router.
 * Documented in the README (Configuration → Sign-in).
 */

import { isDevelopmentMode, missingSetting, refuseIncompleteConfig } from '@vouch/service-core';

/** HMAC key for OTP codes in development mode only (runtime-mode.ts); anywhere else it must be set. */
const DEV_OTP_SECRET = 'vouch-dev-otp-secret-do-not-use-in-production';

export interface RateLimitRule {
  /** Allowed events per window; 0 switches the rule off. */
  points: number;
  windowSeconds: number;
}

export interface AuthConfig {
  /** Production settings (Secure cookie, no outbox): everywhere outside development mode, not only NODE_ENV=production. */
  production: boolean;
  otpSecret: string;
  twilio: { accountSid: string; authToken: string; verifyServiceSid: string } | null;
  /** Free-text SMS (introductions) through Twilio Programmable Messaging: its sender, when set. */
  twilioMessaging: { accountSid: string; authToken: string; sender: { messagingServiceSid: string } | { from: string } } | null;
  sessionTtlSeconds: number;
  /** A session's expiry slides forward on use at most this often (one write per interval). */
  sessionTouchIntervalSeconds: number;
  limits: {
    sendPerPhone: RateLimitRule;
    sendPerIp: RateLimitRule;
    verifyPerPhone: RateLimitRule;
    verifyPerIp: RateLimitRule;
  };
}

function intFromEnv(env: NodeJS.ProcessEnv, name: string, fallback: number): number {
  const raw = env[name];
  if (raw === undefined || raw.trim() === '') return fallback;
  const value = Number(raw);
  if (!Number.isInteger(value) || value < 0) throw new Error(`${name} must be a whole number ≥ 0 (got "${raw}").`);
  return value;
}

/**
 * What sign-in needs outside development mode: its own OTP secret and Twilio Verify. There is no
 * safe fallback for SMS in production (the console provider would put every code in the log).
 */
export function authConfigProblems(env: NodeJS.ProcessEnv): string[] {
  if (isDevelopmentMode(env)) return [];
  const found: string[] = [];
  if (!env.OTP_SECRET && !env.SESSION_SECRET) found.push(missingSetting('OTP_SECRET', 'it keys the HMAC of sign-in codes (SESSION_SECRET is accepted instead).'));
  for (const name of ['TWILIO_ACCOUNT_SID', 'TWILIO_AUTH_TOKEN', 'TWILIO_VERIFY_SERVICE_SID']) {
    if (!env[name]) found.push(missingSetting(name, 'sign-in codes are sent by Twilio Verify; without it nobody could sign in (codes never go to the log outside development).'));
  }
  return found;
}

export function readAuthConfig(env: NodeJS.ProcessEnv): AuthConfig {
  const production = !isDevelopmentMode(env);
  refuseIncompleteConfig(env, authConfigProblems(env));
  const secret = env.OTP_SECRET || env.SESSION_SECRET;
  const { TWILIO_ACCOUNT_SID: accountSid, TWILIO_AUTH_TOKEN: authToken, TWILIO_VERIFY_SERVICE_SID: verifyServiceSid } = env;
  const windowSeconds = intFromEnv(env, 'AUTH_RATE_LIMIT_WINDOW_SECONDS', 600);
  return {
    production,
    otpSecret: secret || DEV_OTP_SECRET,
    twilio: accountSid && authToken && verifyServiceSid ? { accountSid, authToken, verifyServiceSid } : null,
    twilioMessaging: accountSid && authToken && (env.TWILIO_MESSAGING_SERVICE_SID || env.TWILIO_FROM_NUMBER)
      ? { accountSid, authToken, sender: env.TWILIO_MESSAGING_SERVICE_SID ? { messagingServiceSid: env.TWILIO_MESSAGING_SERVICE_SID } : { from: env.TWILIO_FROM_NUMBER! } }
      : null,
    sessionTtlSeconds: intFromEnv(env, 'SESSION_TTL_DAYS', 30) * 24 * 60 * 60,
    sessionTouchIntervalSeconds: 60 * 60,
    limits: {
      sendPerPhone: { points: intFromEnv(env, 'AUTH_OTP_SEND_LIMIT_PER_PHONE', 5), windowSeconds },
      sendPerIp: { points: intFromEnv(env, 'AUTH_OTP_SEND_LIMIT_PER_IP', 20), windowSeconds },
      verifyPerPhone: { points: intFromEnv(env, 'AUTH_OTP_VERIFY_LIMIT_PER_PHONE', 10), windowSeconds },
      verifyPerIp: { points: intFromEnv(env, 'AUTH_OTP_VERIFY_LIMIT_PER_IP', 50), windowSeconds },
    },
  };
}
