/**
 * The member's subscription once read: the current plan and this month's usage, the three plans,
 * and the cancel and payment dialogs they open.
 */
import { useState } from 'react';
import { Box, Grid, Heading, Stack, Text } from '@vouch/ui';
import { formatPrice, type CurrentUsage, type PlansResponse, type SubscriptionStatus } from '@vouch/contracts';
import { CancelSubscriptionDialog } from './cancel-subscription-dialog';
import { CurrentPlanCard } from './current-plan-card';
import { PlanCards } from './plan-cards';
import { StripePaymentDialog } from './stripe-payment-dialog';
import { UsageCard } from './usage-card';
import { useSubscriptionActions } from '../lib/use-subscription-actions';

export function SubscriptionDetails({ plans, status, usage }: { plans: PlansResponse; status: SubscriptionStatus; usage: CurrentUsage }) {
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
