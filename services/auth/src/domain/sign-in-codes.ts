/**
 * Sign-in codes, one per sign-in attempt (issue 43): request-otp makes an attempt, texts its
 * code and answers with the attempt's id; verify-otp (and reverify) must name that id. A code is
 * found only through its attempt, so wrong guesses in a stranger's attempt never count against
 * the member's code, and nobody but the attempt's holder can spend its five tries. The id is
 * stored hashed (as session tokens are). Rules: 6 digits, 10 minutes, single use, dead after 5
 * wrong tries (the right code is refused too).
 */
import { createHash, randomBytes } from 'node:crypto';
import type { Database } from '@vouch/service-core';
import { consumeOtpCode, countOtpAttempt, findOtpCodeOfAttempt, insertOtpCode } from '../data-access/otp-code.repository';
import { OTP_MAX_WRONG_TRIES, OTP_TTL_SECONDS, generateOtpCode, hashOtpCode, otpCodeMatches, type OtpCheckResult } from './otp';

/** A new attempt's id: 16 random bytes in base64url (22 characters). */
export function generateAttemptId(): string {
  return randomBytes(16).toString('base64url');
}

export function hashAttemptId(attemptId: string): string {
  return createHash('sha256').update(attemptId).digest('hex');
}

export interface IssuedCode {
  /** Handed to the client: verify-otp names the attempt with it. */
  attemptId: string;
  /** Texted to the phone, never stored. */
  code: string;
  /** The stored row (to note the provider's reference, or drop it when the text failed). */
  id: number;
}

/** Makes a sign-in attempt for `phone`: a fresh code, stored as an HMAC under the attempt's hashed id. */
export async function issueSignInCode(db: Database, secret: string, phone: string, now: Date): Promise<IssuedCode> {
  const attemptId = generateAttemptId();
  const code = generateOtpCode();
  const id = await db.transaction((t) =>
    insertOtpCode(db, { phone, attemptHash: hashAttemptId(attemptId), codeHash: hashOtpCode(secret, phone, code), expiresAt: new Date(now.getTime() + OTP_TTL_SECONDS * 1000), now }, t),
  );
  return { attemptId, code, id };
}

/**
 * Checks `code` in the attempt `attemptId` for `phone`: missing (no such attempt for this phone),
 * expired (or already used), exhausted (5 wrong tries), incorrect (with the tries left), or
 * approved, which uses the code up (of two simultaneous right answers one wins).
 */
export async function checkSignInCode(db: Database, secret: string, input: { phone: string; attemptId: string; code: string }, now: Date): Promise<OtpCheckResult> {
  const stored = await findOtpCodeOfAttempt(db, hashAttemptId(input.attemptId), input.phone);
  if (!stored) return { status: 'missing' };
  if (stored.consumedAt !== null || stored.expiresAt.getTime() <= now.getTime()) return { status: 'expired' };
  const counted = await db.transaction((t) => countOtpAttempt(db, stored.id, OTP_MAX_WRONG_TRIES, t));
  if (!counted) return { status: 'exhausted' };
  if (!otpCodeMatches(secret, input.phone, input.code, stored.codeHash)) {
    const triesLeft = Math.max(0, OTP_MAX_WRONG_TRIES - (stored.attempts + 1));
    return triesLeft === 0 ? { status: 'exhausted' } : { status: 'incorrect', triesLeft };
  }
  const consumed = await db.transaction((t) => consumeOtpCode(db, stored.id, now, t));
  return consumed ? { status: 'approved', providerRef: stored.providerRef } : { status: 'expired' };
}
