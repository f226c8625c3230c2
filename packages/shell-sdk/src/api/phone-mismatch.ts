import { ApiError } from './api-error';

/**
 * Whether the server refused a phone that is not the vouch recipient's (403 with the problem code
 * PHONE_MISMATCH), on sign-in through a vouch link or when answering a vouch (SPEC §5). The code,
 * not the detail: the sentence may be reworded, the code is the contract (docs/architecture.md).
 */
export function isPhoneMismatch(error: unknown): boolean {
  if (!(error instanceof ApiError) || error.status !== 403) return false;
  const { body } = error;
  return typeof body === 'object' && body !== null && (body as { code?: unknown }).code === 'PHONE_MISMATCH';
}
