/** POST /api/auth/request-otp (SPEC §7): texts a 6-digit code to the phone. */
import { normalizePhoneForSending } from '@vouch/contracts';
import { api } from '@vouch/shell-sdk';

export interface RequestOtpInput {
  /** As typed; sent through normalizePhoneForSending (SPEC §5), the server normalises again. */
  phone: string;
  /** From a public vouch link: the server refuses (403 "Phone Number Mismatch…") any phone but the recipient's. */
  vouchToken?: string;
}

export function requestOtp({ phone, vouchToken }: RequestOtpInput): Promise<{ success: true }> {
  return api.post('/api/auth/request-otp', { phone: normalizePhoneForSending(phone), ...(vouchToken ? { vouchToken } : {}) });
}
