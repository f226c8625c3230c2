/** Sends a suggestion; on success says so (naming the requester) and closes, on failure says why. */
import type { CreateSuggestionInput } from '@vouch/contracts';
import { notify } from '@vouch/ui';
import { useCreateSuggestion } from '../api/suggestions';
import { fallbackWithReason } from './toast-errors';

export function useSubmitSuggestion(onDone: () => void) {
  const create = useCreateSuggestion();
  /** `description`: the success toast's sentence. */
  const submit = (input: CreateSuggestionInput, description: string) =>
    create.mutate(input, {
      onSuccess: () => {
        notify({ title: 'Suggestion Submitted', description });
        onDone();
      },
      onError: (error) => notify({ title: 'Error', description: fallbackWithReason(error, 'Failed to submit suggestion'), variant: 'destructive' }),
    });
  return { submit, isPending: create.isPending };
}
