/**
 * Help with Introduction (SPEC "Introduction Requests", §5, §6, §8), for a request of my
 * network: "My Network" offers my matches grouped perfect / strong / potential (at most 5
 * potential) to suggest one with my reasoning; "I Can Help" suggests myself, where my plan
 * allows it — otherwise it says why and offers the upgrade.
 */
import { INTRODUCTION_TEXT_MAX_LENGTH, memberProfilePath, type Match, type NetworkIntroductionRequest } from '@vouch/contracts';
import { RouterLink } from '@vouch/shell-sdk';
import { EmptyState, ListFailed, ListLoading, AppDialog, Badge, Box, Button, chakra, ChoiceCard, Field, Flex, HStack, Link, LockIcon, notify, Stack, Tabs, Text, Textarea, UsersIcon } from '@vouch/ui';
import { useState } from 'react';
import { useMyMatches } from '../api/request-insights';
import { useCreateSuggestion } from '../api/suggestions';
import { CONFIDENCE_LABELS, groupMatches, upgradeTierLabel, type MatchGroup } from '../lib/introduction-text';
import { suggestionReasoningProblem } from '../lib/request-form';
import { fallbackWithReason } from '../lib/toast-errors';
import { RelevanceBadge } from './badges';

const GROUP_PALETTES: Record<MatchGroup['tier'], string> = { perfect: 'green', strong: 'blue', potential: 'gray' };

function MatchOption({ match, checked, onSelect }: { match: Match; checked: boolean; onSelect: () => void }) {
  return (
    <ChoiceCard checked={checked} data-testid="match">
      <chakra.input type="radio" name="suggested-person" value={match.userId} checked={checked} onChange={onSelect} accentColor="brand.600" mt="1" boxSize="4" />
      <Box flex="1" minW="0">
        <Flex justify="space-between" gap="2" wrap="wrap" align="center">
          <Text fontWeight="semibold">
            {match.name}{' '}
            <Link asChild fontSize="xs" fontWeight="normal" color="brand.700" textDecoration="underline">
              <RouterLink to={memberProfilePath(match.userId)}>View profile</RouterLink>
            </Link>
          </Text>
          <RelevanceBadge score={match.relevanceScore} />
        </Flex>
        <Text fontSize="xs" color="fg.muted" mt="0.5">
          How you're connected: {match.path}
        </Text>
        {match.matchingFactors.length ? (
          <HStack gap="1" flexWrap="wrap" mt="2" aria-label="Matching factors">
            {match.matchingFactors.map((factor) => (
              <Badge key={factor} colorPalette="brand" variant="subtle" rounded="md" fontWeight="normal">
                {factor}
              </Badge>
            ))}
          </HStack>
        ) : null}
        <Text fontSize="sm" mt="2">
          {match.aiAnalysis}
        </Text>
        <Text fontSize="xs" color="fg.muted" mt="1">
          {CONFIDENCE_LABELS[match.confidenceLevel]}
        </Text>
      </Box>
    </ChoiceCard>
  );
}

function ReasoningField({ value, onChange, isSelf, disabled }: { value: string; onChange: (value: string) => void; isSelf: boolean; disabled?: boolean }) {
  const [touched, setTouched] = useState(false);
  const problem = suggestionReasoningProblem(value, isSelf);
  return (
    <Field.Root required invalid={touched && !!problem} disabled={disabled}>
      <Field.Label>
        {isSelf ? 'Why you can help' : 'Your reasoning'} <Field.RequiredIndicator />
      </Field.Label>
      <Textarea
        name={isSelf ? 'self-reasoning' : 'reasoning'}
        rows={3}
        maxLength={INTRODUCTION_TEXT_MAX_LENGTH}
        placeholder={isSelf ? 'What makes you a good fit for this introduction?' : 'Why is this person a good match? How do you know them?'}
        value={value}
        onChange={(event) => onChange(event.target.value)}
        onBlur={() => setTouched(true)}
      />
      {problem ? touched ? <Field.ErrorText>{problem}</Field.ErrorText> : <Field.HelperText>{problem}</Field.HelperText> : null}
    </Field.Root>
  );
}

function MyNetworkTab({ request, enabled, onDone }: { request: NetworkIntroductionRequest; enabled: boolean; onDone: () => void }) {
  const matches = useMyMatches(request.id, enabled);
  const create = useCreateSuggestion();
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
    create.mutate(
      { requestId: request.id, suggestedPersonId: selected.userId, reasoning: reasoning.trim() },
      {
        onSuccess: () => {
          notify({ title: 'Suggestion Submitted', description: `Your suggestion of ${selected.name} has been sent to ${request.requesterName}.` });
          onDone();
        },
        onError: (error) => notify({ title: 'Error', description: fallbackWithReason(error, 'Failed to submit suggestion'), variant: 'destructive' }),
      },
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
          <ReasoningField value={reasoning} onChange={setReasoning} isSelf={false} disabled={create.isPending} />
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

function ICanHelpTab({ request, onDone }: { request: NetworkIntroductionRequest; onDone: () => void }) {
  const create = useCreateSuggestion();
  const [reasoning, setReasoning] = useState('');
  if (!request.canSelfSuggest) {
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
  const submit = () => {
    if (suggestionReasoningProblem(reasoning, true)) return;
    create.mutate(
      { requestId: request.id, isSelfSuggestion: true, reasoning: reasoning.trim() },
      {
        onSuccess: () => {
          notify({ title: 'Suggestion Submitted', description: `Your offer to help has been sent to ${request.requesterName}.` });
          onDone();
        },
        onError: (error) => notify({ title: 'Error', description: fallbackWithReason(error, 'Failed to submit suggestion'), variant: 'destructive' }),
      },
    );
  };
  return (
    <Stack gap="3">
      <Text fontSize="sm" color="fg.muted">
        Have the skills {request.requesterName} is looking for? Offer to help directly.
      </Text>
      <ReasoningField value={reasoning} onChange={setReasoning} isSelf disabled={create.isPending} />
      <Button alignSelf="flex-end" colorPalette="brand" onClick={submit} disabled={!reasoning.trim()} loading={create.isPending} loadingText="Submitting…">
        Suggest Myself
      </Button>
    </Stack>
  );
}

export function HelpDialog({ request, open, onOpenChange }: { request: NetworkIntroductionRequest; open: boolean; onOpenChange: (open: boolean) => void }) {
  return (
    <AppDialog open={open} onOpenChange={onOpenChange} title={`Help ${request.requesterName} · ${request.requestType}`} size="lg">
      <Tabs.Root defaultValue="network" variant="line" colorPalette="brand" lazyMount>
        <Tabs.List mb="4">
          <Tabs.Trigger value="network">My Network</Tabs.Trigger>
          <Tabs.Trigger value="self">I Can Help</Tabs.Trigger>
        </Tabs.List>
        <Tabs.Content value="network">
          <MyNetworkTab request={request} enabled={open} onDone={() => onOpenChange(false)} />
        </Tabs.Content>
        <Tabs.Content value="self">
          <ICanHelpTab request={request} onDone={() => onOpenChange(false)} />
        </Tabs.Content>
      </Tabs.Root>
    </AppDialog>
  );
}
