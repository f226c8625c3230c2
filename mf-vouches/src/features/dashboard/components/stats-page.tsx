/**
 * /stats (SPEC "Stats"): social capital with the introduction, connector and Vouch scores;
 * reputation as a percentage; network size; why the score is what it is (issue 44); pending and sent Vouch cards; the profile summary
 * card; the activity summary. The header locks the link until the first vouch (SPEC §6); opened
 * directly before then, the page says why and offers the first Vouch.
 */
import { useCurrentUser, useDocumentTitle, useFirstScreenHold, vouchCountOf } from '@vouch/shell-sdk';
import { PAGE_INTROS } from '@vouch/contracts';
import { Button, Center, Grid, Heading, LockIcon, SimpleGrid, Spinner, Stack, Text, PageTitle } from '@vouch/ui';
import { useState } from 'react';
import { useMyVouches, usePendingVouchesForMe } from '../../../api/vouch-lists';
import { useMyReputation } from '../api/my-reputation';
import { useMySummary } from '../api/my-summary';
import { ProfileSummarySection } from './profile-summary-section';
import { LazyCreateVouchDialog } from '../../create-vouch';
import { ActivityCard } from './activity-card';
import { ScoreCards } from './score-cards';
import { PendingVouchesCard, SentVouchesCard } from './vouch-cards';
import { WhyThisScore } from './why-this-score';

function StatsLocked() {
  const [creating, setCreating] = useState(false);
  return (
    <Stack align="center" textAlign="center" gap="3" bg="white" rounded="2xl" borderWidth="1px" borderStyle="dashed" borderColor="gray.200" px="6" py="12" data-testid="stats-locked">
      <Center boxSize="12" rounded="full" bg="gray.100" color="gray.500">
        <LockIcon boxSize="6" aria-hidden="true" />
      </Center>
      <Heading as="h2" size="lg">
        Stats unlock when your first Vouch is accepted
      </Heading>
      <Text color="fg.muted" maxW="md">
        Your social capital, reputation and activity are measured from your vouches. Vouch for someone you trust, or accept a Vouch made for you.
      </Text>
      <Button colorPalette="brand" mt="2" onClick={() => setCreating(true)}>
        Create Your First Vouch
      </Button>
      <LazyCreateVouchDialog open={creating} onOpenChange={setCreating} />
    </Stack>
  );
}

/**
 * The gateway's first screen draws Stats' first row of cards; below it, the blocks the page's own
 * reads fill (preloaded with the HTML) grow when their answers come. The first screen stays until
 * they are in (at most FIRST_SCREEN_HOLD_LIMIT_MS), so nothing in view jumps when the app takes over.
 */
function HoldFirstScreenForReads() {
  const reads = [useMyReputation(), usePendingVouchesForMe(), useMyVouches(), useMySummary()];
  useFirstScreenHold(reads.some((read) => read.isPending));
  return null;
}

export function StatsPage() {
  useDocumentTitle('Stats');
  const { user, isLoading } = useCurrentUser();
  return (
    <Stack gap="6" w="full" data-testid="stats-page">
      <PageTitle intro={PAGE_INTROS['/stats']} />
      {isLoading || !user ? (
        <Center py="16" role="status" aria-live="polite" gap="3">
          <Spinner color="brand.600" />
          <Text color="fg.muted">Loading your stats…</Text>
        </Center>
      ) : vouchCountOf(user) === 0 ? (
        <StatsLocked />
      ) : (
        <>
          <HoldFirstScreenForReads />
          <SimpleGrid columns={{ base: 1, md: 2, lg: 3 }} gap="5">
            <ScoreCards user={user} />
          </SimpleGrid>
          <WhyThisScore />
          <SimpleGrid columns={{ base: 1, md: 2 }} gap="5">
            <PendingVouchesCard />
            <SentVouchesCard />
          </SimpleGrid>
          <Grid templateColumns={{ base: '1fr', lg: '3fr 2fr' }} gap="5" alignItems="start">
            <ProfileSummarySection name={user.name} />
            <ActivityCard user={user} />
          </Grid>
        </>
      )}
    </Stack>
  );
}
