/**
 * The double opt-in (issue 16): `GET /api/introductions` (every introduction I take part in)
 * and the suggested person's `POST /api/introductions/{id}/accept` / `/decline`.
 */
import type { Introduction } from '@vouch/contracts';
import { api, useMutation, usePagedList, useQueryClient } from '@vouch/shell-sdk';
import { introductionKeys, refreshAfterIntroductionAnswered } from './query-keys';


export function useIntroductions(options: { enabled?: boolean } = {}) {
  return usePagedList<Introduction>({ queryKey: introductionKeys.introductions, path: '/api/introductions', enabled: options.enabled });
}

export type IntroductionAnswer = 'accept' | 'decline';

export function useAnswerIntroduction() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ introductionId, answer }: { introductionId: number; answer: IntroductionAnswer }) => api.post<Introduction>(`/api/introductions/${introductionId}/${answer}`),
    // Settled, not success: a 409/410 means the card on screen is out of date.
    onSettled: () => refreshAfterIntroductionAnswered(queryClient),
  });
}
