/**
 * The sign-in screen's rules, free of React so they are tested on their own (SPEC §5, §8).
 */
import { NAME_PART_MAX_LENGTH, PHONE_MISMATCH } from '@vouch/contracts';
import { isPhoneMismatch } from '@vouch/shell-sdk';
import type { NotifyOptions } from '@vouch/ui';

/** SPEC §9: sign-in codes are 6 digits. */
export const CODE_LENGTH = 6;
/** The server's limit on each name part. */
export const NAME_MAX_LENGTH = NAME_PART_MAX_LENGTH;

/** What the code field keeps of what is typed or pasted: digits only, at most six. */
export function cleanCode(input: string): string {
  return input.replace(/\D/g, '').slice(0, CODE_LENGTH);
}

/** SPEC §5: a blank phone or code is not submitted. */
export function isBlank(value: string): boolean {
  return value.trim().length === 0;
}

/** SPEC §5: registration needs both names non-blank. */
export function canRegister(firstName: string, lastName: string): boolean {
  return !isBlank(firstName) && !isBlank(lastName);
}

export { isPhoneMismatch };

const messageOf = (error: unknown, fallback: string) => (error instanceof Error && error.message ? error.message : fallback);

/** Toast for a failed code request (SPEC §8: Error with the server message; Phone Number Mismatch on a vouch link). */
export function requestCodeFailure(error: unknown): NotifyOptions {
  if (isPhoneMismatch(error)) return { ...PHONE_MISMATCH, variant: 'destructive' };
  return { title: 'Error', description: messageOf(error, 'Failed to send verification code'), variant: 'destructive' };
}

/** Toast for a failed verification (SPEC §8: Verification Failed with the message). */
export function verifyFailure(error: unknown): NotifyOptions {
  if (isPhoneMismatch(error)) return { ...PHONE_MISMATCH, variant: 'destructive' };
  return { title: 'Verification Failed', description: messageOf(error, 'Invalid verification code'), variant: 'destructive' };
}

/** Toast for a failed registration (SPEC §8: Registration Failed with the message). */
export function registrationFailure(error: unknown): NotifyOptions {
  return { title: 'Registration Failed', description: messageOf(error, 'Failed to create your account'), variant: 'destructive' };
}

export const OTP_SENT: NotifyOptions = { title: 'OTP Sent', description: 'Please check your phone for the verification code.' };
export const WELCOME_BACK: NotifyOptions = { title: 'Welcome back!', description: "You're now logged in." };
export const WELCOME_NEW: NotifyOptions = { title: 'Welcome to Vouch!', description: 'Your account has been created successfully.' };

/** Seconds a refused code request says to wait (its Retry-After), or null for any other failure. */
export function retryAfterOf(error: unknown): number | null {
  if (!error || typeof error !== 'object') return null;
  const { status, retryAfterSeconds } = error as { status?: unknown; retryAfterSeconds?: unknown };
  return status === 429 && typeof retryAfterSeconds === 'number' && retryAfterSeconds > 0 ? retryAfterSeconds : null;
}

/** "14 minutes", "1 minute", "45 seconds": a wait as the sign-in screen says it (rounded up). */
export function waitPhrase(msLeft: number): string {
  const seconds = Math.max(1, Math.ceil(msLeft / 1000));
  if (seconds < 60) return `${seconds} ${seconds === 1 ? 'second' : 'seconds'}`;
  const minutes = Math.ceil(seconds / 60);
  if (minutes < 120) return `${minutes} ${minutes === 1 ? 'minute' : 'minutes'}`;
  const hours = Math.ceil(minutes / 60);
  return `${hours} hours`;
}

/** What the phone step says while a refused number waits (issue 43: the screen says when to try again). */
export function tryAgainText(msLeft: number): string {
  return `Too many codes were sent to this number. You can ask for another in ${waitPhrase(msLeft)}.`;
}

/** "1:05": what the Resend code button counts down (whole seconds, rounded up). */
export function countdownLabel(msLeft: number): string {
  const seconds = Math.max(0, Math.ceil(msLeft / 1000));
  return `${Math.floor(seconds / 60)}:${String(seconds % 60).padStart(2, '0')}`;
}
