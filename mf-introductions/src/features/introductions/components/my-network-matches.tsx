/**
 * "My Network": my matches for the request, grouped perfect / strong / potential, to suggest one
 * with my reasoning.
 */
import type { Match, NetworkIntroductionRequest } from '@vouch/contracts';
import { Badge, Box, Button, chakra, EmptyState, HStack, ListFailed, ListLoading, Stack, Text, UsersIcon } from '@vouch/ui';
import { useState } from 'react';
import { useMyMatches } from '../api/request-insights';
import { groupMatches, type MatchGroup } from '../lib/introduction-text';
import { suggestionReasoningProblem } from '../lib/request-form';
import { useSubmitSuggestion } from '../lib/use-submit-suggestion';
import { MatchOption } from './match-option';
import { SuggestionReasoningField } from './suggestion-reasoning-field';

const GROUP_PALETTES: Record<MatchGroup['tier'], string> = { perfect: 'green', strong: 'blue', potential: 'gray' };

export function MyNetworkMatches({ request, enabled, onDone }: { request: NetworkIntroductionRequest; enabled: boolean; onDone: () => void }) {
  const matches = useMyMatches(request.id, enabled);
  const create = useSubmitSuggestion(onDone);
  const [selected, setSelected] = useState<Match | null>(null);
  const [reasoning, setReasoning] = useState('');

  if (matches.isPending) return <ListLoading label="Searching your network…" />;
  if (matches.isError) return <ListFailed what="your matches" onRetry={() => void matches.refetch()} />;
  const groups = groupMatches(matches.data);
  if (groups.length === 0) {
    return (
      <EmptyState icon={<UsersIcon />} title="No matches in your network yet">
        Nobody you can reach has been vouched for these skills. If you can help yourself, try “I Can Help”.
      </EmptyState>
    );
  }
  const submit = () => {
    if (!selected || suggestionReasoningProblem(reasoning, false)) return;
    create.submit(
      { requestId: request.id, suggestedPersonId: selected.userId, reasoning: reasoning.trim() },
      `Your suggestion of ${selected.name} has been sent to ${request.requesterName}.`,
    );
  };
  return (
    <Stack gap="5">
      <chakra.fieldset border="0" p="0" m="0" disabled={create.isPending}>
        <chakra.legend srOnly>Choose someone to suggest</chakra.legend>
        <Stack gap="5">
          {groups.map((group) => (
            <Box key={group.tier} data-testid={`match-group-${group.tier}`}>
              <HStack mb="2">
                <Badge colorPalette={GROUP_PALETTES[group.tier]} variant="solid" rounded="full">
                  {group.title}
                </Badge>
                <Text fontSize="xs" color="fg.muted">
                  {group.matches.length}
                </Text>
              </HStack>
              <Stack gap="2">
                {group.matches.map((match) => (
                  <MatchOption key={match.userId} match={match} checked={selected?.userId === match.userId} onSelect={() => setSelected(match)} />
                ))}
              </Stack>
            </Box>
          ))}
        </Stack>
      </chakra.fieldset>
      {selected ? (
        <Stack gap="3" p="4" bg="gray.50" rounded="lg">
          <SuggestionReasoningField value={reasoning} onChange={setReasoning} isSelf={false} disabled={create.isPending} />
          <Button alignSelf="flex-end" colorPalette="brand" onClick={submit} disabled={!reasoning.trim()} loading={create.isPending} loadingText="Submitting…">
            Suggest {selected.name}
          </Button>
        </Stack>
      ) : (
        <Text fontSize="sm" color="fg.muted">
          Choose someone above to suggest them to {request.requesterName}.
        </Text>
      )}
    </Stack>
  );
}
