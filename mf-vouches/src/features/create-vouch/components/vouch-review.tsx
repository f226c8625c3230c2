/**
 * Step 2 of the Create Vouch dialog: what was created, and the two ways to hand the public
 * link to the recipient (a text message addressed to them, or the clipboard). A recipient who is a
 * member (addressed by id, or by a phone that is theirs) was told already (issue 40): the link is
 * there to copy, there is nobody to text.
 */
import { daysUntilExpiry, formatStoredPhone, type CreatedVouch } from '@vouch/contracts';
import { Box, Button, Center, chakra, CheckCircleIcon, Flex, HStack, Input, Stack, Text } from '@vouch/ui';
import { useEffect, useRef, type ReactNode } from 'react';
import { relationshipText, VOUCH_TYPE_LABELS } from '../../../lib/vouch-text';
import { useVouchShare } from './share-vouch-actions';
import { VouchStatusBadge } from '../../../components/status-badge';

function Row({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Flex justify="space-between" align="center" gap="4" py="2" borderBottomWidth="1px" borderColor="gray.100" _last={{ borderBottomWidth: 0 }}>
      <Text fontSize="sm" color="fg.muted">
        {label}
      </Text>
      <Box fontSize="sm" fontWeight="medium" textAlign="right" minW="0">
        {children}
      </Box>
    </Flex>
  );
}

export function VouchReview({ vouch }: { vouch: CreatedVouch }) {
  const { link, message, sms, copy, texted } = useVouchShare(vouch);
  const told = vouch.addressedToMember || vouch.recipientIsMember;
  const days = daysUntilExpiry(vouch.expiresAt);
  // The form (and its focused button) is gone: keyboard and screen-reader users start here, not on the page body.
  const heading = useRef<HTMLParagraphElement>(null);
  useEffect(() => heading.current?.focus(), []);
  return (
    <Stack gap="5" data-testid="vouch-review">
      <Box textAlign="center" bg="brand.50" rounded="xl" px="4" py="5">
        <Center boxSize="12" mx="auto" mb="2" rounded="full" bg="white" color="green.600" shadow="xs">
          <CheckCircleIcon boxSize="7" />
        </Center>
        <Text ref={heading} tabIndex={-1} fontWeight="semibold" fontSize="lg" outline="none" data-testid="vouch-review-heading">
          Your Vouch for {vouch.recipientName} is ready
        </Text>
        <Text fontSize="sm" color="fg.muted" data-testid="vouch-review-next">
          {told
            ? `We told ${vouch.recipientName}: it is in their notifications now, and they can accept it from there.`
            : 'Send them the link so they can accept it.'}
        </Text>
      </Box>

      <Box borderWidth="1px" borderColor="gray.200" rounded="lg" px="4" py="1" aria-label="Vouch summary" role="group">
        <Row label="Type">{VOUCH_TYPE_LABELS[vouch.type]}</Row>
        <Row label="Recipient">{vouch.recipientName}</Row>
        {vouch.addressedToMember ? null : <Row label="Phone">{formatStoredPhone(vouch.recipientPhone)}</Row>}
        {vouch.relationship ? <Row label="Relationship">{relationshipText(vouch.relationship, 'given')}</Row> : null}
        <Row label="Status">
          <VouchStatusBadge status={vouch.status} upper />
        </Row>
        <Row label="Expires in">
          <span data-testid="vouch-days-left">
            {days} {days === 1 ? 'day' : 'days'}
          </span>
        </Row>
      </Box>

      <Stack gap="2">
        <chakra.label htmlFor="vouch-public-link" fontSize="sm" fontWeight="medium">
          Public link
        </chakra.label>
        <HStack gap="2">
          <Input id="vouch-public-link" value={link} readOnly onFocus={(event) => event.target.select()} fontSize="sm" />
          <Button variant="outline" onClick={() => void copy()} flexShrink={0}>
            Copy link
          </Button>
        </HStack>
      </Stack>

      {told ? null : (
        <Stack gap="2">
          <Button asChild colorPalette="brand" size="lg" w="full">
            <a href={sms} onClick={texted}>
              Send by text message
            </a>
          </Button>
          <Text fontSize="xs" color="fg.muted" data-testid="vouch-share-message">
            “{message}”
          </Text>
        </Stack>
      )}
    </Stack>
  );
}
