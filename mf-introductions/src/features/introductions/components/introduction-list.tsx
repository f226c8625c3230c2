/**
 * The Introductions tab (issue 16, the double opt-in): asks awaiting me (Agree / Decline), and
 * every introduction I take part in with its outcome. Once both agreed, each side sees the other's
 * name and phone and the connector's note; the connector sees that it happened.
 */
import { formatTimeAgo, type Introduction, formatStoredPhone } from '@vouch/contracts';
import { EmptyState, ListFailed, ListLoading, LoadMore, Badge, Box, Button, Card, Flex, HandshakeIcon, HStack, Link, notify, PhoneIcon, Stack, Text, LinkedCard, LinkedGone } from '@vouch/ui';
import { useLinkedItem, useLinkedObject } from '@vouch/shell-sdk';
import { useState } from 'react';
import { useAnswerIntroduction, useIntroductions, type IntroductionAnswer } from '../api/introductions';
import { introductionKeys } from '../api/query-keys';
import { introductionOutcome } from '../lib/introduction-outcome';
import { fallbackWithReason } from '../lib/toast-errors';

/** The other person of the introduction, from my side (the connector reads about the target). */
const otherPerson = (introduction: Introduction) => (introduction.role === 'target' ? introduction.requester : introduction.target);

function IntroductionCard({ introduction }: { introduction: Introduction }) {
  const answer = useAnswerIntroduction();
  const [busy, setBusy] = useState<IntroductionAnswer | null>(null);
  const names = { requester: introduction.requester.name, target: introduction.target.name };
  const outcome = introductionOutcome(introduction.status, introduction.role, names, introduction.expiresAt);
  const other = otherPerson(introduction);
  const headingId = `introduction-${introduction.id}`;
  // The introduction a notification opened (?introduction=<id>): scrolled to and marked.
  const { linked, ref } = useLinkedObject('introduction', introduction.id);
  const title =
    introduction.role === 'connector' ? `${names.requester} and ${names.target}` : introduction.role === 'target' ? `${names.requester} asked to meet you` : `Your introduction to ${names.target}`;

  const respond = (choice: IntroductionAnswer) => {
    setBusy(choice);
    answer.mutate(
      { introductionId: introduction.id, answer: choice },
      {
        onSuccess: () =>
          notify(
            choice === 'accept'
              ? { title: 'Introduction Made', description: `You and ${names.requester} can now reach each other.` }
              : { title: 'Introduction Declined', description: `We'll let ${names.requester} know. Your number was not shared.` },
          ),
        onError: (error) => notify({ title: 'Error', description: fallbackWithReason(error, 'Failed to answer the introduction'), variant: 'destructive' }),
        onSettled: () => setBusy(null),
      },
    );
  };

  return (
    <LinkedCard ref={ref} linked={linked} as="article" aria-labelledby={headingId} data-testid="introduction" data-status={introduction.status}>
      <Card.Body gap="3">
        <Flex justify="space-between" align="flex-start" gap="3" wrap="wrap">
          <Box minW="0">
            <Text as="h3" fontWeight="semibold" id={headingId}>
              {title}
            </Text>
            <Text fontSize="xs" color="fg.muted">
              {introduction.requestType} · {introduction.desiredSkills} · {formatTimeAgo(introduction.createdAt)}
            </Text>
          </Box>
          <Badge colorPalette={outcome.palette} variant="subtle" rounded="full" data-testid="introduction-status">
            {outcome.label}
          </Badge>
        </Flex>
        <Text fontSize="sm" data-testid="introduction-outcome">
          {outcome.sentence}
        </Text>
        {introduction.role === 'target' ? (
          <Text fontSize="sm" color="fg.muted">
            Their reason: “{introduction.reason}”
          </Text>
        ) : null}
        <Text fontSize="sm" color="fg.muted" data-testid="introduction-note">
          {introduction.role === 'connector' ? 'Your note' : `${introduction.connector.name}'s note`}: “{introduction.note}”
        </Text>
        {other.phone ? (
          <HStack gap="2" data-testid="introduction-contact">
            <PhoneIcon boxSize="4" aria-hidden="true" />
            <Text fontSize="sm">
              <Text as="span" fontWeight="medium">
                {other.name}
              </Text>{' '}
              · <Link href={`tel:${other.phone}`}>{formatStoredPhone(other.phone)}</Link>
            </Text>
          </HStack>
        ) : null}
        {introduction.role === 'target' && introduction.status === 'awaiting_target' ? (
          <HStack gap="2">
            <Button size="sm" colorPalette="brand" onClick={() => respond('accept')} loading={busy === 'accept'} disabled={busy !== null}>
              Agree to Introduction
            </Button>
            <Button size="sm" variant="outline" onClick={() => respond('decline')} loading={busy === 'decline'} disabled={busy !== null}>
              Decline
            </Button>
          </HStack>
        ) : null}
      </Card.Body>
    </LinkedCard>
  );
}

export function IntroductionList() {
  const introductions = useIntroductions();
  // The introduction a link names (`?introduction=`), on top when it is further back than the pages loaded.
  const linked = useLinkedItem<Introduction>('introduction', { queryKey: introductionKeys.introductions, loaded: introductions.data }, (id) => `/api/introductions/${id}`);
  if (introductions.isPending) return <ListLoading label="Loading your introductions…" />;
  if (introductions.isError) return <ListFailed what="your introductions" onRetry={() => void introductions.refetch()} />;
  const top = linked.item ? <IntroductionCard introduction={linked.item} /> : linked.gone ? <LinkedGone>This introduction is no longer there.</LinkedGone> : null;
  if (introductions.data.length === 0 && !linked.item) {
    return (
      <Stack gap="4">
        {top}
        <EmptyState icon={<HandshakeIcon />} title="No introductions yet">
          When you accept a suggestion, the person suggested is asked whether they want the introduction. When someone wants to meet you, you decide here.
        </EmptyState>
      </Stack>
    );
  }
  return (
    <Stack gap="4" data-testid="introduction-list">
      {top}
      {introductions.data.map((introduction) => (
        <IntroductionCard key={introduction.id} introduction={introduction} />
      ))}
      <LoadMore hasMore={introductions.hasNextPage} loading={introductions.isFetchingNextPage} onLoadMore={() => void introductions.fetchNextPage()} />
    </Stack>
  );
}

/** How many asks await my answer (the tab's badge). */
export function awaitingMe(introductions: readonly Introduction[] | undefined): number {
  return (introductions ?? []).filter((i) => i.role === 'target' && i.status === 'awaiting_target').length;
}
