/** The toasts after the requester accepts or rejects a suggestion (SPEC §8). */
import type { Suggestion } from '@vouch/contracts';
import type { SuggestionAnswer } from '../api/suggestions';

/** Accepting a self-suggestion introduces at once; any other waits for the suggested person to agree. */
export function suggestionAnsweredToast(choice: SuggestionAnswer, suggestion: Pick<Suggestion, 'isSelfSuggestion' | 'suggestedPersonName'>): { title: string; description: string } {
  if (choice === 'reject') return { title: 'Suggestion Rejected', description: 'Thanks: the suggestion was declined.' };
  return {
    title: 'Suggestion Accepted',
    description: suggestion.isSelfSuggestion
      ? `You and ${suggestion.suggestedPersonName} are introduced.`
      : `We've asked ${suggestion.suggestedPersonName} whether they want the introduction. You'll see their number once they agree.`,
  };
}

/** The failure sentence when the server gives no reason of its own. */
export const suggestionAnswerFailed = (choice: SuggestionAnswer): string => (choice === 'accept' ? 'Failed to accept suggestion' : 'Failed to reject suggestion');
