/**
 * My request addressed to a member (issue 44), in My Requests: to whom, through whom, my reason,
 * and where it stands (waiting for the connector, forwarded, introduced, declined with the
 * connector's note); Cancel Request while it is open. No suggestions or network analysis: it went
 * to one connector, not to the network.
 */
import { formatStoredPhone, formatTimeAgo, OPEN_INTRODUCTION_REQUEST_STATUSES, type IntroductionRequest } from '@vouch/contracts';
import { useLinkedObject } from '@vouch/shell-sdk';
import { Box, Button, Card, Flex, Heading, HStack, Text, LinkedCard } from '@vouch/ui';
import { useState } from 'react';
import { useIntroductions } from '../api/introductions';
import { addressedRequestLine } from '../lib/addressed-request';
import { RequestStatusBadge } from './badges';
import { CancelRequestDialog } from './cancel-request-dialog';

export function AddressedRequestCard({ request }: { request: IntroductionRequest }) {
  const { linked, ref } = useLinkedObject('request', request.id);
  const [cancelling, setCancelling] = useState(false);
  const headingId = `my-request-${request.id}`;
  const open = (OPEN_INTRODUCTION_REQUEST_STATUSES as readonly string[]).includes(request.status);
  const introduction = (useIntroductions().data ?? []).find((i) => i.requestId === request.id && i.role === 'requester');
  const phone = introduction?.status === 'introduced' ? introduction.target.phone : null;
  return (
    <LinkedCard ref={ref} linked={linked} as="article" aria-labelledby={headingId} data-testid="my-request" data-addressed="true">
      <Card.Body gap="3">
        <Flex justify="space-between" align="flex-start" gap="3" wrap="wrap">
          <Box minW="0">
            <Heading as="h3" size="md" id={headingId} data-testid="request-type">
              Introduction to {request.addressedTo?.name}
            </Heading>
            <Text fontSize="sm" color="fg.muted">
              Through {request.connector?.name} · <time dateTime={request.createdAt}>{formatTimeAgo(request.createdAt)}</time>
            </Text>
          </Box>
          <RequestStatusBadge status={request.status} />
        </Flex>
        <Text fontSize="sm" color="fg.muted" whiteSpace="pre-line">
          Your reason: “{request.reason}”
        </Text>
        <Text fontSize="sm" data-testid="addressed-request-state">
          {addressedRequestLine(request, introduction?.status === 'declined')}
          {phone ? ` Their number: ${formatStoredPhone(phone)}.` : ''}
        </Text>
        {open ? (
          <HStack justify="flex-end" pt="2" borderTopWidth="1px" borderColor="gray.100">
            <Button size="sm" variant="ghost" colorPalette="red" onClick={() => setCancelling(true)}>
              Cancel Request
            </Button>
          </HStack>
        ) : null}
      </Card.Body>
      <CancelRequestDialog request={request} open={cancelling} onOpenChange={setCancelling} />
    </LinkedCard>
  );
}
