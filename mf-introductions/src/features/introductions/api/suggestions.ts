/**
 * Suggestions (SPEC §7): the requester's list `GET /api/introduction-suggestions?requestId=`,
 * `POST /api/introduction-suggestions` (someone from my network, or myself) and
 * `POST /api/introduction-suggestions/{id}/accept` / `/reject`.
 */
import type { CreateSuggestionInput, Suggestion } from '@vouch/contracts';
import { api, useMutation, usePagedList, useQueryClient } from '@vouch/shell-sdk';
import { introductionKeys, refreshAfterSuggestionAnswered } from './query-keys';

/** Paged (issue 18): the dialog shows the first page and loads the next with "Load more". */
export function useSuggestions(requestId: number, enabled: boolean) {
  return usePagedList<Suggestion>({
    queryKey: introductionKeys.suggestions(requestId),
    path: `/api/introduction-suggestions?requestId=${encodeURIComponent(String(requestId))}`,
    enabled,
  });
}

export type SuggestionAnswer = 'accept' | 'reject';

export function useAnswerSuggestion(requestId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ suggestionId, answer }: { suggestionId: number; answer: SuggestionAnswer }) =>
      api.post<Suggestion>(`/api/introduction-suggestions/${suggestionId}/${answer}`),
    // Settled, not success: a 409 means the list on screen is out of date.
    onSettled: () => refreshAfterSuggestionAnswered(queryClient, requestId),
  });
}

export function useCreateSuggestion() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: CreateSuggestionInput) => api.post<Suggestion>('/api/introduction-suggestions', body),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: introductionKeys.forSuggestions }),
  });
}
