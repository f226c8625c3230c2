/**
 * /introduction-requests (SPEC "Introduction Requests"): tabs My Requests and My Network's
 * Requests, and Introductions (the double opt-in: asks to answer, and their outcomes). Members with no vouch see why the page is locked (SPEC §6).
 */
import { RemoteSlot, useCurrentUser, useDocumentTitle, useSearchParams, vouchCountOf } from '@vouch/shell-sdk';
import { EmptyState, ListLoading, PagedList, Box, CountBadge, Button, Flex, HandshakeIcon, Heading, LockIcon, Stack, Tabs, Text, UserPlusIcon, UsersIcon } from '@vouch/ui';
import { useState } from 'react';
import { useMyRequests, useNetworkRequests } from '../api/introduction-requests';
import { useIntroductions } from '../api/introductions';
import { useRequestIntroLink } from '../lib/use-request-intro-link';
import { awaitingMe, IntroductionList } from './introduction-list';
import { LazyRequestIntroDialog } from './lazy-request-intro-dialog';
import { MyRequestCard, NetworkRequestCard } from './request-cards';

/** A tab that never breaks its label over two lines (issue 28: at 390 px they did). */
const ONE_LINE = { flexShrink: 0, whiteSpace: 'nowrap', px: { base: '2.5', sm: '4' } } as const;

function MyRequestList({ onCreate }: { onCreate: () => void }) {
  return (
    <PagedList
      query={useMyRequests()}
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
      {(request) => <MyRequestCard key={request.id} request={request} />}
    </PagedList>
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

function LockedPanel() {
  const { user } = useCurrentUser();
  return (
    <Stack align="center" textAlign="center" gap="3" py="12" px="6" bg="white" rounded="xl" borderWidth="1px" borderColor="gray.100" data-testid="introductions-locked">
      <Flex boxSize="12" rounded="full" bg="gray.100" align="center" justify="center">
        <LockIcon boxSize="5" color="fg.muted" aria-hidden="true" />
      </Flex>
      <Heading as="h2" size="md">
        Introductions unlock with your first Vouch
      </Heading>
      <Text color="fg.muted" fontSize="sm" maxW="md">
        Introductions travel through people who trust each other. Vouch for someone whose work you know, or accept a Vouch made for you, and you can request introductions
        and help your network.
      </Text>
      {user ? (
        <Box pt="2">
          <RemoteSlot remote="mf_vouches" module="./CreateVouchButton" compact fallback={null} props={{ user, vouchCount: 0 }} />
        </Box>
      ) : null}
    </Stack>
  );
}

export function IntroductionRequestsPage() {
  useDocumentTitle('Introduction Requests');
  const { user, isLoading } = useCurrentUser();
  const [creating, setCreating] = useState(false);
  const unlocked = vouchCountOf(user) > 0;
  const mine = useMyRequests({ enabled: unlocked });
  const network = useNetworkRequests({ enabled: unlocked });
  const introductions = useIntroductions({ enabled: unlocked });
  // ?tab=introductions: where the SMS and the bell send the person asked.
  const [params] = useSearchParams();
  const tab = params.get('tab') === 'introductions' ? 'introductions' : 'mine';
  // ?introTo=…&introThrough=…: a profile's "Request an introduction", prefilled.
  const link = useRequestIntroLink();
  return (
    <Stack gap="6" maxW="3xl" mx="auto" w="full">
      <Flex justify="space-between" align="flex-end" gap="4" wrap="wrap">
        <Box>
          <Heading as="h1" size="2xl" letterSpacing="-0.02em">
            Introduction Requests
          </Heading>
          <Text color="fg.muted" mt="1">
            Ask your network for an introduction, and help the people you trust meet the right people.
          </Text>
        </Box>
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
        <Tabs.Root defaultValue={tab} variant="line" colorPalette="brand" lazyMount>
          {/* One line on a phone (issue 28: they wrapped at 390 px): the tabs keep their words and scroll sideways. */}
          <Tabs.List overflowX="auto" flexWrap="nowrap" css={{ scrollbarWidth: 'none' }} data-testid="introduction-tabs">
            <Tabs.Trigger value="mine" {...ONE_LINE}>
              My Requests
              <CountBadge count={mine.data?.length} />
            </Tabs.Trigger>
            <Tabs.Trigger value="network" {...ONE_LINE}>
              My Network's Requests
              <CountBadge count={network.data?.length} />
            </Tabs.Trigger>
            <Tabs.Trigger value="introductions" {...ONE_LINE}>
              Introductions
              <CountBadge count={awaitingMe(introductions.data)} />
            </Tabs.Trigger>
          </Tabs.List>
          <Tabs.Content value="mine" pt="5">
            <MyRequestList onCreate={() => setCreating(true)} />
          </Tabs.Content>
          <Tabs.Content value="network" pt="5">
            <NetworkRequestList />
          </Tabs.Content>
          <Tabs.Content value="introductions" pt="5">
            <IntroductionList />
          </Tabs.Content>
        </Tabs.Root>
      )}
      <LazyRequestIntroDialog open={creating || (unlocked && link.prefill !== null)} onOpenChange={(next) => (next ? setCreating(true) : (setCreating(false), link.close()))} prefill={link.prefill} />
    </Stack>
  );
}
