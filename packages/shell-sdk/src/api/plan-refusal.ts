// Not in ./base: only the signed-in dialogs need it, and the landing page loads ./base alone.
import { ApiError } from './api-error';

/**
 * The problem codes of a plan's refusal: the monthly allowance used up, a tier that does not
 * include it, or an ask for a vouch beyond the plan's reach (its sentence says what else helps).
 */
const PLAN_REFUSALS: readonly unknown[] = ['PLAN_LIMIT', 'PLAN_TIER', 'ASK_OUT_OF_REACH'];

/**
 * The sentence of a plan's refusal (a 402, or a problem coded as above), which
 * the screen shows with Upgrade (issue 16); null for any other error.
 */
export function planRefusal(error: unknown): string | null {
  if (!(error instanceof ApiError)) return null;
  const code = error.body && typeof error.body === 'object' && 'code' in error.body ? error.body.code : undefined;
  return error.status === 402 || PLAN_REFUSALS.includes(code) ? error.detail : null;
}
