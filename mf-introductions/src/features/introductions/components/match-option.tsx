/** One match to choose: name and profile link, relevance, how we are connected, why, confidence. */
import { memberProfilePath, type Match } from '@vouch/contracts';
import { RouterLink } from '@vouch/shell-sdk';
import { Badge, Box, chakra, ChoiceCard, Flex, HStack, Link, Text } from '@vouch/ui';
import { CONFIDENCE_LABELS } from '../lib/introduction-text';
import { RelevanceBadge } from './badges';

export function MatchOption({ match, checked, onSelect }: { match: Match; checked: boolean; onSelect: () => void }) {
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
