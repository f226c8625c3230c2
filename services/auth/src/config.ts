/**
 * Everything the auth service reads from the environment, parsed once per router.
 * Documented in docs/configuration.md.
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
  sessionTtlSeconds: number;
  /** A session's absolute lifetime from sign-in, however much it is used (ASVS 3.3.2): SESSION_MAX_AGE_DAYS. */
  sessionMaxAgeSeconds: number;
  /** A session's expiry slides forward on use at most this often (one write per interval). */
  sessionTouchIntervalSeconds: number;
  /** Countries (ISO 3166 codes, North American numbering plan) whose numbers may receive sign-in codes: AUTH_SMS_COUNTRIES. */
  smsCountries: readonly string[];
  /** How long a device that signed in keeps its own allowance of codes for that phone (AUTH_DEVICE_TRUST_DAYS). */
  deviceTrustSeconds: number;
  limits: {
    /** Codes texted to one phone per window, whoever asks (every address together): a phone cannot be bombed. */
    sendPerPhone: RateLimitRule;
    /** The same per day. */
    sendPerPhoneDaily: RateLimitRule;
    /**
     * The separate allowance of a device that signed in with the phone before (its device token):
     * strangers spending the allowance above do not stop the member's own device getting a code.
     */
    sendPerPhoneTrusted: RateLimitRule;
    sendPerPhoneTrustedDaily: RateLimitRule;
    /** Every code sent, per day: bounds SMS pumping across numbers. */
    sendGlobalDaily: RateLimitRule;
    sendPerIp: RateLimitRule;
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

/** The entropy a production OTP_SECRET must be able to hold: 32 bytes, a key as long as the HMAC's hash. */
export const OTP_SECRET_MIN_BITS = 256;

/**
 * An upper bound on the entropy of `secret`, in bits: its length, once a repeated pattern is
 * counted once ("abcabc" is "abc"), times the bits of one character of the alphabet it is written
 * in (hex 4, base64 6, printable ASCII about 6.6, else 8 per UTF-8 byte). A secret of fewer than
 * eight different characters is no random key, whatever its length: 0.
 */
export function secretEntropyBits(secret: string): number {
  if (new Set(secret).size < 8) return 0;
  let period = secret.length;
  for (let p = 1; p <= secret.length / 2; p += 1) {
    if (secret.length % p === 0 && secret.slice(0, p).repeat(secret.length / p) === secret) {
      period = p;
      break;
    }
  }
  const unique = secret.slice(0, period);
  if (/^[0-9a-f]+$/i.test(unique)) return period * 4;
  if (/^[A-Za-z0-9+/_-]+=*$/.test(unique)) return unique.replace(/=+$/, '').length * 6;
  if (/^[\x20-\x7e]+$/.test(unique)) return Math.floor(period * Math.log2(95));
  return Buffer.byteLength(unique) * 8;
}

/**
 * What sign-in needs outside development mode: its own OTP secret, long and random enough to be
 * a key (a guessable one lets anyone who reads the database test codes and phones against it), and
 * Twilio Verify. There is no safe fallback for SMS in production (the console provider would put
 * every code in the log).
 */
export function authConfigProblems(env: NodeJS.ProcessEnv): string[] {
  if (isDevelopmentMode(env)) return [];
  const found: string[] = [];
  const secret = env.OTP_SECRET || env.SESSION_SECRET;
  if (!secret) found.push(missingSetting('OTP_SECRET', 'it keys the HMAC of sign-in codes (SESSION_SECRET is accepted instead).'));
  else if (secretEntropyBits(secret) < OTP_SECRET_MIN_BITS) {
    found.push(`OTP_SECRET is too weak: it keys the HMAC of sign-in codes and needs at least 32 bytes of entropy, e.g. the 64 hex characters of \`openssl rand -hex 32\`${env.OTP_SECRET ? '' : ' (SESSION_SECRET is used in its place)'}.`);
  }
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
  const sendWindowSeconds = positiveIntFromEnv(env, 'AUTH_OTP_SEND_WINDOW_SECONDS', 900);
  return {
    production,
    otpSecret: secret || DEV_OTP_SECRET,
    twilio: accountSid && authToken && verifyServiceSid ? { accountSid, authToken, verifyServiceSid } : null,
    smsCountries: smsCountriesFromEnv(env.AUTH_SMS_COUNTRIES),
    sessionTtlSeconds: intFromEnv(env, 'SESSION_TTL_DAYS', 30) * DAY_SECONDS,
    sessionMaxAgeSeconds: positiveIntFromEnv(env, 'SESSION_MAX_AGE_DAYS', 90) * DAY_SECONDS,
    sessionTouchIntervalSeconds: 60 * 60,
    deviceTrustSeconds: positiveIntFromEnv(env, 'AUTH_DEVICE_TRUST_DAYS', 365) * DAY_SECONDS,
    limits: {
      sendPerPhone: { points: intFromEnv(env, 'AUTH_OTP_SEND_LIMIT_PER_PHONE', 3), windowSeconds: sendWindowSeconds },
      sendPerPhoneDaily: { points: intFromEnv(env, 'AUTH_OTP_SEND_DAILY_LIMIT_PER_PHONE', 10), windowSeconds: DAY_SECONDS },
      sendPerPhoneTrusted: { points: intFromEnv(env, 'AUTH_OTP_SEND_LIMIT_PER_PHONE_TRUSTED', 3), windowSeconds: sendWindowSeconds },
      sendPerPhoneTrustedDaily: { points: intFromEnv(env, 'AUTH_OTP_SEND_DAILY_LIMIT_PER_PHONE_TRUSTED', 10), windowSeconds: DAY_SECONDS },
      sendGlobalDaily: { points: intFromEnv(env, 'AUTH_OTP_SEND_DAILY_LIMIT', 10_000), windowSeconds: DAY_SECONDS },
      sendPerIp: { points: intFromEnv(env, 'AUTH_OTP_SEND_LIMIT_PER_IP', 20), windowSeconds },
      verifyPerIp: { points: intFromEnv(env, 'AUTH_OTP_VERIFY_LIMIT_PER_IP', 50), windowSeconds },
    },
  };
}
