/** Stats' activity summary: introduction requests, successful connections, profile views, days active. */
import { daysActive, FIGURES, type FigureName, type UserProfile } from '@vouch/contracts';
import { Box, SimpleGrid, Text } from '@vouch/ui';
import { FigureValue } from './figure-value';
import { StatCard } from './stat-card';

function Item({ name, label = FIGURES[name].label, value, testId }: { name: FigureName; label?: string; value: number; testId: string }) {
  return (
    <Box bg="gray.50" rounded="xl" px="4" py="3">
      <FigureValue name={name} value={value} testId={testId} />
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
        <Item name="introductionRequests" value={user.introductionRequestsCount ?? 0} testId="stats-introduction-requests" />
        {/* SPEC "Stats" calls them successful connections: the same 1° people the map counts. */}
        <Item name="connections" label="Successful connections" value={user.connectionsCount ?? 0} testId="stats-connections" />
        <Item name="profileViews" value={user.profileViews ?? 0} testId="stats-profile-views" />
        <Item name="daysActive" value={daysActive(user.createdAt)} testId="stats-days-active" />
      </SimpleGrid>
    </StatCard>
  );
}
