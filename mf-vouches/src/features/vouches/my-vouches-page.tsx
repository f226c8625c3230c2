/** /my-vouches (SPEC "My Vouches"): tabs Received (pending, to answer) and Sent. */
import { useDocumentTitle } from '@vouch/shell-sdk';
import { EmptyState, ListFailed, ListLoading, Badge, Box, Button, HandshakeIcon, Heading, Stack, Tabs, Text } from '@vouch/ui';
import { useState } from 'react';
import { useMyVouches, usePendingVouchesForMe } from './api/vouch-lists';
import { LazyCreateVouchDialog } from './components/lazy-create-vouch-dialog';
import { ReceivedVouchList } from './components/received-vouch-list';
import { SentVouchCard } from './components/sent-vouch-card';

function SentVouchList({ onCreate }: { onCreate: () => void }) {
  const sent = useMyVouches();
  if (sent.isPending) return <ListLoading label="Loading your Vouches…" />;
  if (sent.isError) return <ListFailed what="these Vouches" onRetry={() => void sent.refetch()} />;
  if (sent.data.length === 0) {
    return (
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
    );
  }
  return (
    <Stack gap="4">
      {sent.data.map((vouch) => (
        <SentVouchCard key={vouch.id} vouch={vouch} />
      ))}
    </Stack>
  );
}

function CountBadge({ count }: { count: number | undefined }) {
  if (!count) return null;
  return (
    <Badge colorPalette="brand" variant="solid" rounded="full" size="sm" ml="1.5">
      {count}
    </Badge>
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
          <ReceivedVouchList />
        </Tabs.Content>
        <Tabs.Content value="sent" pt="5">
          <SentVouchList onCreate={() => setCreating(true)} />
        </Tabs.Content>
      </Tabs.Root>
      <LazyCreateVouchDialog open={creating} onOpenChange={setCreating} />
    </Stack>
  );
}
