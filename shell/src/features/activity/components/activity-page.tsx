/**
 * /activity (issue 28): every activity of the member, newest first, paged, filtered by kind; what
 * others did since the member last looked is marked New, and opening the page marks it seen.
 */
import { ACTIVITY_KINDS, type ActivityKind, PAGE_INTROS } from '@vouch/contracts';
import { useDocumentTitle, useFirstScreenDone, useSearchParams } from '@vouch/shell-sdk';
import { ActivityIcon, Button, EmptyState, FilterChips, HStack, LoadMore, ListFailed, ListLoading, Stack, PageTitle } from '@vouch/ui';
import { useEffect, useState } from 'react';
import { useMarkActivitiesSeen } from '../../header';
import { useActivityFeed } from '../api/activity-feed';
import { ActivityRow } from './activity-row';
import { NotificationSettingsDialog } from './notification-settings-dialog';

/** `/activity?settings` (the bell's Notification settings) opens the settings at once. */
const SETTINGS_PARAM = 'settings';

const KIND_LABELS: Record<ActivityKind, string> = { vouches: 'Vouches', introductions: 'Introductions', suggestions: 'Suggestions' };

/** The filter's choices: null is every kind. */
const KIND_CHOICES: ReadonlyArray<readonly [ActivityKind | null, string]> = [[null, 'All'], ...ACTIVITY_KINDS.map((k) => [k, KIND_LABELS[k]] as const)];

export function ActivityPage() {
  useDocumentTitle('Activity');
  // The server's first screen (this intro) gives way as soon as the page renders (issue 41).
  useFirstScreenDone();
  const [kind, setKind] = useState<ActivityKind | null>(null);
  const [now] = useState(() => new Date());
  const feed = useActivityFeed(kind);
  const [params, setParams] = useSearchParams();
  const settingsOpen = params.has(SETTINGS_PARAM);
  const setSettingsOpen = (open: boolean) => {
    const next = new URLSearchParams(params);
    if (open) next.set(SETTINGS_PARAM, '');
    else next.delete(SETTINGS_PARAM);
    setParams(next, { replace: true });
  };
  const markSeen = useMarkActivitiesSeen();
  const newest = kind === null && !feed.isPending && !feed.isError ? feed.data[0] : undefined;
  // Seen through the newest activity of the whole feed (a filtered list's newest would also mark
  // older activities of other kinds that the member has not been shown).
  useEffect(() => {
    if (newest?.unread) markSeen.mutate(newest.id);
  }, [newest?.id]);

  return (
    <Stack gap="6" maxW="3xl" mx="auto" w="full">
      <HStack justify="space-between" align="flex-end" gap="4" flexWrap="wrap">
        <PageTitle intro={PAGE_INTROS['/activity']} />
        <Button variant="outline" size="sm" onClick={() => setSettingsOpen(true)}>
          Notification settings
        </Button>
      </HStack>
      <NotificationSettingsDialog open={settingsOpen} onOpenChange={setSettingsOpen} />
      <FilterChips label="Show" choices={KIND_CHOICES} value={kind} onChange={setKind} />
      {feed.isPending ? (
        <ListLoading label="Loading your activity…" />
      ) : feed.isError ? (
        <ListFailed what="your activity" onRetry={() => void feed.refetch()} />
      ) : feed.data.length === 0 ? (
        <EmptyState icon={<ActivityIcon boxSize="6" />} title={kind ? `No ${KIND_LABELS[kind].toLowerCase()} activity yet` : 'No activity yet'}>
          Vouches you give and receive, and introductions you ask for or help with, show up here.
        </EmptyState>
      ) : (
        <Stack as="ul" gap="2" data-testid="activity-list">
          {feed.data.map((activity) => (
            <ActivityRow key={activity.id} activity={activity} now={now} />
          ))}
          <LoadMore hasMore={feed.hasNextPage} loading={feed.isFetchingNextPage} onLoadMore={() => void feed.fetchNextPage()} />
        </Stack>
      )}
    </Stack>
  );
}
