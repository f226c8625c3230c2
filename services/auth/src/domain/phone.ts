import { getCountryCallingCode, isSupportedCountry, parsePhoneNumberWithError } from 'libphonenumber-js';
// The full metadata tells number types (premium rate, shared cost) apart; the default one does not.
import { parsePhoneNumberWithError as parseFullPhoneNumber } from 'libphonenumber-js/max';

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

/** Whether `country` (ISO 3166 alpha-2) dials +1, like every number the server takes. */
export function isNorthAmericanCountry(country: string): boolean {
  return isSupportedCountry(country) && getCountryCallingCode(country) === '1';
}

export const SMS_REFUSALS = {
  invalid: 'This phone number cannot receive sign-in codes: it is not a valid phone number. Please check it.',
  costly: 'Sign-in codes are not sent to premium-rate or shared-cost numbers. Please use your mobile number.',
  country: (countries: readonly string[]) => `Sign-in codes are sent only to phone numbers in ${countries.join(', ')}.`,
} as const;

/**
 * Why a sign-in code must not be texted to `e164` (a normalised +1 number), or null when it may.
 * A text costs money and can be abused for toll fraud (SMS pumping: premium-rate and high-cost
 * ranges such as +1 900 or the Caribbean +1 876/809/246/649), so a code goes only to a number
 * libphonenumber calls valid, of a country in `countries`, and not premium-rate or shared-cost.
 * `fictional` (outside production only) also lets the +1 555 test range through: nothing is sent
 * there, the console provider only logs it.
 */
export function smsRefusal(e164: string, countries: readonly string[], fictional: boolean): string | null {
  if (fictional && /^\+1555\d{7}$/.test(e164)) return null;
  let parsed;
  try {
    parsed = parseFullPhoneNumber(e164);
  } catch {
    return SMS_REFUSALS.invalid;
  }
  if (!parsed.isValid()) return SMS_REFUSALS.invalid;
  const type = parsed.getType();
  if (type === 'PREMIUM_RATE' || type === 'SHARED_COST') return SMS_REFUSALS.costly;
  if (!parsed.country || !countries.includes(parsed.country)) return SMS_REFUSALS.country(countries);
  return null;
}
