// Not in ./base: only the signed-in dialogs need it, and the landing page loads ./base alone.
import { ApiError } from './api-error';

/** The problem codes of a plan's refusal: the monthly allowance used up, or a tier that does not include it. */
const PLAN_REFUSALS: readonly unknown[] = ['PLAN_LIMIT', 'PLAN_TIER'];

/**
 * The sentence of a plan's refusal (a 402, or a problem coded PLAN_LIMIT / PLAN_TIER), which
 * the screen shows with Upgrade (issue 16); null for any other error.
 */
export function planRefusal(error: unknown): string | null {
  if (!(error instanceof ApiError)) return null;
  const code = error.body && typeof error.body === 'object' && 'code' in error.body ? error.body.code : undefined;
  return error.status === 402 || PLAN_REFUSALS.includes(code) ? error.detail : null;
}
