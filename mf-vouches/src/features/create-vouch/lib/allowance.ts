/**
 * What is left of this month's allowance for the kind of vouch being written (issue 16: limits
 * before the form, not a 402 after it). Recommendations spend the `vouches` allowance, invites
 * the `invites` one (SPEC §9); the server still decides (402).
 */
import { UNLIMITED_MONTHLY, type CurrentUsage, type VouchType } from '@vouch/contracts';

export interface Allowance {
  /** null: unlimited. */
  left: number | null;
  monthly: number;
  /** The note the dialog shows above the form. */
  text: string;
}

const KIND_WORDS: Record<VouchType, [one: string, many: string]> = {
  // Recommendations spend the plan's "vouches a month" (its card and the 402 say vouches too).
  recommendation: ['vouch', 'vouches'],
  invite: ['invite', 'invites'],
};

const resetDay = (periodEnd: string) => new Date(periodEnd).toLocaleDateString('en-US', { month: 'long', day: 'numeric', timeZone: 'UTC' });

export function allowanceFor(usage: CurrentUsage, type: VouchType): Allowance {
  const { used, monthly } = type === 'invite' ? usage.invites : usage.vouches;
  const [one, many] = KIND_WORDS[type];
  if (monthly === UNLIMITED_MONTHLY) return { left: null, monthly, text: `Unlimited ${many} on your plan.` };
  const left = Math.max(0, monthly - used);
  if (left === 0) return { left, monthly, text: `You have used all ${monthly} ${monthly === 1 ? one : many} of your plan this month; more on ${resetDay(usage.periodEnd)}, or upgrade now.` };
  return { left, monthly, text: `${left} of ${monthly} ${monthly === 1 ? one : many} left this month.` };
}
