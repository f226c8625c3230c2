/** The summary's vouch, recommendation and invitation counts. */
import type { MySummary } from '@vouch/contracts';
import { Box, SimpleGrid, Text } from '@vouch/ui';

// A third of a phone-wide card is narrower than "Recommendations" (it broke mid-word, issue 16):
// there each count is a row, label left and number right; three columns from `sm` up.
export const COUNT_GRID = { columns: { base: 1, sm: 3 }, gap: '2' } as const;
export const COUNT_BOX = {
  display: { base: 'flex', sm: 'block' },
  flexDirection: 'row-reverse',
  justifyContent: 'space-between',
  alignItems: 'center',
  textAlign: { base: 'start', sm: 'center' },
  rounded: 'lg',
  py: { base: '1.5', sm: '2.5' },
  px: { base: '3', sm: '1' },
  minW: '0',
} as const;

function Count({ label, value, testId }: { label: string; value: number; testId: string }) {
  return (
    <Box {...COUNT_BOX} bg="gray.50">
      <Text fontSize="xl" fontWeight="bold" color="gray.900" data-testid={testId} fontVariantNumeric="tabular-nums">
        {value}
      </Text>
      <Text fontSize={{ base: 'sm', sm: 'xs' }} color="fg.muted">
        {label}
      </Text>
    </Box>
  );
}

export function SummaryCounts({ stats }: { stats: MySummary['stats'] }) {
  return (
    <SimpleGrid {...COUNT_GRID}>
      <Count label={stats.vouchCount === 1 ? 'Vouch' : 'Vouches'} value={stats.vouchCount} testId="summary-vouch-count" />
      <Count label={stats.recommendationCount === 1 ? 'Recommendation' : 'Recommendations'} value={stats.recommendationCount} testId="summary-recommendation-count" />
      <Count label={stats.invitationCount === 1 ? 'Invitation' : 'Invitations'} value={stats.invitationCount} testId="summary-invitation-count" />
    </SimpleGrid>
  );
}
