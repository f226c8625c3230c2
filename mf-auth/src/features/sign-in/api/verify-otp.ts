/** POST /api/auth/verify-otp (SPEC §7): checks the code and starts a session (cookie). */
import { normalizePhoneForSending } from '@vouch/contracts';
import { api } from '@vouch/shell-sdk';

export interface VerifyOtpInput {
  phone: string;
  otp: string;
  /** With a vouch link, a new phone becomes a member at once (named after the recipient): no names step. */
  vouchToken?: string;
}

export interface VerifyOtpResult {
  /** True when the phone has no member yet: the names step follows (unless a vouch link created it). */
  isNewUser: boolean;
}

export function verifyOtp({ phone, otp, vouchToken }: VerifyOtpInput): Promise<VerifyOtpResult> {
  return api.post('/api/auth/verify-otp', { phone: normalizePhoneForSending(phone), otp: otp.trim(), ...(vouchToken ? { vouchToken } : {}) });
}
