/**
 * The onboarding variant of the map (SPEC "Network map"; §3, §4): "Build Your Professional
 * Network", three stat cards (mentors, peers, mentees: active/total), the 15 slots on a circle
 * around the member (filled: a vouch, with the other member's initials; dashed: an open slot
 * with its question number), a legend, and a dialog when a slot is tapped. Plain SVG and
 * buttons: 15 nodes need no WebGL, and every slot is a real, focusable button.
 */
import { useState } from 'react';
import { Box, Center, Grid, Heading, Spinner, Stack, Text } from '@vouch/ui';
import { useCurrentUser } from '@vouch/shell-sdk';
import type { OnboardingNode } from '@vouch/contracts';
import { useOnboardingMap } from '../api/get-onboarding-map';
import { OnboardingLegend } from './onboarding-legend';
import { OnboardingNodeDialog } from './onboarding-node-dialog';
import { OnboardingSlotCircle } from './onboarding-slot-circle';
import { OnboardingStatCards } from './onboarding-stat-cards';

export const ONBOARDING_MESSAGES = {
  title: 'Build Your Professional Network',
  signedOut: 'Please sign in to view your network map.',
  error: 'Failed to load network map data',
} as const;

/** Props of `./OnboardingMap` (docs/architecture.md "Slot props"). */
export interface OnboardingMapProps {
  /** Opens the host's Create Vouch dialog; offered in an open slot's dialog when given. */
  onOpenCreateVouch?: () => void;
}

export function OnboardingMap({ onOpenCreateVouch }: OnboardingMapProps) {
  const { user, isLoading } = useCurrentUser();
  const map = useOnboardingMap({ enabled: !!user });
  const [selected, setSelected] = useState<OnboardingNode | null>(null);

  let body;
  if (isLoading || (user && map.isPending))
    body = (
      <Center minH="240px" role="status" aria-label="Loading your network map">
        <Spinner color="brand.600" />
      </Center>
    );
  else if (!user || (!map.isError && !map.data)) body = <Text color="fg.muted">{ONBOARDING_MESSAGES.signedOut}</Text>;
  else if (map.isError || !map.data)
    body = (
      <Text role="alert" color="red.700" data-testid="onboarding-error">
        {ONBOARDING_MESSAGES.error}
      </Text>
    );
  else
    body = (
      <Stack gap="5">
        <OnboardingStatCards stats={map.data.stats} />
        <OnboardingSlotCircle nodes={map.data.networkData.nodes} onOpen={setSelected} />
        <OnboardingLegend />
      </Stack>
    );

  return (
    <Box as="section" aria-labelledby="onboarding-map-heading" bg="white" rounded="2xl" borderWidth="1px" borderColor="gray.100" p={{ base: '4', md: '6' }} data-testid="onboarding-map">
      <Grid gap="1" mb="5">
        <Heading id="onboarding-map-heading" as="h2" size="lg" letterSpacing="-0.01em">
          {ONBOARDING_MESSAGES.title}
        </Heading>
        <Text color="fg.muted" fontSize="sm">
          Fifteen vouches complete your map: the people who guide you, work beside you and learn from you. Tap a circle to see who is there or what to ask.
        </Text>
      </Grid>
      {body}
      <OnboardingNodeDialog
        node={selected}
        onClose={() => setSelected(null)}
        onOpenCreateVouch={
          onOpenCreateVouch
            ? () => {
                setSelected(null);
                onOpenCreateVouch();
              }
            : undefined
        }
      />
    </Box>
  );
}
