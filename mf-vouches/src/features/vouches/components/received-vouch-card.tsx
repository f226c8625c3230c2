/**
 * A vouch made for me (My Vouches "Received", Pending Vouches): while pending, with Accept Vouch
 * and Decline (answers go through `PUT /api/vouches/respond`); once accepted, when.
 */
import { formatTimeAgo, type RespondVouchResponse, type Vouch, type VouchResponseAction } from '@vouch/contracts';
import { useLinkedObject } from '@vouch/shell-sdk';
import { Badge, Box, Button, Card, Flex, Heading, HStack, Text, notify, LinkedCard } from '@vouch/ui';
import { useRespondToVouch } from '../api/respond-vouch';
import { expiryText, VOUCH_TYPE_LABELS } from '../../../lib/vouch-text';
import { RelationshipBadge, VouchStatusBadge } from '../../../components/status-badge';
import { VouchDetails } from '../../../components/vouch-details';

const ANSWER_TOASTS: Record<VouchResponseAction, { title: string; description: string }> = {
  accept: { title: 'Vouch Accepted', description: 'Thank you for accepting this Vouch! It now counts toward your reputation.' },
  reject: { title: 'Vouch Rejected', description: 'Thank you for your response. The Vouch has been declined.' },
};

/** `onAccepted`: the voucher to offer Vouch back for (null when the server offers none). */
export function ReceivedVouchCard({ vouch, onAccepted }: { vouch: Vouch; onAccepted?: (vouchBack: RespondVouchResponse['vouchBack']) => void }) {
  const respond = useRespondToVouch('respond');
  // mutateAsync, not mutate's callbacks: those are skipped once the refreshed list drops this card.
  const answer = async (action: VouchResponseAction) => {
    try {
      const answered = await respond.mutateAsync({ vouchToken: vouch.vouchToken, action });
      notify(ANSWER_TOASTS[action]);
      if (action === 'accept') onAccepted?.(answered.vouchBack ?? null);
    } catch {
      notify({ title: 'Error', description: 'Failed to respond to Vouch', variant: 'destructive' });
    }
  };
  const pendingAction = respond.isPending ? respond.variables?.action : undefined;
  const waiting = vouch.status === 'pending';
  const { linked, ref } = useLinkedObject('vouch', vouch.id);
  return (
    <LinkedCard ref={ref} linked={linked} data-testid="received-vouch" aria-labelledby={`vouch-${vouch.id}-from`}>
      <Card.Body gap="4">
        <Flex justify="space-between" align="flex-start" gap="3" wrap="wrap">
          <Box>
            <Heading as="h3" size="md" id={`vouch-${vouch.id}-from`}>
              {vouch.voucherName} vouched for you
            </Heading>
            <Text fontSize="sm" color="fg.muted">
              Sent {formatTimeAgo(vouch.createdAt)} · {waiting ? expiryText(vouch.expiresAt) : `Accepted ${formatTimeAgo(vouch.acceptedAt ?? vouch.createdAt)}`}
            </Text>
          </Box>
          <HStack gap="2" flexWrap="wrap">
            <RelationshipBadge relationship={vouch.relationship} side="received" />
            <Badge colorPalette="brand" variant="subtle" rounded="full">
              {VOUCH_TYPE_LABELS[vouch.type]}
            </Badge>
            {waiting ? null : <VouchStatusBadge status={vouch.status} />}
          </HStack>
        </Flex>
        <VouchDetails vouch={vouch} />
        {waiting ? (
          <HStack gap="2" justify="flex-end" flexWrap="wrap">
            <Button variant="outline" onClick={() => void answer('reject')} loading={pendingAction === 'reject'} disabled={respond.isPending}>
              Decline
            </Button>
            <Button colorPalette="brand" onClick={() => void answer('accept')} loading={pendingAction === 'accept'} disabled={respond.isPending}>
              Accept Vouch
            </Button>
          </HStack>
        ) : null}
      </Card.Body>
    </LinkedCard>
  );
}
