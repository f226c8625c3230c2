/**
 * Loaded lazily by ./stripe-payment-dialog. `@stripe/stripe-js/pure` injects js.stripe.com only
 * when loadStripe is called, so nothing of Stripe touches a page that never pays. When Stripe.js
 * cannot load (offline, blocked by an extension or a Content-Security-Policy without
 * js.stripe.com), the member reads why and can try again.
 */
import { useEffect, useState, type FormEvent } from 'react';
import type { Stripe } from '@stripe/stripe-js';
import { loadStripe } from '@stripe/stripe-js/pure';
import { Elements, PaymentElement, useElements, useStripe } from '@stripe/react-stripe-js';
import { Box, Button, Center, HStack, Spinner, Stack, Text } from '@vouch/ui';

export interface StripePaymentFormProps {
  publishableKey: string;
  clientSecret: string;
  onPaid: () => void;
  onClose: () => void;
}

export const STRIPE_LOAD_FAILED =
  'The secure payment form could not be loaded from Stripe (js.stripe.com). Check your connection or any content blocker, then try again.';

type Load = { state: 'loading' } | { state: 'ready'; stripe: Stripe } | { state: 'failed' };

function useStripeJs(publishableKey: string, attempt: number): Load {
  const [load, setLoad] = useState<Load>({ state: 'loading' });
  useEffect(() => {
    let live = true;
    setLoad({ state: 'loading' });
    loadStripe(publishableKey).then(
      (stripe) => live && setLoad(stripe ? { state: 'ready', stripe } : { state: 'failed' }),
      () => live && setLoad({ state: 'failed' }),
    );
    return () => {
      live = false;
    };
  }, [publishableKey, attempt]);
  return load;
}

function LoadFailed({ message, onRetry, onClose }: { message: string; onRetry?: () => void; onClose: () => void }) {
  return (
    <Stack gap="4" role="alert" data-testid="stripe-load-failed">
      <Box bg="red.50" color="red.800" rounded="lg" p="4" fontSize="sm">
        {message}
      </Box>
      <HStack justify="flex-end" gap="3">
        <Button variant="ghost" onClick={onClose}>
          Not Now
        </Button>
        {onRetry ? (
          <Button colorPalette="brand" onClick={onRetry}>
            Try Again
          </Button>
        ) : null}
      </HStack>
    </Stack>
  );
}

function CheckoutForm({ onPaid, onClose }: Pick<StripePaymentFormProps, 'onPaid' | 'onClose'>) {
  const stripe = useStripe();
  const elements = useElements();
  const [ready, setReady] = useState(false);
  const [submitting, setSubmitting] = useState(false);
  const [error, setError] = useState<string | null>(null);

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (!stripe || !elements) return;
    setSubmitting(true);
    setError(null);
    const { error: failure } = await stripe.confirmPayment({
      elements,
      // Only used when the bank needs a redirect (3-D Secure); otherwise we stay on the page.
      confirmParams: { return_url: `${window.location.origin}/subscription` },
      redirect: 'if_required',
    });
    setSubmitting(false);
    if (failure) setError(failure.message ?? 'The payment did not go through. Please check the details and try again.');
    else onPaid();
  }

  return (
    <form onSubmit={(event) => void submit(event)}>
      <Stack gap="5">
        {ready ? null : (
          <Center py="6" role="status" aria-label="Loading the payment form">
            <Spinner color="brand.600" />
          </Center>
        )}
        <PaymentElement
          onReady={() => setReady(true)}
          onLoadError={() => setError('The payment form could not be shown. Please close this window and try again.')}
        />
        {error ? (
          <Text role="alert" color="red.600" fontSize="sm">
            {error}
          </Text>
        ) : null}
        <HStack justify="flex-end" gap="3">
          <Button variant="ghost" onClick={onClose} disabled={submitting}>
            Not Now
          </Button>
          <Button type="submit" colorPalette="brand" loading={submitting} loadingText="Paying…" disabled={!stripe || !ready}>
            Pay and Subscribe
          </Button>
        </HStack>
      </Stack>
    </form>
  );
}

export default function StripePaymentForm({ publishableKey, clientSecret, onPaid, onClose }: StripePaymentFormProps) {
  const [attempt, setAttempt] = useState(0);
  const load = useStripeJs(publishableKey, attempt);

  if (load.state === 'loading') {
    return (
      <Center py="10" role="status" aria-label="Loading Stripe">
        <Spinner color="brand.600" />
      </Center>
    );
  }
  if (load.state === 'failed') return <LoadFailed message={STRIPE_LOAD_FAILED} onRetry={() => setAttempt((n) => n + 1)} onClose={onClose} />;
  return (
    <Elements
      stripe={load.stripe}
      options={{
        clientSecret,
        appearance: { theme: 'stripe', variables: { colorPrimary: '#4f46e5', borderRadius: '8px', fontFamily: "'Inter', 'Segoe UI', system-ui, sans-serif" } },
      }}
    >
      <CheckoutForm onPaid={onPaid} onClose={onClose} />
    </Elements>
  );
}
