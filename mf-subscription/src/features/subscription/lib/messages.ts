/**
 * Toast wording of the Subscription page (SPEC §8: Subscription Created, Subscription Canceled,
 * Subscription Error, Cancellation Error, Portal Error). Errors add the server's sentence
 * (its problem `detail`) after the catalogue text, so a person knows what went wrong.
 */
import type { BillingProvider, CancelSubscriptionResult } from '@vouch/contracts';
import { formatResetDate } from './format';

export interface ToastText {
  title: string;
  description: string;
}

/** The server's sentence (ApiError.detail of @vouch/shell-sdk), else an Error's message. */
function serverSentence(error: unknown): string | null {
  if (error && typeof error === 'object' && 'detail' in error && typeof error.detail === 'string' && error.detail.trim()) {
    return error.detail.trim();
  }
  if (error instanceof Error && error.message.trim()) return error.message.trim();
  return null;
}

function withDetail(base: string, error: unknown): string {
  const detail = serverSentence(error);
  return detail ? `${base}. ${detail}` : base;
}

export function subscriptionCreatedToast(planName: string, needsPayment: boolean): ToastText {
  return needsPayment
    ? { title: 'Subscription Created', description: `Complete payment to activate ${planName}.` }
    : { title: 'Subscription Created', description: `${planName} is active now. Your new monthly limits apply right away.` };
}

export function subscriptionCanceledToast(result: CancelSubscriptionResult, planName: string, freePlanName: string): ToastText {
  const until = result.cancelAtPeriodEnd && result.currentPeriodEnd ? formatResetDate(result.currentPeriodEnd) : null;
  return until
    ? { title: 'Subscription Canceled', description: `${planName} stays active until ${until}, then you move to ${freePlanName}.` }
    : { title: 'Subscription Canceled', description: `You are now on ${freePlanName}.` };
}

export const paymentCompleteToast = (planName: string): ToastText => ({
  title: 'Payment Complete',
  description: `Thank you! ${planName} becomes active as soon as Stripe confirms the payment.`,
});

export const subscriptionErrorToast = (error: unknown): ToastText => ({ title: 'Subscription Error', description: withDetail('Failed to create subscription', error) });
export const cancellationErrorToast = (error: unknown): ToastText => ({ title: 'Cancellation Error', description: withDetail('Failed to cancel subscription', error) });
export const portalErrorToast = (error: unknown): ToastText => ({ title: 'Portal Error', description: withDetail('Failed to access billing portal', error) });

/** With Stripe, a client secret means the Payment Element must collect a payment method. */
export function needsPaymentStep(provider: BillingProvider, clientSecret: string | null): clientSecret is string {
  return provider === 'stripe' && !!clientSecret;
}

/** After Stripe's redirect back (`redirect_status`): succeeded, processing, or failed. */
export function paymentReturnToast(redirectStatus: string): ToastText & { variant: 'default' | 'destructive' } {
  if (redirectStatus === 'succeeded') return { title: 'Payment Complete', description: 'Thank you! Your plan updates as soon as Stripe confirms the payment.', variant: 'default' };
  if (redirectStatus === 'processing') return { title: 'Payment Processing', description: 'Your bank is still processing the payment; your plan updates once it clears.', variant: 'default' };
  return { ...subscriptionErrorToast(new Error('The payment did not go through. Please try again with another payment method.')), variant: 'destructive' };
}
