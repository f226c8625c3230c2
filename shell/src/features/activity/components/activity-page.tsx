/**
 * /activity (issue 28): every activity of the member, newest first, paged, filtered by kind; what
 * others did since the member last looked is marked New, and opening the page marks it seen.
 */
import { ACTIVITY_KINDS, type ActivityKind } from '@vouch/contracts';
import { useDocumentTitle } from '@vouch/shell-sdk';
import { ActivityIcon, Box, Button, EmptyState, Heading, HStack, LoadMore, ListFailed, ListLoading, Stack, Text } from '@vouch/ui';
import { useEffect, useState } from 'react';
import { useMarkActivitiesSeen } from '../../header';
import { useActivityFeed } from '../api/activity-feed';
import { ActivityRow } from './activity-row';

const KIND_LABELS: Record<ActivityKind, string> = { vouches: 'Vouches', introductions: 'Introductions', suggestions: 'Suggestions' };

function KindFilter({ kind, onChange }: { kind: ActivityKind | null; onChange: (kind: ActivityKind | null) => void }) {
  const choices: Array<[ActivityKind | null, string]> = [[null, 'All'], ...ACTIVITY_KINDS.map((k): [ActivityKind, string] => [k, KIND_LABELS[k]])];
  return (
    <HStack role="group" aria-label="Show" gap="2" flexWrap="wrap">
      {choices.map(([value, label]) => (
        <Button key={label} size="sm" rounded="full" variant={kind === value ? 'solid' : 'outline'} colorPalette="brand" aria-pressed={kind === value} onClick={() => onChange(value)}>
          {label}
        </Button>
      ))}
    </HStack>
  );
}

export function ActivityPage() {
  useDocumentTitle('Activity');
  const [kind, setKind] = useState<ActivityKind | null>(null);
  const [now] = useState(() => new Date());
  const feed = useActivityFeed(kind);
  const markSeen = useMarkActivitiesSeen();
  const newest = kind === null && !feed.isPending && !feed.isError ? feed.data[0] : undefined;
  // Seen through the newest activity of the whole feed (a filtered list's newest would also mark
  // older activities of other kinds that the member has not been shown).
  useEffect(() => {
    if (newest?.unread) markSeen.mutate(newest.id);
  }, [newest?.id]);

  return (
    <Stack gap="6" maxW="3xl" mx="auto" w="full">
      <Box>
        <Heading as="h1" size="2xl" letterSpacing="-0.02em">
          Activity
        </Heading>
        <Text color="fg.muted" mt="1">
          Everything that happened around your vouches and introductions.
        </Text>
      </Box>
      <KindFilter kind={kind} onChange={setKind} />
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
