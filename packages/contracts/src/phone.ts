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
 * The ten digits of a North American number once the country code is known: 11 or more
 * digits starting with 1 lose that 1 (as normalizePhoneForSending reads them), so a pasted or
 * autofilled "+1 (415) 555-0100" is 4155550100, not 1415555010.
 */
function nationalDigits(input: string): string {
  const digits = input.replace(/\D/g, '');
  return (digits.length >= 11 && digits.startsWith('1') ? digits.slice(1) : digits).slice(0, 10);
}

/**
 * US-style display while typing: only digits are kept, a leading country code 1 is dropped once
 * there are 11 digits; up to 3 digits as is; 4–6 as "(AAA) BBB"; 7–10 as "(AAA) BBB-CCCC";
 * anything beyond 10 digits is cut off.
 */
export function formatPhoneForDisplay(input: string): string {
  const digits = nationalDigits(input);
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
 * Anything that is not a North American number is returned unchanged.
 */
export function formatStoredPhone(phone: string): string {
  const digits = phone.replace(/\D/g, '');
  if ((digits.length === 11 && digits.startsWith('1')) || digits.length === 10) return formatPhoneForDisplay(digits);
  return phone;
}

/**
 * A pasted text holding a whole number (10 digits, or 11 starting with the country code 1),
 * formatted for the field; null for anything else, which the field takes as typed. A paste
 * goes through here because the field's maxLength would cut "+1 (415) 555-0100" to
 * "+1 (415) 555-0" before any formatting saw it.
 */
export function formatPastedPhone(text: string): string | null {
  const digits = text.replace(/\D/g, '');
  const whole = digits.length === 10 || (digits.length === 11 && digits.startsWith('1'));
  return whole ? formatPhoneForDisplay(digits) : null;
}

