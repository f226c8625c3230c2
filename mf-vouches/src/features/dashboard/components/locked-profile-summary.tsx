/**
 * No vouches at all: the card greyed, with a locked note (SPEC "Dashboard") saying what opens it;
 * Profile settings stay open from the first sign-in (issue 44).
 */
import { Box, Flex, Heading, LockIcon, SimpleGrid, Text } from '@vouch/ui';
import { ProfileSettingsButton } from './profile-settings-button';
import { SummaryCardFrame } from './summary-card-frame';
import { COUNT_BOX, COUNT_GRID } from './summary-counts';

export function LockedProfileSummary({ note = 'Your profile summary unlocks with your first Vouch.' }: { note?: string }) {
  return (
    <SummaryCardFrame testId="profile-summary-locked" muted>
      <Flex justify="space-between" align="center" gap="3" wrap="wrap">
        <Heading id="profile-summary-locked-heading" as="h2" size="lg" letterSpacing="-0.01em" color="gray.600">
          Profile Summary
        </Heading>
        <ProfileSettingsButton />
      </Flex>
      {/* Greyed but legible (issue 44's axe run: the faded labels failed contrast). */}
      <Box aria-hidden="true" mt="4" filter="grayscale(1)">
        <SimpleGrid {...COUNT_GRID}>
          {['Vouches', 'Recommendations', 'Invitations'].map((label) => (
            <Box key={label} {...COUNT_BOX} bg="gray.100">
              <Text fontSize="xl" fontWeight="bold" color="gray.500">
                0
              </Text>
              <Text fontSize={{ base: 'sm', sm: 'xs' }} color="gray.600">
                {label}
              </Text>
            </Box>
          ))}
        </SimpleGrid>
        <Box h="3" bg="gray.100" rounded="full" mt="4" w="90%" />
        <Box h="3" bg="gray.100" rounded="full" mt="2" w="70%" />
      </Box>
      <Flex align="center" gap="2" mt="4" color="gray.600" data-testid="profile-summary-locked-note">
        <LockIcon boxSize="4" aria-hidden="true" />
        <Text fontSize="sm">{note}</Text>
      </Flex>
    </SummaryCardFrame>
  );
}
