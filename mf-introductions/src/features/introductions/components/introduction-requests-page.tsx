/**
 * /introduction-requests (SPEC "Introduction Requests"): tabs My Requests and My Network's
 * Requests, and Introductions (requests I am asked to introduce someone through, then the double
 * opt-in: asks to answer, and their outcomes). A profile's link opens a request addressed to a
 * member. Members with no vouch see why the page is locked (SPEC §6).
 */
import { useCurrentUser, useDocumentTitle, useSearchParams, vouchCountOf } from '@vouch/shell-sdk';
import { PAGE_INTROS } from '@vouch/contracts';
import { EmptyState, ListLoading, PagedList, CountBadge, Button, Flex, HandshakeIcon, Stack, Tabs, UserPlusIcon, UsersIcon, PageTitle } from '@vouch/ui';
import { useState } from 'react';
import { useMyRequests, useNetworkRequests } from '../api/introduction-requests';
import { useIntroductions } from '../api/introductions';
import { useConnectorAsks } from '../api/addressed-requests';
import { awaitingMeAsConnector } from '../lib/addressed-request';
import { useRequestIntroLink } from '../lib/use-request-intro-link';
import { awaitingMe, IntroductionList } from './introduction-list';
import { AddressedRequestCard } from './addressed-request-card';
import { ConnectorAskList } from './connector-ask-list';
import { LazyAddressedRequestDialog, LazyRequestIntroDialog } from './lazy-request-intro-dialog';
import { LinkedMyRequest } from './linked-request';
import { LockedPanel } from './locked-panel';
import { MyRequestCard, NetworkRequestCard } from './request-cards';
import { ONE_LINE, TabName } from './tab-name';

function MyRequestList({ onCreate }: { onCreate: () => void }) {
  const query = useMyRequests();
  return (
    <Stack gap="4">
      <LinkedMyRequest loaded={query.data} />
      <PagedList
        query={query}
        loadingLabel="Loading your requests…"
        failedWhat="your requests"
        empty={
          <EmptyState
            icon={<HandshakeIcon />}
            title="No introduction requests yet"
            action={
              <Button colorPalette="brand" onClick={onCreate}>
                Request an Introduction
              </Button>
            }
          >
            Tell your network who you'd like to meet. The people who know them can suggest the right person.
          </EmptyState>
        }
      >
        {(request) => (request.addressedTo ? <AddressedRequestCard key={request.id} request={request} /> : <MyRequestCard key={request.id} request={request} />)}
      </PagedList>
    </Stack>
  );
}

function NetworkRequestList() {
  return (
    <PagedList
      query={useNetworkRequests()}
      loadingLabel="Loading your network's requests…"
      failedWhat="your network's requests"
      empty={
        <EmptyState icon={<UsersIcon />} title="Nothing to help with right now">
          When people in your network ask for introductions, their requests appear here so you can suggest someone you trust.
        </EmptyState>
      }
    >
      {(request) => <NetworkRequestCard key={request.id} request={request} />}
    </PagedList>
  );
}

const TABS = ['mine', 'network', 'introductions'] as const;
export function IntroductionRequestsPage() {
  useDocumentTitle('Introduction Requests');
  const { user, isLoading } = useCurrentUser();
  const [creating, setCreating] = useState(false);
  const unlocked = vouchCountOf(user) > 0;
  const mine = useMyRequests({ enabled: unlocked });
  const network = useNetworkRequests({ enabled: unlocked });
  const introductions = useIntroductions({ enabled: unlocked });
  const asks = useConnectorAsks({ enabled: unlocked });
  // ?tab=: where a notification (the bell, a push, a text) lands: its object's tab.
  const [params] = useSearchParams();
  const tab = TABS.find((name) => name === params.get('tab')) ?? 'mine';
  // ?introTo=<member>&introThrough=<member>: a profile's "Request an introduction", addressed to that member.
  const link = useRequestIntroLink();
  return (
    <Stack gap="6" maxW="3xl" mx="auto" w="full">
      <Flex justify="space-between" align="flex-end" gap="4" wrap="wrap">
        <PageTitle intro={PAGE_INTROS['/introduction-requests']} />
        {unlocked ? (
          <Button colorPalette="brand" onClick={() => setCreating(true)}>
            <UserPlusIcon boxSize="4" aria-hidden="true" />
            Request Introduction
          </Button>
        ) : null}
      </Flex>
      {isLoading ? (
        <ListLoading label="Checking your session…" />
      ) : !unlocked ? (
        <LockedPanel />
      ) : (
        <Tabs.Root key={tab} defaultValue={tab} variant="line" colorPalette="brand" lazyMount>
          {/* One line on a phone (issue 28), all three in view (issue 44): the middle one is "Network" there. */}
          <Tabs.List overflowX="auto" flexWrap="nowrap" data-testid="introduction-tabs">
            <Tabs.Trigger value="mine" {...ONE_LINE}>
              My Requests
              <CountBadge count={mine.data?.length} />
            </Tabs.Trigger>
            <Tabs.Trigger value="network" {...ONE_LINE}>
              <TabName full="My Network's Requests" short="Network" />
              <CountBadge count={network.data?.length} />
            </Tabs.Trigger>
            <Tabs.Trigger value="introductions" {...ONE_LINE}>
              Introductions
              <CountBadge count={awaitingMe(introductions.data) + awaitingMeAsConnector(asks.data)} />
            </Tabs.Trigger>
          </Tabs.List>
          <Tabs.Content value="mine" pt="5">
            <MyRequestList onCreate={() => setCreating(true)} />
          </Tabs.Content>
          <Tabs.Content value="network" pt="5">
            <NetworkRequestList />
          </Tabs.Content>
          <Tabs.Content value="introductions" pt="5">
            <Stack gap="6">
              <ConnectorAskList />
              <IntroductionList />
            </Stack>
          </Tabs.Content>
        </Tabs.Root>
      )}
      <LazyRequestIntroDialog open={creating} onOpenChange={setCreating} />
      <LazyAddressedRequestDialog key={link.prefill ? `${link.prefill.to}-${link.prefill.through}` : 'none'} open={unlocked && link.prefill !== null} prefill={link.prefill} onClose={link.close} />
    </Stack>
  );
}
