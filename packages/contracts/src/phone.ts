/**
 * Phone rules shared by the web and the server (SPEC §5).
 * The server still normalises and validates every phone itself (DESIGN §3); these two
 * functions only shape what a person types.
 */

/** Maximum characters of the sign-in phone input (SPEC §9). */
export const SIGN_IN_PHONE_MAX_LENGTH = 17;
/** Maximum characters of the Vouch form phone input (SPEC §9). */
export const VOUCH_FORM_PHONE_MAX_LENGTH = 14;

/**
 * US-style display while typing: only digits are kept; up to 3 digits as is; 4–6 as
 * "(AAA) BBB"; 7–10 as "(AAA) BBB-CCCC"; anything beyond 10 digits is cut off.
 */
export function formatPhoneForDisplay(input: string): string {
  const digits = input.replace(/\D/g, '').slice(0, 10);
  if (digits.length <= 3) return digits;
  if (digits.length <= 6) return `(${digits.slice(0, 3)}) ${digits.slice(3)}`;
  return `(${digits.slice(0, 3)}) ${digits.slice(3, 6)}-${digits.slice(6)}`;
}

/**
 * What the client sends: 10 digits become "+1" plus the digits; 11 digits starting with 1
 * become "+" plus the digits; anything else is sent unchanged (the server decides).
 */
export function normalizePhoneForSending(input: string): string {
  const digits = input.replace(/\D/g, '');
  if (digits.length === 10) return `+1${digits}`;
  if (digits.length === 11 && digits.startsWith('1')) return `+${digits}`;
  return input;
}

/**
 * A stored phone (E.164, "+14155550123") shown the way people type it: "(415) 555-0123".
 * formatPhoneForDisplay alone would keep the country code's "1" as the first digit.
 * Anything that is not a North American number is returned unchanged.
 */
export function formatStoredPhone(phone: string): string {
  const digits = phone.replace(/\D/g, '');
  if (digits.length === 11 && digits.startsWith('1')) return formatPhoneForDisplay(digits.slice(1));
  if (digits.length === 10) return formatPhoneForDisplay(digits);
  return phone;
}
