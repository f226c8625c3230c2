/**
 * My Vouches → Asks (issue 40): the asks for a Vouch made of me (open ones to vouch for or
 * decline) and the ones I made, with their state: a declined ask says so, as the decline promised.
 * `?ask=<id>` (the bell, a push or a text) marks the ask it is about, fetched by id and shown on
 * top of its list when it is further back than the pages loaded.
 */
import { formatTimeAgo, vouchAskStateText, vouchForPath, type VouchAsk } from '@vouch/contracts';
import { RouterLink, useCurrentUser, useLinkedItem, useLinkedObject } from '@vouch/shell-sdk';
import { Badge, Box, Button, Card, EmptyState, Heading, HandshakeIcon, PagedList, Stack, Text, LinkedCard, LinkedGone } from '@vouch/ui';
import { useVouchAsks } from '../../../api/vouch-asks';
import { vouchKeys } from '../../../lib/query-keys';

const STATUS_LABELS: Record<VouchAsk['status'], string> = { open: 'Open', declined: 'Declined', fulfilled: 'Vouched' };
const STATUS_PALETTES: Record<VouchAsk['status'], string> = { open: 'blue', declined: 'gray', fulfilled: 'green' };

function AskCard({ ask, received }: { ask: VouchAsk; received: boolean }) {
  const { linked, ref } = useLinkedObject('ask', ask.id);
  const other = received ? ask.asker : ask.asked;
  return (
    <LinkedCard ref={ref} linked={linked} data-testid="vouch-ask">
      <Card.Body gap="2">
        <Box display="flex" justifyContent="space-between" gap="3" flexWrap="wrap" alignItems="flex-start">
          <Box>
            <Text fontWeight="semibold">{received ? `${other.name} asked you for a Vouch` : vouchAskStateText(ask.status, other.name)}</Text>
            <Text fontSize="sm" color="fg.muted">
              {formatTimeAgo(ask.createdAt)}
              {ask.answeredAt ? ` · answered ${formatTimeAgo(ask.answeredAt)}` : null}
            </Text>
          </Box>
          <Badge colorPalette={STATUS_PALETTES[ask.status]} variant="subtle" rounded="full">
            {STATUS_LABELS[ask.status]}
          </Badge>
        </Box>
        {ask.message ? (
          <Text fontSize="sm" color="fg.muted">
            “{ask.message}”
          </Text>
        ) : null}
        {received && ask.status === 'open' && other.id !== null ? (
          <Box>
            <Button asChild size="sm" colorPalette="brand">
              <RouterLink to={vouchForPath(other.id)}>Vouch for {other.name} or decline</RouterLink>
            </Button>
          </Box>
        ) : null}
      </Card.Body>
    </LinkedCard>
  );
}

function AskList({ received }: { received: boolean }) {
  const query = useVouchAsks(received ? 'received' : 'sent');
  const linked = useLinkedItem<VouchAsk>('ask', { queryKey: [...vouchKeys.all, 'asks'], loaded: query.data }, (id) => `/api/vouch-asks/${id}`);
  const { user } = useCurrentUser();
  // The linked ask goes on top of its own side's list: asked of me, or mine.
  const mine = linked.item && user && (received ? linked.item.asked.id : linked.item.asker.id) === user.id ? linked.item : null;
  return (
    <Stack gap="4">
      {mine ? <AskCard ask={mine} received={received} /> : null}
      {linked.gone && !received ? <LinkedGone>This ask for a Vouch is no longer there.</LinkedGone> : null}
      <PagedList
        query={query}
        loadingLabel="Loading asks…"
        failedWhat="these asks"
        empty={
          <EmptyState icon={<HandshakeIcon boxSize="6" />} title={received ? 'Nobody asked you for a Vouch yet' : "You haven't asked anyone for a Vouch"}>
            {received ? 'When one of your connections asks you for a Vouch, it shows up here.' : 'Ask a connection for a Vouch from their profile.'}
          </EmptyState>
        }
      >
        {(ask) => <AskCard key={ask.id} ask={ask} received={received} />}
      </PagedList>
    </Stack>
  );
}

export function VouchAsksTab() {
  return (
    <Stack gap="8">
      <Stack gap="4" as="section" aria-labelledby="asks-received-heading">
        <Heading as="h2" size="sm" color="fg.muted" id="asks-received-heading">
          Asked of you
        </Heading>
        <AskList received />
      </Stack>
      <Stack gap="4" as="section" aria-labelledby="asks-sent-heading">
        <Heading as="h2" size="sm" color="fg.muted" id="asks-sent-heading">
          Your asks
        </Heading>
        <AskList received={false} />
      </Stack>
    </Stack>
  );
}
