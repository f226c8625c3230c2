/** The summary's most recent accepted vouches, each with who gave it and when. */
import type { MySummary } from '@vouch/contracts';
import { Box, Flex, Stack, Text } from '@vouch/ui';
import { VouchDetails } from '../../../components/vouch-details';
import { formatAcceptedDate, recentVouches } from '../../../lib/profile-summary';

export function SummaryRecentVouches({ vouches }: { vouches: MySummary['vouches'] }) {
  const recent = recentVouches(vouches);
  if (recent.length === 0) return null;
  return (
    <Box>
      <Text fontSize="xs" fontWeight="semibold" color="fg.muted" textTransform="uppercase" letterSpacing="wider" mb="2">
        Recent vouches
      </Text>
      <Stack as="ul" gap="3" listStyleType="none" data-testid="summary-recent-vouches">
        {recent.map((vouch) => (
          <Box as="li" key={vouch.id} borderWidth="1px" borderColor="gray.100" rounded="lg" p="3">
            <Flex justify="space-between" gap="2" mb="2" wrap="wrap">
              <Text fontSize="sm" fontWeight="semibold">
                From {vouch.voucherName}
              </Text>
              <Text fontSize="xs" color="fg.muted">
                {formatAcceptedDate(vouch.acceptedAt)}
              </Text>
            </Flex>
            <VouchDetails vouch={vouch} />
          </Box>
        ))}
      </Stack>
    </Box>
  );
}
