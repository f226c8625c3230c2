/**
 * /subscription (SPEC "Subscription"): the member's plan and status, this month's usage with
 * the reset date, the three plans, and Manage Billing / Cancel Subscription for paid plans.
 */
import type { ReactNode } from 'react';
import { PAGE_INTROS } from '@vouch/contracts';
import { Box, Button, Center, Heading, Spinner, Stack, Text, PageTitle } from '@vouch/ui';
import { RouterLink, useDocumentTitle, useFirstScreenHold } from '@vouch/shell-sdk';
import { useCurrentUsage } from '../api/get-current-usage';
import { usePlans } from '../api/get-plans';
import { useSubscriptionStatus } from '../api/get-subscription-status';
import { usePaymentReturn } from '../lib/use-payment-return';
import { SubscriptionDetails } from './subscription-details';

function PageHeader() {
  return (
    <PageTitle intro={PAGE_INTROS['/subscription']} />
  );
}

function Panel({ children, role }: { children: ReactNode; role?: string }) {
  return (
    <Box bg="white" borderWidth="1px" borderColor="gray.100" rounded="2xl" p={{ base: '6', md: '8' }} role={role}>
      {children}
    </Box>
  );
}
export function SubscriptionPage() {
  useDocumentTitle('Subscription');
  const plans = usePlans();
  const status = useSubscriptionStatus();
  const usage = useCurrentUsage();
  const queries = [plans, status, usage];
  // The gateway's first screen draws the current plan card: it stays until the page can (its reads are preloaded with the HTML).
  useFirstScreenHold(queries.some((query) => query.isPending));
  usePaymentReturn(() => {
    void status.refetch();
    void usage.refetch();
  });

  let body: ReactNode;
  if (queries.some((query) => query.isPending)) {
    body = (
      <Center minH="40vh" role="status" aria-label="Loading your subscription">
        <Spinner size="lg" color="brand.600" />
      </Center>
    );
  } else if (queries.some((query) => query.isError)) {
    const error = queries.find((query) => query.error)?.error;
    body = (
      <Panel role="alert">
        <Stack gap="3" align="flex-start">
          <Heading as="h2" size="md">
            We couldn&apos;t load your subscription
          </Heading>
          <Text color="fg.muted">{error?.message ?? 'Please try again.'}</Text>
          <Button colorPalette="brand" onClick={() => queries.forEach((query) => void query.refetch())}>
            Try Again
          </Button>
        </Stack>
      </Panel>
    );
  } else if (!status.data || !usage.data || !plans.data) {
    // A read answers null when the session has ended (401, SPEC §7).
    body = (
      <Panel>
        <Stack gap="4" align="flex-start">
          <Text>Please sign in to see your plan and usage.</Text>
          <Button asChild colorPalette="brand">
            <RouterLink to="/auth">Sign In</RouterLink>
          </Button>
        </Stack>
      </Panel>
    );
  } else {
    body = <SubscriptionDetails plans={plans.data} status={status.data} usage={usage.data} />;
  }

  return (
    <Stack gap="8" data-testid="subscription-page">
      <PageHeader />
      {body}
    </Stack>
  );
}
