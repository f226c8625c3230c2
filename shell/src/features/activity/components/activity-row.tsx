/** One activity on the activity page: icon, sentence and time; the whole row opens its object. */
import type { Activity } from '@vouch/contracts';
import { RouterLink } from '@vouch/shell-sdk';
import { Box, HStack } from '@vouch/ui';
import type { ReactNode } from 'react';
import { ActivityEntry, ActivityTypeIcon } from '../../header';

function RowFrame({ link, unread, children }: { link: string | null; unread: boolean; children: ReactNode }) {
  const frame = { display: 'block', bg: unread ? 'brand.50' : 'white', borderWidth: '1px', borderColor: 'gray.100', rounded: 'xl', px: '4', py: '3' } as const;
  if (!link) return <Box {...frame}>{children}</Box>;
  return (
    <Box asChild {...frame} _hover={{ borderColor: 'brand.200' }} _focusVisible={{ outline: '2px solid', outlineColor: 'brand.500' }}>
      <RouterLink to={link}>{children}</RouterLink>
    </Box>
  );
}

export function ActivityRow({ activity, now }: { activity: Activity; now: Date }) {
  return (
    <Box as="li" listStyleType="none">
      <RowFrame link={activity.link} unread={activity.unread}>
        <HStack gap="3" align="start">
          <ActivityTypeIcon type={activity.type} />
          <ActivityEntry activity={activity} now={now} />
        </HStack>
      </RowFrame>
    </Box>
  );
}
