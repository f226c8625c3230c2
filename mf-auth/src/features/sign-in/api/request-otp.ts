/**
 * POST /api/auth/request-otp (SPEC §7): starts a sign-in attempt and texts its 6-digit code; the
 * answer's attemptId goes with the code to verify-otp. The browser's device cookie (set at a
 * sign-in) goes along by itself: this browser then spends its own allowance of codes (issue 43).
 */
import { normalizePhoneForSending, type RequestOtpInput, type RequestOtpResponse } from '@vouch/contracts';
import { api } from '@vouch/shell-sdk';

/**
 * `phone` as typed: sent through normalizePhoneForSending (SPEC §5), the server normalises again.
 * `vouchToken` from a public vouch link: the server refuses (403 "Phone Number Mismatch…") any phone but the recipient's.
 */
export function requestOtp({ phone, vouchToken }: RequestOtpInput): Promise<RequestOtpResponse> {
  const body: RequestOtpInput = { phone: normalizePhoneForSending(phone), ...(vouchToken ? { vouchToken } : {}) };
  return api.post('/api/auth/request-otp', body);
}
