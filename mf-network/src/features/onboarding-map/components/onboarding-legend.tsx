/** Each kind's colour, and what a dashed slot means. */
import { Box, Stack } from '@vouch/ui';
import { ONBOARDING_KINDS } from '../lib/onboarding';

export function OnboardingLegend() {
  return (
    <Stack as="ul" listStyleType="none" direction="row" wrap="wrap" gap="4" justify="center" fontSize="sm" aria-label="Legend" data-testid="onboarding-legend">
      {ONBOARDING_KINDS.map((kind) => (
        <Stack as="li" key={kind.type} direction="row" align="center" gap="2">
          <Box boxSize="3" rounded="full" style={{ background: kind.color }} aria-hidden="true" />
          {kind.label}
        </Stack>
      ))}
      <Stack as="li" direction="row" align="center" gap="2">
        <Box boxSize="3" rounded="full" borderWidth="2px" borderStyle="dashed" borderColor="gray.400" aria-hidden="true" />
        Open slot (a question to answer)
      </Stack>
    </Stack>
  );
}
