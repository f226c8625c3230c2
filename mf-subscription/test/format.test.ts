import { formatPrice, formatStatus, statusTone } from '@vouch/contracts';
import { formatResetDate } from '../src/features/subscription/lib/format';
import {
  cancellationErrorToast,
  needsPaymentStep,
  paymentReturnToast,
  portalErrorToast,
  subscriptionCanceledToast,
  subscriptionCreatedToast,
  subscriptionErrorToast,
} from '../src/features/subscription/lib/messages';

describe('formatting', () => {
  it('prices are whole dollars', () => {
    expect(formatPrice(0)).toBe('$0');
    expect(formatPrice(29)).toBe('$29');
    expect(formatPrice(1299)).toBe('$1,299');
  });

  it('the reset date is the UTC calendar day, in usual English', () => {
    // 00:00 UTC on the 1st is still the 30th in New York: the date must not slip back.
    expect(formatResetDate('2025-12-01T00:00:00.000Z')).toBe('December 1, 2025');
    expect(formatResetDate('2026-03-01T00:00:00.000Z')).toBe('March 1, 2026');
    expect(formatResetDate('not a date')).toBeNull();
  });

  it('"active" is shown as active; Stripe statuses in words', () => {
    expect(formatStatus('active')).toBe('active');
    expect(formatStatus('past_due')).toBe('past due');
    expect(statusTone('active')).toBe('green');
    expect(statusTone('past_due')).toBe('orange');
  });
});

describe('toasts (SPEC §8)', () => {
  it('Subscription Created: active at once with local billing, “complete payment” with Stripe', () => {
    expect(subscriptionCreatedToast('Network Pro', false)).toEqual({
      title: 'Subscription Created',
      description: 'Network Pro is active now. Your new monthly limits apply right away.',
    });
    expect(subscriptionCreatedToast('Network Pro', true)).toEqual({ title: 'Subscription Created', description: 'Complete payment to activate Network Pro.' });
  });

  it('Subscription Canceled: at once, or at the period end with the date', () => {
    expect(subscriptionCanceledToast({ status: 'canceled', cancelAtPeriodEnd: false, currentPeriodEnd: null }, 'Network Pro', 'Network Builder')).toEqual({
      title: 'Subscription Canceled',
      description: 'You are now on Network Builder.',
    });
    expect(
      subscriptionCanceledToast({ status: 'active', cancelAtPeriodEnd: true, currentPeriodEnd: '2026-01-15T00:00:00.000Z' }, 'Network Pro', 'Network Builder').description,
    ).toBe('Network Pro stays active until January 15, 2026, then you move to Network Builder.');
  });

  it('error toasts carry the catalogue text, then the server’s sentence when there is one', () => {
    expect(subscriptionErrorToast(null)).toEqual({ title: 'Subscription Error', description: 'Failed to create subscription' });
    expect(subscriptionErrorToast({ detail: 'You are already on Network Pro.' }).description).toBe('Failed to create subscription. You are already on Network Pro.');
    expect(cancellationErrorToast(new Error('Network down')).description).toBe('Failed to cancel subscription. Network down');
    expect(portalErrorToast({ detail: '  ' })).toEqual({ title: 'Portal Error', description: 'Failed to access billing portal' });
  });

  it('a payment step is needed only with Stripe and a client secret', () => {
    expect(needsPaymentStep('stripe', 'pi_secret')).toBe(true);
    expect(needsPaymentStep('stripe', null)).toBe(false);
    expect(needsPaymentStep('local', null)).toBe(false);
  });
});

describe('back from a bank redirect', () => {
  it('says how the payment went', () => {
    expect(paymentReturnToast('succeeded')).toMatchObject({ title: 'Payment Complete', variant: 'default' });
    expect(paymentReturnToast('processing')).toMatchObject({ title: 'Payment Processing', variant: 'default' });
    expect(paymentReturnToast('failed')).toEqual({
      title: 'Subscription Error',
      description: 'Failed to create subscription. The payment did not go through. Please try again with another payment method.',
      variant: 'destructive',
    });
  });
});
