/** POST /api/auth/verify-otp (SPEC §7): checks the code in its sign-in attempt and starts a session (cookie). */
import { normalizePhoneForSending, type VerifyOtpInput, type VerifyOtpResponse } from '@vouch/contracts';
import { api } from '@vouch/shell-sdk';

/**
 * With a vouch link, a new phone becomes a member at once (named after the recipient): no names
 * step. The answer's `isNewUser` is true when the phone has no member yet: the names step
 * follows (unless a vouch link created it). With a vouch link and `join: false` no account is
 * made (declining without joining, issue 44). The web keeps the cookie session (no `session`).
 */
export function verifyOtp({ phone, otp, attemptId, vouchToken, join }: Omit<VerifyOtpInput, 'session'>): Promise<VerifyOtpResponse> {
  const body: VerifyOtpInput = { phone: normalizePhoneForSending(phone), otp: otp.trim(), attemptId, ...(vouchToken ? { vouchToken } : {}), ...(vouchToken && join === false ? { join: false } : {}) };
  return api.post('/api/auth/verify-otp', body);
}
