/**
 * The activity bell (SPEC "Header"): a badge with the count (capped "9+"), and a dropdown titled
 * Recent Activity listing each activity with its icon and when it happened.
 */
import { memberProfilePath } from '@vouch/contracts';
import { useNavigate } from '@vouch/shell-sdk';
import { AppMenu, BellIcon, Button, ListEnd, Text, type AppMenuItem } from '@vouch/ui';
import { useState } from 'react';
import { useActivities } from '../api/get-activities';
import { activityBadgeLabel } from '../header-rules';
import { ActivityCountBadge } from './activity-count-badge';
import { ActivityEntry, ActivityTypeIcon } from './activity-entry';
import { ActivityPanelHeader } from './activity-panel-header';

export function ActivityBell() {
  const { data, isPending, isError, hasNextPage, isFetchingNextPage, fetchNextPage } = useActivities();
  const navigate = useNavigate();
  const [now, setNow] = useState(() => new Date());
  // Once older activity was loaded and none is left, the end is said (issue 18: a visible end).
  const [loadedOlder, setLoadedOlder] = useState(false);
  const activities = data ?? [];
  const badge = activityBadgeLabel(activities.length);

  const items: AppMenuItem[] = activities.map((activity) => {
    const about = activity.aboutMemberId;
    return {
      value: `activity-${activity.id}`,
      icon: <ActivityTypeIcon type={activity.type} />,
      label: <ActivityEntry activity={activity} now={now} />,
      tall: true,
      // An activity about another member opens their profile.
      ...(about ? { onSelect: () => void navigate(memberProfilePath(about)) } : {}),
    };
  });

  // Menu items, not a button: inside role="menu" only items are reachable with the arrow keys.
  // Where "Load older activity" was, the end of the list is said once everything is loaded.
  const older: AppMenuItem[] = hasNextPage
    ? [
        {
          value: 'load-older-activity',
          label: (
            <Text textAlign="center" fontSize="sm" color="fg.muted">
              {isFetchingNextPage ? 'Loading older activity…' : 'Load older activity'}
            </Text>
          ),
          keepOpen: true,
          disabled: isFetchingNextPage,
          onSelect: () => {
            setLoadedOlder(true);
            void fetchNextPage();
          },
        },
      ]
    : loadedOlder
      ? [{ value: 'older-activity-end', label: <ListEnd />, disabled: true }]
      : [];

  const header = <ActivityPanelHeader isPending={isPending} isError={isError} empty={activities.length === 0} />;

  return (
    <AppMenu
      width="22rem"
      header={header}
      onOpenChange={(open) => open && setNow(new Date())}
      groups={[
        [...items, ...older],
        // SPEC: "View All Activity" does nothing (there is no activity page yet).
        [{ value: 'view-all-activity', label: <Text textAlign="center" fontSize="sm" fontWeight="medium" color="brand.700">View All Activity</Text> }],
      ]}
      trigger={
        <Button
          variant="ghost"
          size="sm"
          px="2"
          position="relative"
          overflow="visible"
          aria-label={badge ? `Recent activity (${badge})` : 'Recent activity'}
          data-testid="activity-bell"
        >
          <BellIcon boxSize="5" />
          {badge ? <ActivityCountBadge badge={badge} /> : null}
        </Button>
      }
    />
  );
}
