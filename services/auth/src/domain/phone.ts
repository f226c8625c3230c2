import { parsePhoneNumberWithError } from 'libphonenumber-js';

export { maskPhone } from '@vouch/service-core';

/** Characters a person may type around the digits of a phone number. */
const ALLOWED = /^\+?[\d\s().-]+$/;

/**
 * The server's own normalisation (DESIGN §3): a North American number (country code 1)
 * written any usual way — "5551234567", "15551234567", "+1 555 123 4567",
 * "(555) 123-4567" — becomes E.164 "+15551234567"; anything else is null.
 */
export function normalizePhone(input: string): string | null {
  if (typeof input !== 'string') return null;
  const trimmed = input.trim();
  if (trimmed.length === 0 || trimmed.length > 32 || !ALLOWED.test(trimmed)) return null;
  const digits = trimmed.replace(/\D/g, '');
  let e164: string;
  if (trimmed.startsWith('+')) {
    if (!(digits.length === 11 && digits.startsWith('1'))) return null;
    e164 = `+${digits}`;
  } else if (digits.length === 10) {
    e164 = `+1${digits}`;
  } else if (digits.length === 11 && digits.startsWith('1')) {
    e164 = `+${digits}`;
  } else {
    return null;
  }
  try {
    const parsed = parsePhoneNumberWithError(e164);
    if (parsed.countryCallingCode !== '1' || parsed.nationalNumber.length !== 10 || !parsed.isPossible()) return null;
    return parsed.number;
  } catch {
    return null;
  }
}

/** Masks everything but the last four characters of a secret (code, token). */
export function maskSecret(secret: string): string {
  return secret.length <= 4 ? '•'.repeat(secret.length) : `${'•'.repeat(Math.min(8, secret.length - 4))}${secret.slice(-4)}`;
}
