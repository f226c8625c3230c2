/** This month's usage: a bar per kind (SPEC "Subscription") and when the allowances reset. */
import { useId } from 'react';
import { Box, Card, Flex, Heading, Stack, Text } from '@vouch/ui';
import type { CurrentUsage, UsageOfKind } from '@vouch/contracts';
import { formatResetDate } from '../lib/format';
import { USAGE_ROWS, formatUsage, isUnlimited, usagePercent, usageTone, usageValueText, type UsageTone } from '../lib/usage';

const TONE_COLOR: Record<UsageTone, string> = { normal: 'brand.500', high: 'orange.400', full: 'red.500' };

function UsageBar({ label, usage, testId }: { label: string; usage: UsageOfKind; testId: string }) {
  const labelId = useId();
  const percent = usagePercent(usage);
  const unlimited = isUnlimited(usage.monthly);
  return (
    <Stack gap="2" data-testid={testId}>
      <Flex justify="space-between" align="baseline" gap="3">
        <Text id={labelId} fontWeight="medium" color="gray.800">
          {label}
        </Text>
        <Text fontSize="sm" color={usageTone(usage) === 'full' ? 'red.600' : 'fg.muted'} fontVariantNumeric="tabular-nums" data-testid={`${testId}-value`}>
          {formatUsage(usage)}
        </Text>
      </Flex>
      {unlimited ? (
        <Box h="2" rounded="full" bgGradient="to-r" gradientFrom="brand.100" gradientTo="teal.100" aria-hidden="true" />
      ) : (
        <Box
          role="progressbar"
          aria-labelledby={labelId}
          aria-valuemin={0}
          aria-valuemax={usage.monthly}
          aria-valuenow={Math.min(Math.max(0, usage.used), Math.max(0, usage.monthly))}
          aria-valuetext={usageValueText(usage)}
          h="2"
          rounded="full"
          bg="gray.100"
          overflow="hidden"
        >
          <Box h="full" w={`${percent ?? 0}%`} bg={TONE_COLOR[usageTone(usage)]} rounded="full" transition="width 0.4s ease" />
        </Box>
      )}
      {usageTone(usage) === 'full' ? (
        <Text fontSize="xs" color="red.600">
          Limit reached for this month.
        </Text>
      ) : null}
    </Stack>
  );
}

export function UsageCard({ usage }: { usage: CurrentUsage }) {
  const resetDate = formatResetDate(usage.periodEnd);
  return (
    <Card.Root variant="outline" rounded="2xl" bg="white" borderColor="gray.100" shadow="xs" as="section" aria-labelledby="usage-heading">
      <Card.Body gap="5">
        <Stack gap="1">
          <Heading id="usage-heading" as="h2" size="md">
            This month&apos;s usage
          </Heading>
          {resetDate ? (
            <Text fontSize="sm" color="fg.muted" data-testid="usage-reset">
              Resets on {resetDate}
            </Text>
          ) : null}
        </Stack>
        {USAGE_ROWS.map((row) => (
          <UsageBar key={row.kind} label={row.label} usage={usage[row.kind]} testId={`usage-${row.kind}`} />
        ))}
      </Card.Body>
    </Card.Root>
  );
}
