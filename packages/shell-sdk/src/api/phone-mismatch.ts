import { PHONE_MISMATCH } from '@vouch/contracts';
import { ApiError } from './api-error';

/**
 * Whether the server refused a phone that is not the vouch recipient's (403, detail "Phone
 * Number Mismatch: …"), on sign-in through a vouch link or when answering a vouch (SPEC §5).
 */
export function isPhoneMismatch(error: unknown): boolean {
  return error instanceof ApiError && error.status === 403 && error.detail.startsWith(PHONE_MISMATCH.title);
}
