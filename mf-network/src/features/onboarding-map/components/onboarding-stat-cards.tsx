/** Mentors, peers and mentees: each kind's active and total slots. */
import type { OnboardingNetworkMap } from '@vouch/contracts';
import { Box, SimpleGrid, Text } from '@vouch/ui';
import { ONBOARDING_KINDS } from '../lib/onboarding';

export function OnboardingStatCards({ stats }: { stats: OnboardingNetworkMap['stats'] }) {
  return (
    <SimpleGrid columns={3} gap={{ base: '2', md: '4' }}>
      {ONBOARDING_KINDS.map((kind) => (
        <Box key={kind.type} rounded="xl" p={{ base: '3', md: '4' }} bg={kind.soft} data-testid={`onboarding-stat-${kind.plural}`}>
          <Text fontSize="sm" fontWeight="medium" style={{ color: kind.color }}>
            {kind.label}s
          </Text>
          <Text fontSize={{ base: 'xl', md: '2xl' }} fontWeight="bold" color="gray.900" aria-label={`${stats[kind.plural].active} of ${stats[kind.plural].total} ${kind.plural}`}>
            {stats[kind.plural].active}/{stats[kind.plural].total}
          </Text>
        </Box>
      ))}
    </SimpleGrid>
  );
}
