/**
 * Back from a bank's redirect (3-D Secure): Stripe sends the browser to /subscription with
 * `redirect_status` and the payment intent in the query. Say how it went once, then drop the
 * query so a reload does not say it again.
 */
import { useEffect } from 'react';
import { useSearchParams } from '@vouch/shell-sdk';
import { notify } from '@vouch/ui';
import { paymentReturnToast } from './messages';

const STRIPE_RETURN_PARAMS = ['redirect_status', 'payment_intent', 'payment_intent_client_secret'];

export function usePaymentReturn(onReturn: () => void): void {
  const [params, setParams] = useSearchParams();
  const redirectStatus = params.get('redirect_status');
  useEffect(() => {
    if (!redirectStatus) return;
    const toast = paymentReturnToast(redirectStatus);
    notify({ title: toast.title, description: toast.description, variant: toast.variant });
    onReturn();
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        for (const name of STRIPE_RETURN_PARAMS) next.delete(name);
        return next;
      },
      { replace: true },
    );
    // Once per return (keyed on the status alone): the query is gone after this.
  }, [redirectStatus]);
}
