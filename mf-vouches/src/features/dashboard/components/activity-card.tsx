/** Stats' activity summary: introduction requests, successful connections, profile views, days active. */
import type { UserProfile } from '@vouch/contracts';
import { Box, SimpleGrid, Text } from '@vouch/ui';
import { daysActive } from '../lib/stats';
import { StatCard } from './stat-card';

function Item({ label, value, testId }: { label: string; value: number; testId: string }) {
  return (
    <Box bg="gray.50" rounded="xl" px="4" py="3">
      <Text fontSize="2xl" fontWeight="bold" color="gray.900" data-testid={testId} fontVariantNumeric="tabular-nums">
        {value}
      </Text>
      <Text fontSize="sm" color="fg.muted">
        {label}
      </Text>
    </Box>
  );
}

export function ActivityCard({ user }: { user: UserProfile }) {
  return (
    <StatCard id="stats-activity" title="Activity Summary" testId="stats-activity">
      <SimpleGrid columns={2} gap="3">
        <Item label="Introduction requests" value={user.introductionRequestsCount ?? 0} testId="stats-introduction-requests" />
        <Item label="Successful connections" value={user.connectionsCount ?? 0} testId="stats-connections" />
        <Item label="Profile views" value={user.profileViews ?? 0} testId="stats-profile-views" />
        <Item label="Days active" value={daysActive(user.createdAt)} testId="stats-days-active" />
      </SimpleGrid>
    </StatCard>
  );
}
