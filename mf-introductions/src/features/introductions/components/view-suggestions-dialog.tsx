/**
 * View Suggestions (SPEC "Introduction Requests", §4, §8): the suggestions made for one of my
 * requests; each awaiting me (pending_requestor) can be accepted or rejected, unless I
 * cancelled the request (the server refuses those answers).
 */
import type { IntroductionRequest, Suggestion } from '@vouch/contracts';
import { EmptyState, ListFailed, ListLoading, LoadMore, AppDialog, MessageSquareIcon, notify, Stack, Text } from '@vouch/ui';
import { useState } from 'react';
import { useAnswerSuggestion, useSuggestions, type SuggestionAnswer } from '../api/suggestions';
import { suggestionAnsweredToast, suggestionAnswerFailed } from '../lib/suggestion-answer';
import { fallbackWithReason } from '../lib/toast-errors';
import { SuggestionCard } from './suggestion-card';

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
        onSuccess: () => notify(suggestionAnsweredToast(choice, suggestion)),
        onError: (error) => notify({ title: 'Error', description: fallbackWithReason(error, suggestionAnswerFailed(choice)), variant: 'destructive' }),
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
