import { suggestionAnsweredToast, suggestionAnswerFailed } from '../src/features/introductions/lib/suggestion-answer';

describe('the toasts after answering a suggestion', () => {
  it('accepting someone suggested by a connector: we ask them first, their number follows', () => {
    expect(suggestionAnsweredToast('accept', { isSelfSuggestion: false, suggestedPersonName: 'Sam Lee' })).toEqual({
      title: 'Suggestion Accepted',
      description: "We've asked Sam Lee whether they want the introduction. You'll see their number once they agree.",
    });
  });

  it('accepting a member who offered to help introduces you at once', () => {
    expect(suggestionAnsweredToast('accept', { isSelfSuggestion: true, suggestedPersonName: 'Sam Lee' }).description).toBe('You and Sam Lee are introduced.');
  });

  it('rejecting thanks the requester, whoever was suggested', () => {
    expect(suggestionAnsweredToast('reject', { isSelfSuggestion: true, suggestedPersonName: 'Sam Lee' })).toEqual({ title: 'Suggestion Rejected', description: 'Thanks: the suggestion was declined.' });
  });

  it('a failure without a reason from the server names the answer that failed', () => {
    expect(suggestionAnswerFailed('accept')).toBe('Failed to accept suggestion');
    expect(suggestionAnswerFailed('reject')).toBe('Failed to reject suggestion');
  });
});
