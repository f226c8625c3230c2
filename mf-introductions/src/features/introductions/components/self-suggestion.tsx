/** "I Can Help": suggest myself with my reasoning, where my plan allows it; otherwise why not, and the upgrade. */
import type { NetworkIntroductionRequest } from '@vouch/contracts';
import { RouterLink } from '@vouch/shell-sdk';
import { Button, LockIcon, Stack, Text } from '@vouch/ui';
import { useState } from 'react';
import { upgradeTierLabel } from '../lib/introduction-text';
import { suggestionReasoningProblem } from '../lib/request-form';
import { useSubmitSuggestion } from '../lib/use-submit-suggestion';
import { SuggestionReasoningField } from './suggestion-reasoning-field';

function SelfSuggestionLocked({ request, onDone }: { request: NetworkIntroductionRequest; onDone: () => void }) {
  const tier = upgradeTierLabel(request.requiredTier);
  return (
    <Stack align="center" textAlign="center" gap="3" py="8" px="4" bg="gray.50" rounded="xl" data-testid="self-suggestion-locked">
      <LockIcon boxSize="6" color="fg.muted" aria-hidden="true" />
      <Text fontWeight="semibold">Suggesting yourself needs an upgrade</Text>
      <Text fontSize="sm" color="fg.muted" maxW="sm">
        {request.selfSuggestionRestriction ?? 'Your plan does not include self-suggestions for this request.'}
      </Text>
      <Button asChild colorPalette="brand">
        <RouterLink to="/subscription" onClick={onDone}>
          Upgrade to {tier}
        </RouterLink>
      </Button>
    </Stack>
  );
}

export function SelfSuggestion({ request, onDone }: { request: NetworkIntroductionRequest; onDone: () => void }) {
  const create = useSubmitSuggestion(onDone);
  const [reasoning, setReasoning] = useState('');
  if (!request.canSelfSuggest) return <SelfSuggestionLocked request={request} onDone={onDone} />;
  const submit = () => {
    if (suggestionReasoningProblem(reasoning, true)) return;
    create.submit({ requestId: request.id, isSelfSuggestion: true, reasoning: reasoning.trim() }, `Your offer to help has been sent to ${request.requesterName}.`);
  };
  return (
    <Stack gap="3">
      <Text fontSize="sm" color="fg.muted">
        Have the skills {request.requesterName} is looking for? Offer to help directly.
      </Text>
      <SuggestionReasoningField value={reasoning} onChange={setReasoning} isSelf disabled={create.isPending} />
      <Button alignSelf="flex-end" colorPalette="brand" onClick={submit} disabled={!reasoning.trim()} loading={create.isPending} loadingText="Submitting…">
        Suggest Myself
      </Button>
    </Stack>
  );
}
