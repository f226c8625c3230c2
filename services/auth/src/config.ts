/**
 * Everything the auth service reads from the environment, parsed once per router.
 * Documented in the README (Configuration → Sign-in).
 */
import { isDevelopmentMode, missingSetting, refuseIncompleteConfig } from '@vouch/service-core';
import { isNorthAmericanCountry } from './domain/phone';

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
  /** A session's absolute lifetime from sign-in, however much it is used (ASVS 3.3.2): SESSION_MAX_AGE_DAYS. */
  sessionMaxAgeSeconds: number;
  /** A session's expiry slides forward on use at most this often (one write per interval). */
  sessionTouchIntervalSeconds: number;
  /** Countries (ISO 3166 codes, North American numbering plan) whose numbers may receive sign-in codes: AUTH_SMS_COUNTRIES. */
  smsCountries: readonly string[];
  limits: {
    /** Per phone AND client address (so a stranger cannot spend a member's allowance), per window. */
    sendPerPhone: RateLimitRule;
    /** Per phone and client address, per day: the second, slower step of the same count. */
    sendPerPhoneDaily: RateLimitRule;
    /** Per phone from every address, per day: bounds SMS bombing of one number. */
    sendPerPhoneAllDaily: RateLimitRule;
    /** Every code sent, per day: bounds SMS pumping across numbers. */
    sendGlobalDaily: RateLimitRule;
    sendPerIp: RateLimitRule;
    /** Per phone AND client address, per window. */
    verifyPerPhone: RateLimitRule;
    /** Per phone from every address, per window: a bound on guesses, higher than one address can reach. */
    verifyPerPhoneAll: RateLimitRule;
    verifyPerIp: RateLimitRule;
  };
}

const DAY_SECONDS = 24 * 60 * 60;

function intFromEnv(env: NodeJS.ProcessEnv, name: string, fallback: number): number {
  const raw = env[name];
  if (raw === undefined || raw.trim() === '') return fallback;
  const value = Number(raw);
  if (!Number.isInteger(value) || value < 0) throw new Error(`${name} must be a whole number ≥ 0 (got "${raw}").`);
  return value;
}

function positiveIntFromEnv(env: NodeJS.ProcessEnv, name: string, fallback: number): number {
  const value = intFromEnv(env, name, fallback);
  if (value === 0) throw new Error(`${name} must be a whole number ≥ 1 (got "0").`);
  return value;
}

/** AUTH_SMS_COUNTRIES ("US", "US,CA"): each must be a country of the North American plan (+1), the only numbers the server takes (DESIGN §3). */
function smsCountriesFromEnv(raw: string | undefined): string[] {
  if (raw === undefined || raw.trim() === '') return ['US'];
  const codes = raw.split(',').map((code) => code.trim().toUpperCase()).filter(Boolean);
  const wrong = codes.filter((code) => !isNorthAmericanCountry(code));
  if (codes.length === 0 || wrong.length > 0) {
    throw new Error(`AUTH_SMS_COUNTRIES must list countries of the North American numbering plan, e.g. "US,CA" (not: ${wrong.join(', ') || raw}).`);
  }
  return codes;
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
    smsCountries: smsCountriesFromEnv(env.AUTH_SMS_COUNTRIES),
    sessionTtlSeconds: intFromEnv(env, 'SESSION_TTL_DAYS', 30) * DAY_SECONDS,
    sessionMaxAgeSeconds: positiveIntFromEnv(env, 'SESSION_MAX_AGE_DAYS', 90) * DAY_SECONDS,
    sessionTouchIntervalSeconds: 60 * 60,
    limits: {
      sendPerPhone: { points: intFromEnv(env, 'AUTH_OTP_SEND_LIMIT_PER_PHONE', 5), windowSeconds },
      sendPerPhoneDaily: { points: intFromEnv(env, 'AUTH_OTP_SEND_DAILY_LIMIT_PER_PHONE_AND_IP', 10), windowSeconds: DAY_SECONDS },
      sendPerPhoneAllDaily: { points: intFromEnv(env, 'AUTH_OTP_SEND_DAILY_LIMIT_PER_PHONE', 30), windowSeconds: DAY_SECONDS },
      sendGlobalDaily: { points: intFromEnv(env, 'AUTH_OTP_SEND_DAILY_LIMIT', 10_000), windowSeconds: DAY_SECONDS },
      sendPerIp: { points: intFromEnv(env, 'AUTH_OTP_SEND_LIMIT_PER_IP', 20), windowSeconds },
      verifyPerPhone: { points: intFromEnv(env, 'AUTH_OTP_VERIFY_LIMIT_PER_PHONE', 10), windowSeconds },
      verifyPerPhoneAll: { points: intFromEnv(env, 'AUTH_OTP_VERIFY_LIMIT_PER_PHONE_ALL_IPS', 30), windowSeconds },
      verifyPerIp: { points: intFromEnv(env, 'AUTH_OTP_VERIFY_LIMIT_PER_IP', 50), windowSeconds },
    },
  };
}
