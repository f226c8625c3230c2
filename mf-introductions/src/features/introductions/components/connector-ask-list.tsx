/**
 * "Asked to introduce" in the Introductions tab (issue 44): requests addressed to someone I know,
 * whose connector I am — "Maya Chen asks to be introduced to Ines Ortiz", her reason, and, while
 * it awaits me, a note and Forward / Decline. Forwarding starts the double opt-in.
 */
import { ADDRESSED_REQUEST_MESSAGES, CONNECTOR_NOTE_MAX_LENGTH, connectorAskHeadline, formatTimeAgo, type ConnectorAsk } from '@vouch/contracts';
import { useLinkedObject } from '@vouch/shell-sdk';
import { Box, Button, Card, Field, Heading, HStack, notify, Stack, Text, Textarea, LinkedCard } from '@vouch/ui';
import { useState } from 'react';
import { useAnswerAsConnector, useConnectorAsks, type ConnectorAnswer } from '../api/addressed-requests';
import { connectorAskLine } from '../lib/addressed-request';
import { fallbackWithReason } from '../lib/toast-errors';
import { RequestStatusBadge } from './badges';

function ConnectorAskCard({ ask }: { ask: ConnectorAsk }) {
  const answer = useAnswerAsConnector();
  const [note, setNote] = useState('');
  const [busy, setBusy] = useState<ConnectorAnswer | null>(null);
  const [tried, setTried] = useState(false);
  // The ask a notification opened (?ask=<id>): scrolled to and marked.
  const { linked, ref } = useLinkedObject('ask', ask.id);
  const headingId = `connector-ask-${ask.id}`;
  const awaiting = ask.status === 'awaiting_connector';
  const noteProblem = note.trim() ? null : ADDRESSED_REQUEST_MESSAGES.noteRequired(ask.requester.name);

  const respond = (choice: ConnectorAnswer) => {
    setTried(true);
    if (choice === 'forward' && noteProblem) return;
    setBusy(choice);
    answer.mutate(
      { requestId: ask.id, answer: choice, note },
      {
        onSuccess: () =>
          notify(
            choice === 'forward'
              ? { title: 'Request Forwarded', description: `${ask.target.name} is asked whether they want to meet ${ask.requester.name}.` }
              : { title: 'Request Declined', description: `We'll let ${ask.requester.name} know.` },
          ),
        onError: (error) => notify({ title: 'Error', description: fallbackWithReason(error, 'Failed to answer the request'), variant: 'destructive' }),
        onSettled: () => setBusy(null),
      },
    );
  };

  return (
    <LinkedCard ref={ref} linked={linked} as="article" aria-labelledby={headingId} data-testid="connector-ask" data-status={ask.status}>
      <Card.Body gap="3">
        <HStack justify="space-between" align="flex-start" gap="3" wrap="wrap">
          <Box minW="0">
            <Text as="h3" fontWeight="semibold" id={headingId}>
              {connectorAskHeadline(ask.requester.name, ask.target.name)}
            </Text>
            <Text fontSize="xs" color="fg.muted">
              {formatTimeAgo(ask.createdAt)}
            </Text>
          </Box>
          <RequestStatusBadge status={ask.status} label={awaiting ? 'Awaiting you' : undefined} />
        </HStack>
        <Text fontSize="sm" color="fg.muted">
          Their reason: “{ask.reason}”
        </Text>
        {ask.note ? (
          <Text fontSize="sm" color="fg.muted" data-testid="connector-ask-note">
            Your note: “{ask.note}”
          </Text>
        ) : null}
        <Text fontSize="sm" data-testid="connector-ask-outcome">
          {connectorAskLine(ask)}
        </Text>
        {awaiting ? (
          <Stack gap="2">
            <Field.Root invalid={tried && !!noteProblem} disabled={busy !== null}>
              <Field.Label>Your note to {ask.target.name}</Field.Label>
              <Textarea name="note" rows={2} maxLength={CONNECTOR_NOTE_MAX_LENGTH} value={note} onChange={(event) => setNote(event.target.value)} placeholder={`How do you know ${ask.requester.name}? Why should ${ask.target.name} meet them?`} />
              {tried && noteProblem ? <Field.ErrorText color="red.700">{noteProblem}</Field.ErrorText> : <Field.HelperText>Needed to forward; optional when you decline ({ask.requester.name} reads it).</Field.HelperText>}
            </Field.Root>
            <HStack gap="2">
              <Button size="sm" colorPalette="brand" onClick={() => respond('forward')} loading={busy === 'forward'} disabled={busy !== null}>
                Forward to {ask.target.name}
              </Button>
              <Button size="sm" variant="outline" onClick={() => respond('decline')} loading={busy === 'decline'} disabled={busy !== null}>
                Decline
              </Button>
            </HStack>
          </Stack>
        ) : null}
      </Card.Body>
    </LinkedCard>
  );
}

/** Nothing when I was never asked to introduce anyone: the Introductions list follows as before. */
export function ConnectorAskList() {
  const asks = useConnectorAsks();
  if (!asks.data || asks.data.length === 0) return null;
  return (
    <Stack as="section" gap="3" aria-labelledby="connector-asks-title" data-testid="connector-asks">
      <Heading as="h2" size="sm" id="connector-asks-title">
        Asked to introduce
      </Heading>
      {asks.data.map((ask) => (
        <ConnectorAskCard key={ask.id} ask={ask} />
      ))}
    </Stack>
  );
}
