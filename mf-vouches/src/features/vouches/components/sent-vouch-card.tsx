/**
 * A vouch I sent (My Vouches "Sent"): recipient, type, sent and accepted dates, details, status;
 * while pending, Revoke (with a confirmation), and while it can still be answered, Copy link and
 * Text again with when it was last shared (issue 16: a closed review step loses nothing).
 */
import { formatTimeAgo, type Vouch } from '@vouch/contracts';
import { useLinkedObject } from '@vouch/shell-sdk';
import { Badge, Box, Button, Card, Flex, Heading, HStack, Text, LinkedCard } from '@vouch/ui';
import { useState } from 'react';
import { expiryText, isAnswerable, VOUCH_TYPE_LABELS } from '../../../lib/vouch-text';
import { RevokeVouchDialog } from './revoke-vouch-dialog';
import { ShareVouchActions } from '../../create-vouch';
import { RelationshipBadge, VouchStatusBadge } from '../../../components/status-badge';
import { VouchDetails } from '../../../components/vouch-details';

export function SentVouchCard({ vouch }: { vouch: Vouch }) {
  const waiting = vouch.status === 'pending';
  const [revoking, setRevoking] = useState(false);
  // The vouch a notification opened (?vouch=<id>): scrolled to and marked.
  const { linked, ref } = useLinkedObject('vouch', vouch.id);
  return (
    <LinkedCard ref={ref} linked={linked} data-testid="sent-vouch" aria-labelledby={`sent-${vouch.id}-to`}>
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
          <HStack gap="2" flexWrap="wrap">
            <RelationshipBadge relationship={vouch.relationship} side="given" />
            <Badge colorPalette="brand" variant="subtle" rounded="full">
              {VOUCH_TYPE_LABELS[vouch.type]}
            </Badge>
            <VouchStatusBadge status={vouch.status} />
          </HStack>
        </Flex>
        <VouchDetails vouch={vouch} />
        {waiting ? (
          <Flex justify="space-between" align="center" gap="3" wrap="wrap">
            {isAnswerable(vouch) ? (
              <HStack gap="3" flexWrap="wrap">
                <ShareVouchActions vouch={vouch} />
                <Text fontSize="xs" color="fg.muted" data-testid="vouch-last-shared">
                  {vouch.lastSharedAt ? `Last shared ${formatTimeAgo(vouch.lastSharedAt)}` : 'Link not shared yet'}
                </Text>
              </HStack>
            ) : null}
            <Button ml="auto" variant="outline" colorPalette="red" size="sm" onClick={() => setRevoking(true)} aria-label={`Revoke Vouch for ${vouch.recipientName}`}>
              Revoke
            </Button>
          </Flex>
        ) : null}
        <RevokeVouchDialog vouch={vouch} open={revoking} onOpenChange={setRevoking} />
      </Card.Body>
    </LinkedCard>
  );
}
