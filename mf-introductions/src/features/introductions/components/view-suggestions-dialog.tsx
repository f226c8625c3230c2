/**
 * View Suggestions (SPEC "Introduction Requests", §4, §8): the suggestions made for one of my
 * requests; each awaiting me (pending_requestor) can be accepted or rejected, unless I
 * cancelled the request (the server refuses those answers).
 */
import { formatTimeAgo, memberProfilePath, type IntroductionRequest, type Suggestion } from '@vouch/contracts';
import { RouterLink } from '@vouch/shell-sdk';
import { EmptyState, ListFailed, ListLoading, LoadMore, AppDialog, Badge, Box, Button, Flex, HStack, Link, MessageSquareIcon, notify, Stack, Text } from '@vouch/ui';
import { useState } from 'react';
import { useAnswerSuggestion, useSuggestions, type SuggestionAnswer } from '../api/suggestions';
import { introductionOutcome } from '../lib/introduction-outcome';
import { degreeLabel } from '../lib/introduction-text';
import { fallbackWithReason } from '../lib/toast-errors';

const ANSWERED: Record<string, { label: string; palette: 'green' | 'red' | 'gray' | 'orange' | 'blue' }> = {
  accepted: { label: 'Accepted', palette: 'green' },
  rejected: { label: 'Rejected', palette: 'red' },
};

function SuggestionCard({
  suggestion,
  answerable,
  busy,
  onAnswer,
}: {
  suggestion: Suggestion;
  answerable: boolean;
  busy: SuggestionAnswer | null;
  onAnswer: (answer: SuggestionAnswer) => void;
}) {
  // Once accepted, the introduction's state (waiting for them, introduced, declined…) is what matters.
  const outcome = suggestion.introduction
    ? introductionOutcome(suggestion.introduction.status, 'requester', { requester: 'You', target: suggestion.suggestedPersonName }, suggestion.introduction.expiresAt)
    : null;
  const answered = outcome ?? ANSWERED[suggestion.status];
  const headingId = `suggestion-${suggestion.id}-name`;
  return (
    <Box as="li" p="4" bg="white" rounded="lg" borderWidth="1px" borderColor="gray.100" data-testid="suggestion" aria-labelledby={headingId}>
      <Flex justify="space-between" align="flex-start" gap="3" wrap="wrap">
        <Box minW="0">
          <Text fontWeight="semibold" id={headingId}>
            <Link asChild color="brand.700" textDecoration="underline">
              <RouterLink to={memberProfilePath(suggestion.suggestedPersonId)}>{suggestion.suggestedPersonName}</RouterLink>
            </Link>
            {suggestion.isSelfSuggestion ? (
              <Badge ml="2" colorPalette="purple" variant="subtle" rounded="full">
                Offered to help
              </Badge>
            ) : null}
          </Text>
          <Text fontSize="xs" color="fg.muted">
            {suggestion.suggestedPersonPhone}
            {suggestion.degreeLevel ? ` · ${degreeLabel(suggestion.degreeLevel)} degree from you` : ''}
          </Text>
        </Box>
        {answered ? (
          <Badge colorPalette={answered.palette} variant="subtle" rounded="full" data-testid="suggestion-status">
            {answered.label}
          </Badge>
        ) : null}
      </Flex>
      {outcome ? (
        <Text fontSize="sm" mt="2" data-testid="suggestion-outcome">
          {outcome.sentence}
        </Text>
      ) : null}
      <Text fontSize="sm" mt="2" whiteSpace="pre-line">
        “{suggestion.reasoning}”
      </Text>
      <Text fontSize="xs" color="fg.muted" mt="1">
        {suggestion.isSelfSuggestion ? 'Suggested themselves' : `Suggested by ${suggestion.connectorName}`} · {formatTimeAgo(suggestion.createdAt)}
      </Text>
      {suggestion.status === 'pending_requestor' && answerable ? (
        <HStack gap="2" mt="3">
          <Button size="sm" colorPalette="green" onClick={() => onAnswer('accept')} loading={busy === 'accept'} disabled={busy !== null}>
            Accept
          </Button>
          <Button size="sm" variant="outline" onClick={() => onAnswer('reject')} loading={busy === 'reject'} disabled={busy !== null}>
            Reject
          </Button>
        </HStack>
      ) : null}
    </Box>
  );
}

export function ViewSuggestionsDialog({ request, open, onOpenChange }: { request: IntroductionRequest; open: boolean; onOpenChange: (open: boolean) => void }) {
  const suggestions = useSuggestions(request.id, open);
  const answer = useAnswerSuggestion(request.id);
  const [busy, setBusy] = useState<{ id: number; answer: SuggestionAnswer } | null>(null);
  const cancelled = request.status === 'cancelled';

  const respond = (suggestion: Suggestion, choice: SuggestionAnswer) => {
    setBusy({ id: suggestion.id, answer: choice });
    answer.mutate(
      { suggestionId: suggestion.id, answer: choice },
      {
        onSuccess: () =>
          notify(
            choice === 'accept'
              ? {
                  title: 'Suggestion Accepted',
                  description: suggestion.isSelfSuggestion
                    ? `You and ${suggestion.suggestedPersonName} are introduced.`
                    : `We've asked ${suggestion.suggestedPersonName} whether they want the introduction. You'll see their number once they agree.`,
                }
              : { title: 'Suggestion Rejected', description: 'Thanks: the suggestion was declined.' },
          ),
        onError: (error) =>
          notify({
            title: 'Error',
            description: fallbackWithReason(error, choice === 'accept' ? 'Failed to accept suggestion' : 'Failed to reject suggestion'),
            variant: 'destructive',
          }),
        onSettled: () => setBusy(null),
      },
    );
  };

  return (
    <AppDialog open={open} onOpenChange={onOpenChange} title={`Suggestions · ${request.requestType}`} size="lg">
      {suggestions.isPending ? (
        <ListLoading label="Loading suggestions…" />
      ) : suggestions.isError ? (
        <ListFailed what="the suggestions" onRetry={() => void suggestions.refetch()} />
      ) : suggestions.data.length === 0 ? (
        <EmptyState icon={<MessageSquareIcon />} title="No suggestions yet">
          Your request is with your network. When someone suggests a person, you'll find them here.
        </EmptyState>
      ) : (
        <>
          <Stack as="ul" gap="3" listStyleType="none" m="0" p="0" data-testid="suggestion-list">
            {cancelled ? (
              <Text as="li" fontSize="sm" color="fg.muted" data-testid="request-cancelled-note">
                You cancelled this request, so its suggestions can no longer be accepted or rejected.
              </Text>
            ) : null}
            {suggestions.data.map((suggestion) => (
              <SuggestionCard
                key={suggestion.id}
                suggestion={suggestion}
                answerable={!cancelled}
                busy={busy?.id === suggestion.id ? busy.answer : null}
                onAnswer={(choice) => respond(suggestion, choice)}
              />
            ))}
          </Stack>
          <LoadMore hasMore={suggestions.hasNextPage} loading={suggestions.isFetchingNextPage} onLoadMore={() => void suggestions.fetchNextPage()} />
        </>
      )}
    </AppDialog>
  );
}
