/**
 * /my-vouches (SPEC "My Vouches"): tabs Received (pending, to answer, then the accepted ones), Sent
 * and Asks (issue 40). `?tab=` opens one: a notification's link lands on the tab of its object.
 */
import { PAGE_INTROS, type Vouch } from '@vouch/contracts';
import { useDocumentTitle, useLinkedItem, useSearchParams } from '@vouch/shell-sdk';
import { EmptyState, PagedList, CountBadge, Button, HandshakeIcon, LinkedGone, Stack, Tabs, PageTitle } from '@vouch/ui';
import { useState } from 'react';
import { useMyVouches, usePendingVouchesForMe } from '../../../api/vouch-lists';
import { vouchKeys } from '../../../lib/query-keys';
import { LazyCreateVouchDialog } from '../../create-vouch';
import { ReceivedVouchList } from './received-vouch-list';
import { SentVouchCard } from './sent-vouch-card';
import { VouchAsksTab } from './vouch-asks-tab';

const TABS = ['received', 'sent', 'asks'] as const;

/** What I sent; the vouch a link names (`?vouch=`) on top when it is further back than the pages loaded. */
function SentVouchList({ onCreate }: { onCreate: () => void }) {
  const query = useMyVouches();
  const linked = useLinkedItem<Vouch>('vouch', { queryKey: vouchKeys.my, loaded: query.data }, (id) => `/api/vouches/${id}`);
  return (
    <Stack gap="4">
      {linked.item ? <SentVouchCard vouch={linked.item} /> : null}
      {linked.gone ? <LinkedGone>This Vouch is no longer there: it was removed, or it is not one you sent.</LinkedGone> : null}
      <PagedList
        query={query}
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
    </Stack>
  );
}

export function MyVouchesPage() {
  useDocumentTitle('My Vouches');
  const [creating, setCreating] = useState(false);
  const pending = usePendingVouchesForMe();
  const sent = useMyVouches();
  const [params] = useSearchParams();
  const asked = params.get('tab');
  const tab = TABS.find((name) => name === asked) ?? 'received';
  return (
    <Stack gap="6" maxW="3xl" mx="auto" w="full">
      <PageTitle intro={PAGE_INTROS['/my-vouches']} />
      <Tabs.Root key={tab} defaultValue={tab} variant="line" colorPalette="brand" lazyMount>
        <Tabs.List>
          <Tabs.Trigger value="received">
            Received
            <CountBadge count={pending.data?.length} />
          </Tabs.Trigger>
          <Tabs.Trigger value="sent">
            Sent
            <CountBadge count={sent.data?.length} />
          </Tabs.Trigger>
          <Tabs.Trigger value="asks">Asks</Tabs.Trigger>
        </Tabs.List>
        <Tabs.Content value="received" pt="5">
          <ReceivedVouchList withAccepted />
        </Tabs.Content>
        <Tabs.Content value="sent" pt="5">
          <SentVouchList onCreate={() => setCreating(true)} />
        </Tabs.Content>
        <Tabs.Content value="asks" pt="5">
          <VouchAsksTab />
        </Tabs.Content>
      </Tabs.Root>
      <LazyCreateVouchDialog open={creating} onOpenChange={setCreating} />
    </Stack>
  );
}
