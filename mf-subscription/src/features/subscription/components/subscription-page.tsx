/**
 * /subscription (SPEC "Subscription"): the member's plan and status, this month's usage with
 * the reset date, the three plans, and Manage Billing / Cancel Subscription for paid plans.
 */
import { useState, type ReactNode } from 'react';
import { Box, Button, Center, Grid, Heading, Spinner, Stack, Text } from '@vouch/ui';
import { RouterLink, useDocumentTitle } from '@vouch/shell-sdk';
import type { CurrentUsage, PlansResponse, SubscriptionStatus } from '@vouch/contracts';
import { useCurrentUsage } from '../api/get-current-usage';
import { usePlans } from '../api/get-plans';
import { useSubscriptionStatus } from '../api/get-subscription-status';
import { CancelSubscriptionDialog } from './cancel-subscription-dialog';
import { CurrentPlanCard } from './current-plan-card';
import { PlanCards } from './plan-cards';
import { StripePaymentDialog } from './stripe-payment-dialog';
import { UsageCard } from './usage-card';
import { usePaymentReturn } from '../lib/use-payment-return';
import { useSubscriptionActions } from '../lib/use-subscription-actions';
import { formatPrice } from '../lib/format';

function PageHeader() {
  return (
    <Box>
      <Heading as="h1" size="2xl" letterSpacing="-0.02em">
        Subscription
      </Heading>
      <Text color="fg.muted" mt="2">
        Your plan, this month&apos;s usage and billing.
      </Text>
    </Box>
  );
}

function Panel({ children, role }: { children: ReactNode; role?: string }) {
  return (
    <Box bg="white" borderWidth="1px" borderColor="gray.100" rounded="2xl" p={{ base: '6', md: '8' }} role={role}>
      {children}
    </Box>
  );
}

function SubscriptionDetails({ plans, status, usage }: { plans: PlansResponse; status: SubscriptionStatus; usage: CurrentUsage }) {
  const freePlan = plans.plans.find((plan) => plan.priceMonthlyUsd === 0);
  const freePlanName = freePlan?.displayName ?? 'Network Builder';
  const currentPlan = plans.plans.find((plan) => plan.name === status.plan.name);
  const actions = useSubscriptionActions(plans.billing, freePlanName);
  const [confirmCancel, setConfirmCancel] = useState(false);

  async function confirmCancellation() {
    if (await actions.cancelSubscription(status.plan.displayName)) setConfirmCancel(false);
  }

  return (
    <>
      <Grid templateColumns={{ base: '1fr', lg: '1fr 1.2fr' }} gap="6" alignItems="start">
        <CurrentPlanCard
          status={status}
          plan={currentPlan}
          provider={plans.billing.provider}
          portalPending={actions.portalPending}
          onManageBilling={actions.openPortal}
          onCancel={() => setConfirmCancel(true)}
        />
        <UsageCard usage={usage} />
      </Grid>

      <Stack as="section" gap="5" aria-labelledby="plans-heading">
        <Box>
          <Heading id="plans-heading" as="h2" size="lg" letterSpacing="-0.01em">
            Plans
          </Heading>
          <Text color="fg.muted" fontSize="sm" mt="1">
            Monthly limits reset on the 1st of each month. Change plans at any time.
          </Text>
        </Box>
        <PlanCards
          plans={plans.plans}
          currentPlan={status.plan.name}
          pendingPlan={actions.pendingPlan}
          onChoose={(plan, action) => (action.kind === 'cancel' ? setConfirmCancel(true) : void actions.choosePlan(plan))}
        />
      </Stack>

      <CancelSubscriptionDialog
        open={confirmCancel}
        onOpenChange={setConfirmCancel}
        planName={status.plan.displayName}
        freePlanName={freePlanName}
        provider={plans.billing.provider}
        pending={actions.cancelPending}
        onConfirm={() => void confirmCancellation()}
      />
      {actions.payment ? (
        <StripePaymentDialog
          open
          onOpenChange={(open) => (open ? undefined : actions.closePayment())}
          publishableKey={actions.payment.publishableKey}
          clientSecret={actions.payment.clientSecret}
          planName={actions.payment.plan.displayName}
          priceLabel={formatPrice(actions.payment.plan.priceMonthlyUsd)}
          onPaid={actions.paymentFinished}
        />
      ) : null}
    </>
  );
}

export function SubscriptionPage() {
  useDocumentTitle('Subscription');
  const plans = usePlans();
  const status = useSubscriptionStatus();
  const usage = useCurrentUsage();
  const queries = [plans, status, usage];
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
