/**
 * The onboarding variant of the map (SPEC "Network map"; §3, §4): "Build Your Professional
 * Network", three stat cards (mentors, peers, mentees: active/total), the 15 slots on a circle
 * around the member (filled: a vouch, with the other member's initials; dashed: an open slot
 * with its question number), a legend, and a dialog when a slot is tapped. Plain SVG and
 * buttons: 15 nodes need no WebGL, and every slot is a real, focusable button.
 */
import { useState } from 'react';
import { Box, Center, chakra, Grid, Heading, SimpleGrid, Spinner, Stack, Text } from '@vouch/ui';
import { useCurrentUser } from '@vouch/shell-sdk';
import type { OnboardingNetworkMap, OnboardingNode } from '@vouch/contracts';
import { useOnboardingMap } from '../api/get-onboarding-map';
import { ONBOARDING_KINDS, onboardingExtent, onboardingKind, slotLabel, slotPercent, slotText } from '../lib/onboarding';
import { OnboardingNodeDialog } from './onboarding-node-dialog';

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

const SlotButton = chakra('button');

function StatCards({ stats }: { stats: OnboardingNetworkMap['stats'] }) {
  return (
    <SimpleGrid columns={3} gap={{ base: '2', md: '4' }}>
      {ONBOARDING_KINDS.map((kind) => (
        <Box key={kind.type} rounded="xl" p={{ base: '3', md: '4' }} bg={kind.soft} data-testid={`onboarding-stat-${kind.plural}`}>
          <Text fontSize="sm" fontWeight="medium" style={{ color: kind.color }}>
            {kind.label}s
          </Text>
          <Text fontSize={{ base: 'xl', md: '2xl' }} fontWeight="bold" color="gray.900" aria-label={`${stats[kind.plural].active} of ${stats[kind.plural].total} ${kind.plural}`}>
            {stats[kind.plural].active}/{stats[kind.plural].total}
          </Text>
        </Box>
      ))}
    </SimpleGrid>
  );
}

function SlotCircle({ nodes, onOpen }: { nodes: OnboardingNode[]; onOpen: (node: OnboardingNode) => void }) {
  const extent = onboardingExtent(nodes);
  const r = (1 / extent) * 50;
  return (
    <Box position="relative" w="full" maxW="420px" mx="auto" aspectRatio="1" data-testid="onboarding-circle">
      <svg viewBox="0 0 100 100" width="100%" height="100%" aria-hidden="true" style={{ position: 'absolute', inset: 0 }}>
        <circle cx="50" cy="50" r={r} fill="none" stroke="#e2e8f0" strokeWidth="0.4" strokeDasharray="1.5 1.5" />
        {nodes.map((node) => {
          const { left, top } = slotPercent(node.position, extent);
          return (
            <line
              key={node.id}
              x1="50"
              y1="50"
              x2={left}
              y2={top}
              stroke={node.isActive ? onboardingKind(node.type).color : '#cbd5e1'}
              strokeOpacity={node.isActive ? 0.6 : 1}
              strokeWidth={node.isActive ? 0.6 : 0.3}
              strokeDasharray={node.isActive ? undefined : '1 1'}
            />
          );
        })}
      </svg>
      <Center position="absolute" left="50%" top="50%" transform="translate(-50%, -50%)" boxSize="16%" rounded="full" bg="brand.600" color="white" fontWeight="bold" fontSize="sm" boxShadow="md">
        You
      </Center>
      {nodes.map((node) => {
        const { left, top } = slotPercent(node.position, extent);
        const kind = onboardingKind(node.type);
        return (
          <SlotButton
            key={node.id}
            type="button"
            position="absolute"
            style={{ left: `${left}%`, top: `${top}%`, ...(node.isActive ? { background: kind.color, borderColor: kind.color } : { borderColor: kind.color, color: kind.color }) }}
            transform="translate(-50%, -50%)"
            boxSize="11%"
            minW="32px"
            minH="32px"
            rounded="full"
            borderWidth="2px"
            borderStyle={node.isActive ? 'solid' : 'dashed'}
            bg="white"
            color="white"
            fontWeight="semibold"
            fontSize={{ base: 'xs', md: 'sm' }}
            display="flex"
            alignItems="center"
            justifyContent="center"
            cursor="pointer"
            transition="transform 150ms"
            _hover={{ transform: 'translate(-50%, -50%) scale(1.08)' }}
            _focusVisible={{ outline: '3px solid', outlineColor: 'brand.500', outlineOffset: '2px' }}
            aria-label={slotLabel(node)}
            data-testid={`onboarding-node-${node.id}`}
            data-active={node.isActive}
            onClick={() => onOpen(node)}
          >
            {slotText(node)}
          </SlotButton>
        );
      })}
    </Box>
  );
}

function Legend() {
  return (
    <Stack as="ul" listStyleType="none" direction="row" wrap="wrap" gap="4" justify="center" fontSize="sm" aria-label="Legend" data-testid="onboarding-legend">
      {ONBOARDING_KINDS.map((kind) => (
        <Stack as="li" key={kind.type} direction="row" align="center" gap="2">
          <Box boxSize="3" rounded="full" style={{ background: kind.color }} aria-hidden="true" />
          {kind.label}
        </Stack>
      ))}
      <Stack as="li" direction="row" align="center" gap="2">
        <Box boxSize="3" rounded="full" borderWidth="2px" borderStyle="dashed" borderColor="gray.400" aria-hidden="true" />
        Open slot (a question to answer)
      </Stack>
    </Stack>
  );
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
        <StatCards stats={map.data.stats} />
        <SlotCircle nodes={map.data.networkData.nodes} onOpen={setSelected} />
        <Legend />
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
