/**
 * The activity bell (SPEC "Header"): a badge with what others did since the member last looked
 * (capped "9+"; issue 28: never their own actions, cleared when the bell is opened, on every
 * device), and a dropdown titled Recent Activity listing each activity with its icon and when it
 * happened; each opens its object, and View All Activity opens /activity.
 */
import { ACTIVITY_PAGE_PATH } from '@vouch/contracts';
import { useNavigate } from '@vouch/shell-sdk';
import { AppMenu, BellIcon, Button, ListEnd, Text, type AppMenuItem } from '@vouch/ui';
import { useEffect, useRef, useState } from 'react';
import { useMarkActivitiesSeen, useUnreadActivities, useUnreadStream } from '../api/activity-unread';
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
  const unread = useUnreadActivities().data?.unread ?? 0;
  useUnreadStream(true);
  const markSeen = useMarkActivitiesSeen();
  const badge = activityBadgeLabel(unread);

  const [open, setOpen] = useState(false);
  const markedThrough = useRef<number | null>(null);
  // Marks seen what the open panel shows, also when the list arrives after the bell was opened
  // (a click on the badge before the first page loaded used to leave the badge up).
  const newestId = activities[0]?.id;
  useEffect(() => {
    if (!open || newestId === undefined || unread === 0 || markedThrough.current === newestId) return;
    markedThrough.current = newestId;
    markSeen.mutate(newestId);
  }, [open, newestId, unread, markSeen]);

  const items: AppMenuItem[] = activities.map((activity) => {
    const { link } = activity;
    return {
      value: `activity-${activity.id}`,
      icon: <ActivityTypeIcon type={activity.type} />,
      label: <ActivityEntry activity={activity} now={now} />,
      tall: true,
      ...(link ? { onSelect: () => void navigate(link) } : {}),
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
      onOpenChange={(next) => {
        if (next) {
          setNow(new Date());
          markedThrough.current = null;
        }
        setOpen(next);
      }}
      groups={[
        [...items, ...older],
        [
          {
            value: 'view-all-activity',
            label: <Text textAlign="center" fontSize="sm" fontWeight="medium" color="brand.700">View All Activity</Text>,
            onSelect: () => void navigate(ACTIVITY_PAGE_PATH),
          },
          {
            value: 'notification-settings',
            label: <Text textAlign="center" fontSize="sm" color="fg.muted">Notification settings</Text>,
            onSelect: () => void navigate(`${ACTIVITY_PAGE_PATH}?settings`),
          },
        ],
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
