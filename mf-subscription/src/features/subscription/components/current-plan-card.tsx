/**
 * The member's plan and status, and for a paid plan Manage Billing and Cancel Subscription
 * (SPEC "Subscription"). With local billing there is no portal: the button stays visible but
 * disabled, with the reason beside it.
 */
import { Badge, Box, Button, Card, Flex, Heading, HStack, Stack, Text } from '@vouch/ui';
import { CURRENT_PLAN_TEXT, formatPrice, formatStatus, statusTone, type BillingProvider, type PlanSummary, type SubscriptionStatus } from '@vouch/contracts';
import { isPaidPlan } from '../lib/plan-card';

export interface CurrentPlanCardProps {
  status: SubscriptionStatus;
  plan: PlanSummary | undefined;
  provider: BillingProvider;
  portalPending: boolean;
  onManageBilling: () => void;
  onCancel: () => void;
}

export function CurrentPlanCard({ status, plan, provider, portalPending, onManageBilling, onCancel }: CurrentPlanCardProps) {
  const paid = isPaidPlan(plan);
  const portalAvailable = provider === 'stripe';
  return (
    <Card.Root variant="outline" rounded="2xl" bg="white" borderColor="gray.100" shadow="xs" as="section" aria-labelledby="current-plan-heading" data-testid="current-plan">
      <Card.Body gap="5">
        <Stack gap="1">
          <Text id="current-plan-heading" fontSize="sm" fontWeight="medium" color="fg.muted" textTransform="uppercase" letterSpacing="0.06em">
            {CURRENT_PLAN_TEXT.label}
          </Text>
          <Flex align="center" gap="3" flexWrap="wrap">
            <Heading as="h2" size="2xl" letterSpacing="-0.02em" data-testid="current-plan-name">
              {status.plan.displayName}
            </Heading>
            <Badge colorPalette={statusTone(status.status)} variant="subtle" rounded="full" px="2.5" data-testid="current-plan-status">
              {formatStatus(status.status)}
            </Badge>
          </Flex>
          {plan ? (
            <Text color="gray.600">
              <Text as="span" fontWeight="semibold" color="gray.900">
                {formatPrice(plan.priceMonthlyUsd)}
              </Text>{' '}
              / month
            </Text>
          ) : null}
        </Stack>

        {paid ? (
          <Stack gap="3">
            <HStack gap="3" flexWrap="wrap">
              <Button
                colorPalette="brand"
                variant="outline"
                onClick={onManageBilling}
                loading={portalPending}
                loadingText="Opening…"
                disabled={!portalAvailable}
                aria-describedby={portalAvailable ? undefined : 'manage-billing-note'}
              >
                Manage Billing
              </Button>
              <Button colorPalette="red" variant="ghost" onClick={onCancel}>
                Cancel Subscription
              </Button>
            </HStack>
            {portalAvailable ? null : (
              <Text id="manage-billing-note" fontSize="sm" color="fg.muted">
                {CURRENT_PLAN_TEXT.localBilling}
              </Text>
            )}
          </Stack>
        ) : (
          <Box bg="brand.50" rounded="xl" p="4">
            <Text fontSize="sm" color="brand.900">
              {CURRENT_PLAN_TEXT.freePlan}
            </Text>
          </Box>
        )}
      </Card.Body>
    </Card.Root>
  );
}
