/** /my-vouches (SPEC "My Vouches"): tabs Received (pending, to answer, then the accepted ones) and Sent. */
import { useDocumentTitle } from '@vouch/shell-sdk';
import { EmptyState, PagedList, Box, CountBadge, Button, HandshakeIcon, Heading, Stack, Tabs, Text } from '@vouch/ui';
import { useState } from 'react';
import { useMyVouches, usePendingVouchesForMe } from '../../../lib/vouch-lists';
import { LazyCreateVouchDialog } from '../../create-vouch';
import { ReceivedVouchList } from './received-vouch-list';
import { SentVouchCard } from './sent-vouch-card';

function SentVouchList({ onCreate }: { onCreate: () => void }) {
  return (
    <PagedList
      query={useMyVouches()}
      loadingLabel="Loading your Vouches…"
      failedWhat="these Vouches"
      empty={
        <EmptyState
          icon={<HandshakeIcon boxSize="6" />}
          title="You haven't sent any Vouches yet"
          action={
            <Button colorPalette="brand" onClick={onCreate}>
              Create Vouch
            </Button>
          }
        >
          Vouch for someone whose work you trust, or invite them to join.
        </EmptyState>
      }
    >
      {(vouch) => <SentVouchCard key={vouch.id} vouch={vouch} />}
    </PagedList>
  );
}

export function MyVouchesPage() {
  useDocumentTitle('My Vouches');
  const [creating, setCreating] = useState(false);
  const pending = usePendingVouchesForMe();
  const sent = useMyVouches();
  return (
    <Stack gap="6" maxW="3xl" mx="auto" w="full">
      <Box>
        <Heading as="h1" size="2xl" letterSpacing="-0.02em">
          My Vouches
        </Heading>
        <Text color="fg.muted" mt="1">
          Vouches made for you, and the ones you sent.
        </Text>
      </Box>
      <Tabs.Root defaultValue="received" variant="line" colorPalette="brand" lazyMount>
        <Tabs.List>
          <Tabs.Trigger value="received">
            Received
            <CountBadge count={pending.data?.length} />
          </Tabs.Trigger>
          <Tabs.Trigger value="sent">
            Sent
            <CountBadge count={sent.data?.length} />
          </Tabs.Trigger>
        </Tabs.List>
        <Tabs.Content value="received" pt="5">
          <ReceivedVouchList withAccepted />
        </Tabs.Content>
        <Tabs.Content value="sent" pt="5">
          <SentVouchList onCreate={() => setCreating(true)} />
        </Tabs.Content>
      </Tabs.Root>
      <LazyCreateVouchDialog open={creating} onOpenChange={setCreating} />
    </Stack>
  );
}
