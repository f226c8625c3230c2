/**
 * /dashboard (SPEC "Dashboard"): a top bar with Create Vouch and Request Intro, the greeting,
 * and then, by the member's vouches (`dashboardState`):
 * - none: the amber welcome banner, the reputation panel and network map locked, the profile
 *   summary greyed with a locked note;
 * - some: the reputation panel, the onboarding map (mf_network `./OnboardingMap`) — or the full
 *   network map (`./NetworkMap`) once onboarding is complete or at 15 vouches — and the profile
 *   summary card. Both maps are remote slots, contained by RemoteSlot when unavailable.
 */
import { PAGE_INTROS, type UserProfile } from '@vouch/contracts';
import { RemoteSlot, useCurrentUser, useDocumentTitle, useFirstScreenHold, useSearchParams, vouchCountOf } from '@vouch/shell-sdk';
import { Box, Button, Center, CheckCircleIcon, Flex, Grid, Spinner, Stack, Text, PageTitle } from '@vouch/ui';
import { useState } from 'react';
import { LockedProfileSummary } from './locked-profile-summary';
import { ProfileSummarySection } from './profile-summary-section';
import { ReputationPanel } from './reputation-panel';
import { LazyCreateVouchDialog } from '../../create-vouch';
import { useMyVouches } from '../../../api/vouch-lists';
import { LockedPanel } from './locked-panel';
import { VouchBackCard } from './vouch-back-card';
import { useVouchBacks } from '../api/vouch-back';
import { WelcomeBanner } from './welcome-banner';
import { dashboardState, greeting, isNewUserVisit } from '../lib/dashboard';
import { unlockCopy, waitingVouches } from '../lib/waiting';

function NewMemberNote({ onDismiss }: { onDismiss: () => void }) {
  return (
    <Flex role="status" align="center" gap="3" bg="green.50" borderWidth="1px" borderColor="green.200" color="green.900" rounded="xl" px="4" py="3" data-testid="new-member-note">
      <CheckCircleIcon boxSize="5" color="green.600" aria-hidden="true" flexShrink={0} />
      <Text flex="1" fontSize="sm">
        <b>Your account is ready.</b> You accepted your first Vouch: welcome to a network built on trust.
      </Text>
      <Button size="xs" variant="ghost" colorPalette="green" onClick={onDismiss}>
        Dismiss
      </Button>
    </Flex>
  );
}

function TopBar({ user, onCreate }: { user: UserProfile; onCreate: () => void }) {
  const vouchCount = vouchCountOf(user);
  return (
    <Flex justify="space-between" align={{ base: 'flex-start', md: 'center' }} gap="4" direction={{ base: 'column', md: 'row' }}>
      <PageTitle intro={{ ...PAGE_INTROS['/dashboard'], heading: greeting(user, new Date()) }} headingTestId="dashboard-greeting" />
      <Flex gap="2" wrap="wrap" data-testid="dashboard-actions">
        <Button colorPalette="brand" size="sm" onClick={onCreate}>
          Vouch for Someone
        </Button>
        <RemoteSlot remote="mf_introductions" module="./RequestIntroButton" compact fallback={null} props={{ user, vouchCount }} />
      </Flex>
    </Flex>
  );
}

function NetworkSlot({ full, onCreate }: { full: boolean; onCreate: () => void }) {
  return (
    <Box data-testid={full ? 'dashboard-network-map' : 'dashboard-onboarding-map'} minW="0">
      {full ? (
        <RemoteSlot remote="mf_network" module="./NetworkMap" props={{ compact: true, onOpenCreateVouch: onCreate }} />
      ) : (
        <RemoteSlot remote="mf_network" module="./OnboardingMap" props={{ onOpenCreateVouch: onCreate }} />
      )}
    </Box>
  );
}

export function DashboardPage() {
  useDocumentTitle('Dashboard');
  const { user, isLoading } = useCurrentUser();
  const [searchParams] = useSearchParams();
  const [creating, setCreating] = useState(false);
  const [noteDismissed, setNoteDismissed] = useState(false);
  const sent = useMyVouches({ enabled: !!user && vouchCountOf(user) === 0 });
  // The Vouch back card goes above the panels: they wait for its list (preloaded with the page), so
  // a card arriving later does not push them down under the member's eyes (a layout shift).
  const state = user ? dashboardState(user) : undefined;
  const vouchBacksWanted = state !== undefined && state !== 'no-vouches';
  const vouchBacksPending = useVouchBacks(vouchBacksWanted).isPending && vouchBacksWanted;
  // The server's first screen asks the Vouch back question: it stays until the card can ask it.
  useFirstScreenHold(vouchBacksPending);
  const openCreate = () => setCreating(true);

  if (isLoading || !user) {
    return (
      <Center py="20" role="status" aria-live="polite" gap="3">
        <Spinner color="brand.600" />
        <Text color="fg.muted">Loading your dashboard…</Text>
      </Center>
    );
  }

  const waiting = waitingVouches(sent.data ?? []);
  const copy = unlockCopy(waiting);
  return (
    <Stack gap="6" w="full" data-testid="dashboard" data-state={state}>
      <TopBar user={user} onCreate={openCreate} />
      {isNewUserVisit(searchParams) && !noteDismissed ? <NewMemberNote onDismiss={() => setNoteDismissed(true)} /> : null}
      {state === 'no-vouches' ? (
        <>
          <WelcomeBanner onCreate={openCreate} copy={copy} waiting={waiting} />
          <Grid templateColumns={{ base: '1fr', lg: '2fr 3fr' }} gap="5">
            <LockedPanel id="locked-reputation-heading" title="Reputation Dashboard" testId="reputation-locked" minH="64">
              {copy.reputation}
            </LockedPanel>
            <LockedPanel id="locked-network-heading" title="Network Map" testId="network-map-locked" minH="64">
              {copy.network}
            </LockedPanel>
          </Grid>
          <LockedProfileSummary note={copy.profile} />
        </>
      ) : vouchBacksPending ? null : (
        <>
          <VouchBackCard />
          <Grid templateColumns={{ base: '1fr', lg: 'minmax(0, 2fr) minmax(0, 3fr)' }} gap="5" alignItems="start">
            <ReputationPanel user={user} />
            <NetworkSlot full={state === 'full-map'} onCreate={openCreate} />
          </Grid>
          <ProfileSummarySection name={user.name} />
        </>
      )}
      <LazyCreateVouchDialog open={creating} onOpenChange={setCreating} />
    </Stack>
  );
}
