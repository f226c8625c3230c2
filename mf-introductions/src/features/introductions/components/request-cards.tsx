/**
 * Request cards (SPEC "Introduction Requests"): mine, with View Suggestions and Network
 * Analysis (and Cancel Request while it is open); my network's, with Help with Introduction. Each card owns its dialogs, which load
 * their data only while open.
 */
import { OPEN_INTRODUCTION_REQUEST_STATUSES, type IntroductionRequest, type NetworkIntroductionRequest, formatStoredPhone } from '@vouch/contracts';
import { Badge, Button, Card, Flex, HStack, NetworkIcon, Text, UsersIcon, HandshakeIcon, LinkedCard } from '@vouch/ui';
import { useLinkedObject } from '@vouch/shell-sdk';
import { useState } from 'react';
import { useIntroductions } from '../api/introductions';
import { degreeLabel } from '../lib/introduction-text';
import { CancelRequestDialog } from './cancel-request-dialog';
import { ConnectorInsightsDialog } from './connector-insights-dialog';
import { HelpDialog } from './help-dialog';
import { RequestSummary } from './request-summary';
import { ViewSuggestionsDialog } from './view-suggestions-dialog';

export function MyRequestCard({ request }: { request: IntroductionRequest }) {
  // A suggestion's notification opens its request (?request=<id>) with View Suggestions open.
  const { linked, ref } = useLinkedObject('request', request.id);
  const [dialog, setDialog] = useState<'suggestions' | 'analysis' | 'cancel' | null>(linked && request.suggestionCount > 0 ? 'suggestions' : null);
  const headingId = `my-request-${request.id}`;
  const open = (OPEN_INTRODUCTION_REQUEST_STATUSES as readonly string[]).includes(request.status);
  // Who this request introduced me to (both agreed); the list is one shared query for all cards.
  const introduced = (useIntroductions().data ?? []).filter((i) => i.requestId === request.id && i.role === 'requester' && i.status === 'introduced');
  return (
    <LinkedCard ref={ref} linked={linked} as="article" aria-labelledby={headingId} data-testid="my-request">
      <Card.Body gap="4">
        <RequestSummary request={request} headingId={headingId} />
        {introduced.length > 0 ? (
          <Text fontSize="sm" data-testid="request-introduced">
            Introduced to{' '}
            {introduced.map((i, index) => (
              <Text as="span" key={i.id} fontWeight="medium">
                {index > 0 ? ', ' : ''}
                {i.target.name}
                {i.target.phone ? ` (${formatStoredPhone(i.target.phone)})` : ''}
              </Text>
            ))}
          </Text>
        ) : null}
        <Flex justify="space-between" align="center" gap="3" wrap="wrap" pt="3" borderTopWidth="1px" borderColor="gray.100">
          <Text fontSize="sm" color="fg.muted" data-testid="suggestion-count">
            {request.suggestionCount === 0
              ? 'No suggestions yet'
              : `${request.suggestionCount} ${request.suggestionCount === 1 ? 'suggestion' : 'suggestions'}${request.pendingSuggestionCount ? ` · ${request.pendingSuggestionCount} awaiting you` : ''}`}
          </Text>
          <HStack gap="2" flexWrap="wrap">
            {open ? (
              <Button size="sm" variant="ghost" colorPalette="red" onClick={() => setDialog('cancel')}>
                Cancel Request
              </Button>
            ) : null}
            <Button size="sm" variant="outline" onClick={() => setDialog('analysis')}>
              <NetworkIcon boxSize="3.5" aria-hidden="true" />
              Network Analysis
            </Button>
            <Button size="sm" colorPalette="brand" onClick={() => setDialog('suggestions')}>
              <UsersIcon boxSize="3.5" aria-hidden="true" />
              View Suggestions
              {request.pendingSuggestionCount ? (
                <Badge variant="solid" rounded="full" size="sm" color="brand.700" bg="white">
                  {request.pendingSuggestionCount}
                </Badge>
              ) : null}
            </Button>
          </HStack>
        </Flex>
      </Card.Body>
      <ViewSuggestionsDialog request={request} open={dialog === 'suggestions'} onOpenChange={(open) => setDialog(open ? 'suggestions' : null)} />
      <ConnectorInsightsDialog request={request} open={dialog === 'analysis'} onOpenChange={(open) => setDialog(open ? 'analysis' : null)} />
      <CancelRequestDialog request={request} open={dialog === 'cancel'} onOpenChange={(open) => setDialog(open ? 'cancel' : null)} />
    </LinkedCard>
  );
}

export function NetworkRequestCard({ request }: { request: NetworkIntroductionRequest }) {
  const [helping, setHelping] = useState(false);
  const headingId = `network-request-${request.id}`;
  return (
    <Card.Root variant="outline" bg="white" as="article" aria-labelledby={headingId} data-testid="network-request">
      <Card.Body gap="4">
        <RequestSummary
          request={request}
          headingId={headingId}
          byline={
            <>
              <Text as="span" fontWeight="medium" color="fg">
                {request.requesterName}
              </Text>{' '}
              ({degreeLabel(request.connectionDegree)}-degree connection)
            </>
          }
        />
        <Flex justify="space-between" align="center" gap="3" wrap="wrap" pt="3" borderTopWidth="1px" borderColor="gray.100">
          <Text fontSize="sm" color="fg.muted">
            You can reach {request.networkSize} {request.networkSize === 1 ? 'person' : 'people'} within {degreeLabel(request.degreeLevel)} degree
          </Text>
          <Button size="sm" colorPalette="brand" onClick={() => setHelping(true)}>
            <HandshakeIcon boxSize="3.5" aria-hidden="true" />
            Help with Introduction
          </Button>
        </Flex>
      </Card.Body>
      <HelpDialog request={request} open={helping} onOpenChange={setHelping} />
    </Card.Root>
  );
}
