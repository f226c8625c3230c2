/**
 * The payment step of a Stripe purchase: a dialog around the Payment Element. Stripe.js and
 * the Elements bindings load only here (a lazy chunk), and card details go from the browser
 * straight to Stripe: our server only ever sees the subscription's client secret.
 */
import { lazy, Suspense } from 'react';
import { AppDialog, Center, Spinner, Text } from '@vouch/ui';

const StripePaymentForm = lazy(() => import('./stripe-payment-form'));

export interface StripePaymentDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  publishableKey: string;
  clientSecret: string;
  planName: string;
  priceLabel: string;
  onPaid: () => void;
}

export function StripePaymentDialog({ open, onOpenChange, publishableKey, clientSecret, planName, priceLabel, onPaid }: StripePaymentDialogProps) {
  return (
    <AppDialog open={open} onOpenChange={onOpenChange} title={`Subscribe to ${planName}`}>
      <Text color="fg.muted" fontSize="sm" mb="4">
        {priceLabel} / month. Your card details go straight to Stripe; Vouch never sees them.
      </Text>
      <Suspense
        fallback={
          <Center py="10" role="status" aria-label="Loading the payment form">
            <Spinner color="brand.600" />
          </Center>
        }
      >
        <StripePaymentForm publishableKey={publishableKey} clientSecret={clientSecret} onPaid={onPaid} onClose={() => onOpenChange(false)} />
      </Suspense>
    </AppDialog>
  );
}
