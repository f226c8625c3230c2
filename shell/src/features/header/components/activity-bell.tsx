/**
 * The activity bell (SPEC "Header"): a badge with the count (capped "9+"), and a dropdown titled
 * Recent Activity listing each activity with its icon and when it happened.
 */
import type { Activity } from '@vouch/contracts';
import { formatTimeAgo, memberProfilePath } from '@vouch/contracts';
import { useNavigate } from '@vouch/shell-sdk';
import {
  ActivityIcon,
  AppMenu,
  BellIcon,
  Box,
  Button,
  Center,
  CheckCircleIcon,
  HandshakeIcon,
  Heading,
  ListEnd,
  SendIcon,
  Spinner,
  Stack,
  Text,
  UserPlusIcon,
  XCircleIcon,
  type AppMenuItem,
  type IconProps,
} from '@vouch/ui';
import { useState, type ComponentType } from 'react';
import { useActivities } from '../api/get-activities';
import { activityBadgeLabel, activityIconName, type ActivityIconName } from '../header-rules';

const ICONS: Record<ActivityIconName, { Icon: ComponentType<IconProps>; palette: string }> = {
  'vouch-created': { Icon: SendIcon, palette: 'brand' },
  'vouch-accepted': { Icon: CheckCircleIcon, palette: 'green' },
  'vouch-rejected': { Icon: XCircleIcon, palette: 'red' },
  'introduction-requested': { Icon: UserPlusIcon, palette: 'purple' },
  'introduction-accepted': { Icon: HandshakeIcon, palette: 'teal' },
  default: { Icon: ActivityIcon, palette: 'gray' },
};

function ActivityTypeIcon({ type }: { type: string }) {
  const name = activityIconName(type);
  const { Icon, palette } = ICONS[name];
  return (
    <Center boxSize="7" rounded="full" bg={`${palette}.50`} color={`${palette}.600`} data-icon={name}>
      <Icon boxSize="3.5" />
    </Center>
  );
}

function ActivityEntry({ activity, now }: { activity: Activity; now: Date }) {
  return (
    <Stack gap="0.5">
      <Text fontSize="sm" lineHeight="short" color="fg" lineClamp={2}>
        {activity.description}
      </Text>
      <Text asChild fontSize="xs" color="fg.muted">
        <time dateTime={activity.createdAt}>{formatTimeAgo(activity.createdAt, now)}</time>
      </Text>
    </Stack>
  );
}

function BellStatus({ title, text, busy }: { title: string; text?: string; busy?: boolean }) {
  return (
    <Stack align="center" gap="1" py="5" textAlign="center" role="status">
      {busy ? <Spinner size="sm" color="brand.600" /> : <BellIcon boxSize="6" color="fg.subtle" />}
      <Text fontSize="sm" fontWeight="medium" color="fg">
        {title}
      </Text>
      {text ? (
        <Text fontSize="xs" color="fg.muted">
          {text}
        </Text>
      ) : null}
    </Stack>
  );
}

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

  const header = (
    <Stack gap="1" data-testid="activity-panel">
      <Heading as="h2" fontSize="sm" fontWeight="semibold" color="fg">
        Recent Activity
      </Heading>
      {isPending ? (
        <BellStatus title="Loading activities..." busy />
      ) : isError ? (
        <BellStatus title="Could not load activities" text="We will try again shortly." />
      ) : activities.length === 0 ? (
        <BellStatus title="No recent activity" text="Your network activities will appear here" />
      ) : null}
    </Stack>
  );

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
          {badge ? (
            <Box
              as="span"
              data-testid="activity-badge"
              position="absolute"
              top="-1"
              right="-1"
              display="inline-flex"
              alignItems="center"
              justifyContent="center"
              minW="4"
              h="4"
              px="1"
              rounded="full"
              bg="red.500"
              color="white"
              fontSize="10px"
              fontWeight="bold"
              lineHeight="1"
              borderWidth="2px"
              borderColor="white"
              boxSizing="content-box"
              aria-hidden="true"
            >
              {badge}
            </Box>
          ) : null}
        </Button>
      }
    />
  );
}
