/**
 * The vouch's answer: taking the member to the dashboard, already answered, or (while it can be
 * answered) Accept / Join Vouch and Decline with the note that a code goes to the phone. A vouch
 * naming a relationship shows it from the recipient's side, for them to correct before accepting.
 */
import { relationshipSeenBy, type Vouch, type VouchRelationship, type VouchResponseAction } from '@vouch/contracts';
import { RelationshipSelect } from '../../../components/relationship-select';
import { Button, Center, Flex, Spinner, Stack, Text } from '@vouch/ui';
import { answeredSentence } from '../lib/public-vouch';

export interface PublicVouchAnswerProps {
  vouch: Vouch;
  answerable: boolean;
  redirectingTo: string | null;
  /** The answer the visitor chose last (its button spins while the session check runs). */
  action: VouchResponseAction;
  /** The answer the server took from this page, if any. */
  answeredHere: VouchResponseAction | null;
  checking: boolean;
  answering: boolean;
  onChoose: (action: VouchResponseAction) => void;
  /** The recipient's correction of what the voucher is to them; null: as the voucher chose. */
  correction: VouchRelationship | null;
  onCorrect: (relationship: VouchRelationship) => void;
}

export function PublicVouchAnswer({ vouch, answerable, redirectingTo, action, answeredHere, checking, answering, onChoose, correction, onCorrect }: PublicVouchAnswerProps) {
  const seen = relationshipSeenBy(vouch.relationship, 'received');
  if (redirectingTo) {
    return (
      <Center gap="2" role="status" aria-live="polite" py="2">
        <Spinner size="sm" color="brand.600" />
        <Text color="fg.muted">Taking you to your dashboard…</Text>
      </Center>
    );
  }
  if (vouch.status !== 'pending') {
    return (
      <Text textAlign="center" fontWeight="medium" data-testid="vouch-answered">
        {answeredSentence(vouch.status, answeredHere)}
      </Text>
    );
  }
  if (!answerable) return null;
  return (
    <Stack gap="3">
      {seen ? (
        <RelationshipSelect
          id="vouch-relationship"
          label={`${vouch.voucherName} is your`}
          value={correction ?? seen}
          onChange={onCorrect}
          disabled={answering || checking}
        />
      ) : null}
      <Flex gap="3" direction={{ base: 'column', sm: 'row-reverse' }}>
        <Button colorPalette="brand" size="lg" flex={{ sm: '1' }} onClick={() => onChoose('accept')} disabled={answering || checking} loading={checking && action === 'accept'}>
          {vouch.type === 'invite' ? 'Join Vouch' : 'Accept'}
        </Button>
        <Button variant="outline" size="lg" flex={{ sm: '1' }} onClick={() => onChoose('reject')} disabled={answering || checking} loading={checking && action === 'reject'}>
          Decline
        </Button>
      </Flex>
      <Text fontSize="xs" color="fg.muted" textAlign="center">
        We'll text a code to the phone ending in {vouch.recipientPhone.slice(-4)} to confirm it's you.
      </Text>
    </Stack>
  );
}
