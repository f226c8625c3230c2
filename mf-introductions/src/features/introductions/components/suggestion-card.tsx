/**
 * One suggestion for my request: who (linked to their profile), by whom, their reasoning, its
 * answer or the introduction's state, and Accept / Reject while it awaits me.
 */
import { formatTimeAgo, memberProfilePath, type Suggestion, formatStoredPhone } from '@vouch/contracts';
import { RouterLink } from '@vouch/shell-sdk';
import { Badge, Box, Button, Flex, HStack, Link, Text } from '@vouch/ui';
import type { SuggestionAnswer } from '../api/suggestions';
import { introductionOutcome } from '../lib/introduction-outcome';
import { degreeLabel } from '../lib/introduction-text';

const ANSWERED: Record<string, { label: string; palette: 'green' | 'red' | 'gray' | 'orange' | 'blue' }> = {
  accepted: { label: 'Accepted', palette: 'green' },
  rejected: { label: 'Rejected', palette: 'red' },
};

export function SuggestionCard({
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
            {formatStoredPhone(suggestion.suggestedPersonPhone)}
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
