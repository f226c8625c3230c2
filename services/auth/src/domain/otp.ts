import { createHmac, randomInt, timingSafeEqual } from 'node:crypto';

/** Sign-in code rules (DESIGN §3). */
export const OTP_LENGTH = 6;
export const OTP_TTL_SECONDS = 10 * 60;
/** A code dies after this many wrong tries; even the right code is refused afterwards. */
export const OTP_MAX_WRONG_TRIES = 5;

/** A uniformly random six-digit code, zero-padded. */
export function generateOtpCode(): string {
  return String(randomInt(0, 10 ** OTP_LENGTH)).padStart(OTP_LENGTH, '0');
}

/** What is stored instead of the code: HMAC-SHA256 keyed by the server secret, bound to the phone. */
export function hashOtpCode(secret: string, phone: string, code: string): string {
  return createHmac('sha256', secret).update(`${phone}:${code}`).digest('hex');
}

export function otpCodeMatches(secret: string, phone: string, code: string, storedHash: string): boolean {
  const actual = Buffer.from(hashOtpCode(secret, phone, code), 'hex');
  const expected = Buffer.from(storedHash, 'hex');
  return actual.length === expected.length && timingSafeEqual(actual, expected);
}

/** Outcome of checking a code in a sign-in attempt (sign-in-codes.ts). */
export type OtpCheckResult =
  | { status: 'approved'; providerRef: string | null }
  | { status: 'incorrect'; triesLeft: number | null }
  | { status: 'expired' }
  | { status: 'exhausted' }
  | { status: 'missing' };

/** Outcome of texting a code: `reference` is the provider's id of the text, told again in `confirm`. */
export type OtpSendResult =
  | { status: 'sent'; reference?: string }
  | { status: 'rate_limited'; retryAfterSeconds: number }
  | { status: 'invalid_phone' };

/**
 * Who texts the codes the server makes (sign-in-codes.ts keeps them, one per sign-in attempt):
 * Twilio Verify with custom codes in production, the console provider elsewhere. The server
 * makes and checks every code itself, so a code belongs to the attempt that asked for it and a
 * stranger's guesses in their own attempt never reach it (issue 43).
 */
export interface OtpProvider {
  readonly name: 'twilio' | 'console';
  send(phone: string, code: string): Promise<OtpSendResult>;
  /** The code of that text was used (Twilio Verify asks for this feedback on custom codes). Best effort. */
  confirm?(phone: string, reference: string): Promise<void>;
}

/** Raised when the SMS provider cannot be reached or fails in an unexpected way (→ 502). */
export class OtpProviderError extends Error {
  constructor(message: string, override readonly cause?: unknown) {
    super(message);
    this.name = 'OtpProviderError';
  }
}
