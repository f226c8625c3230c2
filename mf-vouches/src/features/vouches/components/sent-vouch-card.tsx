/**
 * A vouch I sent (My Vouches "Sent"): recipient, type, sent and accepted dates, details, status;
 * while pending, Revoke (with a confirmation).
 */
import { formatTimeAgo, type Vouch } from '@vouch/contracts';
import { Badge, Box, Button, Card, Flex, Heading, HStack, Text } from '@vouch/ui';
import { useState } from 'react';
import { expiryText, isAnswerable, VOUCH_TYPE_LABELS } from '../lib/vouch-text';
import { RevokeVouchDialog } from './revoke-vouch-dialog';
import { VouchStatusBadge } from './status-badge';
import { VouchDetails } from './vouch-details';

export function SentVouchCard({ vouch }: { vouch: Vouch }) {
  const waiting = vouch.status === 'pending';
  const [revoking, setRevoking] = useState(false);
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
        {waiting ? (
          <HStack justify="flex-end">
            <Button variant="outline" colorPalette="red" size="sm" onClick={() => setRevoking(true)} aria-label={`Revoke Vouch for ${vouch.recipientName}`}>
              Revoke
            </Button>
          </HStack>
        ) : null}
        <RevokeVouchDialog vouch={vouch} open={revoking} onOpenChange={setRevoking} />
      </Card.Body>
    </Card.Root>
  );
}
