/** One activity in the bell's list: its type's icon, its sentence and when it happened. */
import type { Activity } from '@vouch/contracts';
import { formatTimeAgo } from '@vouch/contracts';
import { ActivityIcon, Center, VisuallyHidden, CheckCircleIcon, HandshakeIcon, SendIcon, Stack, Text, UserPlusIcon, XCircleIcon, type IconProps } from '@vouch/ui';
import type { ComponentType } from 'react';
import { activityIconName, type ActivityIconName } from '../header-rules';

const ICONS: Record<ActivityIconName, { Icon: ComponentType<IconProps>; palette: string }> = {
  'vouch-created': { Icon: SendIcon, palette: 'brand' },
  'vouch-accepted': { Icon: CheckCircleIcon, palette: 'green' },
  'vouch-rejected': { Icon: XCircleIcon, palette: 'red' },
  'introduction-requested': { Icon: UserPlusIcon, palette: 'purple' },
  'introduction-accepted': { Icon: HandshakeIcon, palette: 'teal' },
  default: { Icon: ActivityIcon, palette: 'gray' },
};

export function ActivityTypeIcon({ type }: { type: string }) {
  const name = activityIconName(type);
  const { Icon, palette } = ICONS[name];
  return (
    <Center boxSize="7" rounded="full" bg={`${palette}.50`} color={`${palette}.600`} data-icon={name}>
      <Icon boxSize="3.5" />
    </Center>
  );
}

export function ActivityEntry({ activity, now }: { activity: Activity; now: Date }) {
  return (
    <Stack gap="0.5" data-unread={activity.unread || undefined}>
      <Text fontSize="sm" lineHeight="short" color="fg" fontWeight={activity.unread ? 'semibold' : undefined} lineClamp={2}>
        {activity.unread ? <VisuallyHidden>New: </VisuallyHidden> : null}
        {activity.description}
      </Text>
      <Text asChild fontSize="xs" color="fg.muted">
        <time dateTime={activity.createdAt}>{formatTimeAgo(activity.createdAt, now)}</time>
      </Text>
    </Stack>
  );
}
