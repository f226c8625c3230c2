/** A vouch I sent (My Vouches "Sent"): recipient, type, sent and accepted dates, details, status. */
import { formatTimeAgo, type Vouch } from '@vouch/contracts';
import { Badge, Box, Card, Flex, Heading, HStack, Text } from '@vouch/ui';
import { expiryText, isAnswerable, VOUCH_TYPE_LABELS } from '../lib/vouch-text';
import { VouchStatusBadge } from './status-badge';
import { VouchDetails } from './vouch-details';

export function SentVouchCard({ vouch }: { vouch: Vouch }) {
  const waiting = vouch.status === 'pending';
  return (
    <Card.Root variant="outline" bg="white" data-testid="sent-vouch" aria-labelledby={`sent-${vouch.id}-to`}>
      <Card.Body gap="4">
        <Flex justify="space-between" align="flex-start" gap="3" wrap="wrap">
          <Box>
            <Heading as="h3" size="md" id={`sent-${vouch.id}-to`}>
              {vouch.recipientName}
            </Heading>
            <Text fontSize="sm" color="fg.muted">
              Sent {formatTimeAgo(vouch.createdAt)}
              {vouch.acceptedAt ? ` · Accepted ${formatTimeAgo(vouch.acceptedAt)}` : null}
              {waiting ? ` · ${isAnswerable(vouch) ? expiryText(vouch.expiresAt) : 'Expired'}` : null}
            </Text>
          </Box>
          <HStack gap="2">
            <Badge colorPalette="brand" variant="subtle" rounded="full">
              {VOUCH_TYPE_LABELS[vouch.type]}
            </Badge>
            <VouchStatusBadge status={vouch.status} />
          </HStack>
        </Flex>
        <VouchDetails vouch={vouch} />
      </Card.Body>
    </Card.Root>
  );
}
