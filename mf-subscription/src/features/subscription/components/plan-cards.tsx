/** The three plans side by side, the member's own marked (SPEC "Subscription", §9). */
import { Badge, Box, Button, Card, Flex, Heading, SimpleGrid, Stack, Text, chakra } from '@vouch/ui';
import { formatPrice, type PlanName, type PlanSummary } from '@vouch/contracts';
import { planCardAction, type PlanCardAction } from '../lib/plan-card';

export interface PlanCardsProps {
  plans: readonly PlanSummary[];
  currentPlan: PlanName;
  /** The plan whose button is waiting for the server, if any. */
  pendingPlan: PlanName | null;
  onChoose: (plan: PlanSummary, action: PlanCardAction) => void;
}

function CheckIcon() {
  return (
    <chakra.svg viewBox="0 0 24 24" boxSize="4" flexShrink={0} mt="1" fill="none" stroke="currentColor" strokeWidth="2.5" strokeLinecap="round" strokeLinejoin="round" color="brand.600" aria-hidden="true">
      <path d="M5 12.5l4.5 4.5L19 7" />
    </chakra.svg>
  );
}

function PlanCardBody({ plan, action, pending, busy, onChoose }: { plan: PlanSummary; action: PlanCardAction; pending: boolean; busy: boolean; onChoose: PlanCardsProps['onChoose'] }) {
  const isCurrent = action.kind === 'current';
  const headingId = `plan-${plan.name}-heading`;
  return (
    <Card.Root
      as="article"
      aria-labelledby={headingId}
      data-testid={`plan-card-${plan.name}`}
      data-current={isCurrent || undefined}
      variant="outline"
      rounded="2xl"
      bg="white"
      borderWidth={isCurrent ? '2px' : '1px'}
      borderColor={isCurrent ? 'brand.500' : 'gray.100'}
      shadow={isCurrent ? 'md' : 'xs'}
    >
      <Card.Body gap="5">
        <Stack gap="2">
          <Flex align="center" justify="space-between" gap="2" minH="6">
            <Heading id={headingId} as="h3" size="md">
              {plan.displayName}
            </Heading>
            {isCurrent ? (
              <Badge colorPalette="brand" variant="solid" rounded="full" px="2.5">
                Current Plan
              </Badge>
            ) : null}
          </Flex>
          <Text>
            <Text as="span" fontSize="4xl" fontWeight="bold" letterSpacing="-0.03em" color="gray.900">
              {formatPrice(plan.priceMonthlyUsd)}
            </Text>
            <Text as="span" color="fg.muted">
              {' '}
              / month
            </Text>
          </Text>
        </Stack>
        <chakra.ul listStyleType="none" display="grid" gap="2.5" aria-label={`${plan.displayName} features`}>
          {plan.features.map((feature) => (
            <chakra.li key={feature} display="flex" gap="2.5" fontSize="sm" color="gray.700">
              <CheckIcon />
              <span>{feature}</span>
            </chakra.li>
          ))}
        </chakra.ul>
        <Box mt="auto" pt="2">
          {isCurrent ? (
            <Button w="full" variant="subtle" disabled>
              Current Plan
            </Button>
          ) : (
            <Button
              w="full"
              colorPalette={action.kind === 'upgrade' ? 'brand' : 'gray'}
              variant={action.kind === 'upgrade' ? 'solid' : 'outline'}
              loading={pending}
              loadingText="Working…"
              disabled={busy && !pending}
              onClick={() => onChoose(plan, action)}
            >
              {action.label}
            </Button>
          )}
        </Box>
      </Card.Body>
    </Card.Root>
  );
}

export function PlanCards({ plans, currentPlan, pendingPlan, onChoose }: PlanCardsProps) {
  const current = plans.find((plan) => plan.name === currentPlan);
  const currentRef = { name: currentPlan, priceMonthlyUsd: current?.priceMonthlyUsd ?? 0 };
  return (
    <SimpleGrid columns={{ base: 1, md: 3 }} gap="6" alignItems="stretch">
      {plans.map((plan) => (
        <PlanCardBody
          key={plan.name}
          plan={plan}
          action={planCardAction(plan, currentRef)}
          pending={pendingPlan === plan.name}
          busy={pendingPlan !== null}
          onChoose={onChoose}
        />
      ))}
    </SimpleGrid>
  );
}
