/**
 * The network map (SPEC "Network map"), used by the /network page and the `./NetworkMap`
 * dashboard slot: the member in the centre, 1°/2° toggles with counts, click to recentre with
 * Back and a trail, the legend, a list view for keyboards and screen readers, and the loading,
 * error and empty states. The WebGL drawing (sigma) loads lazily, after this shell renders.
 */
import { lazy, Suspense, useCallback, useEffect, useMemo, useReducer, type ReactNode } from 'react';
import { Box, Button, Center, Flex, Heading, HStack, Spinner, Stack, Text, ArrowLeftIcon, NetworkIcon } from '@vouch/ui';
import { RemoteSlot, RouterLink, useCurrentUser, vouchCountOf } from '@vouch/shell-sdk';
import { memberProfilePath, type NetworkResponse, type UserProfile } from '@vouch/contracts';
import { useNetwork } from '../api/get-network';
import { useMapSize } from '../lib/use-map-size';
import { circleLayout } from '../lib/circle-layout';
import { degreeCounts, selectView, type Degree } from '../lib/map-view';
import { canGoBack, currentCentre, initialMapState, mapReducer, type TrailStep } from '../lib/map-state';
import { buildNetworkGraph } from '../lib/network-graph';
import { MapLegend } from './map-legend';
import { NodeList } from './node-list';

const SigmaCanvas = lazy(() => import('./sigma-canvas'));

export const NETWORK_MESSAGES = {
  error: 'Failed to load network data - Please try refreshing the page',
  emptyTitle: 'Build Your Network',
  signedOut: 'Please sign in to view your network map.',
} as const;

/**
 * Props of `./NetworkMap` (docs/architecture.md "Slot props"):
 * - `compact`: the dashboard's card (a heading and a link to /network) instead of the page body;
 * - `onOpenCreateVouch`: opens the host's Create Vouch dialog from the empty state; without it the
 *   empty state renders mf_vouches' `./CreateVouchButton` slot.
 */
export interface NetworkMapProps {
  compact?: boolean;
  onOpenCreateVouch?: () => void;
}

function Frame({ compact, children, testId = 'network-map' }: { compact?: boolean; children: ReactNode; testId?: string }) {
  return (
    <Box as="section" aria-labelledby={compact ? 'network-map-heading' : undefined} bg="white" rounded="2xl" borderWidth="1px" borderColor="gray.100" p={{ base: '4', md: '6' }} data-testid={testId}>
      {compact ? (
        <Flex justify="space-between" align="center" mb="4" gap="3" wrap="wrap">
          <Heading id="network-map-heading" as="h2" size="lg" letterSpacing="-0.01em">
            Network Map
          </Heading>
          <Button asChild size="sm" variant="ghost" colorPalette="brand">
            <RouterLink to="/network">Open full map</RouterLink>
          </Button>
        </Flex>
      ) : null}
      {children}
    </Box>
  );
}

function Loading() {
  return (
    <Center minH="320px" role="status" aria-label="Loading your network" data-testid="network-loading">
      <Stack align="center" gap="3">
        <Spinner size="lg" color="brand.600" />
        <Text color="fg.muted" fontSize="sm">
          Loading your network…
        </Text>
      </Stack>
    </Center>
  );
}

function EmptyState({ user, onOpenCreateVouch }: { user: UserProfile; onOpenCreateVouch?: () => void }) {
  return (
    <Center minH="320px" textAlign="center" data-testid="network-empty">
      <Stack align="center" gap="3" maxW="md">
        <Center boxSize="14" rounded="full" bg="brand.50" color="brand.600">
          <NetworkIcon boxSize="7" />
        </Center>
        <Heading as="h2" size="lg">
          {NETWORK_MESSAGES.emptyTitle}
        </Heading>
        <Text color="fg.muted">Vouch for people you trust. Once they accept, they appear here with the people they know, and your map grows with every vouch.</Text>
        {onOpenCreateVouch ? (
          <Button colorPalette="brand" onClick={onOpenCreateVouch}>
            Create a Vouch
          </Button>
        ) : (
          <RemoteSlot remote="mf_vouches" module="./CreateVouchButton" compact fallback={null} props={{ user, vouchCount: vouchCountOf(user) }} />
        )}
      </Stack>
    </Center>
  );
}

function DegreeToggle({ degree, counts, onChange }: { degree: Degree; counts: Record<Degree, number>; onChange: (degree: Degree) => void }) {
  return (
    <HStack role="group" aria-label="Connections shown" gap="0" bg="gray.100" rounded="full" p="1">
      {([1, 2] as const).map((d) => (
        <Button
          key={d}
          size="sm"
          rounded="full"
          variant={degree === d ? 'solid' : 'ghost'}
          colorPalette={degree === d ? 'brand' : 'gray'}
          aria-pressed={degree === d}
          onClick={() => onChange(d)}
          data-testid={`degree-${d}`}
        >
          {d}° <Text as="span" fontWeight="normal" opacity={0.85}>({counts[d]})</Text>
        </Button>
      ))}
    </HStack>
  );
}

function Trail({ trail, onJump }: { trail: TrailStep[]; onJump: (index: number) => void }) {
  return (
    <Flex as="nav" aria-label="Map trail" data-testid="network-trail" minW="0" gap="2" align="baseline" fontSize="sm">
      <Text as="span" color="fg.muted" aria-hidden="true">
        Path:
      </Text>
      <Flex as="ol" listStyleType="none" wrap="wrap" align="center" gap="1">
        {trail.map((step, index) => {
          const last = index === trail.length - 1;
          return (
            <Flex as="li" key={`${step.id}-${index}`} align="center" gap="1">
              {last ? (
                <Text as="span" fontWeight="semibold" aria-current="location">
                  {step.name}
                </Text>
              ) : (
                <>
                  <Button variant="plain" size="sm" h="auto" px="0" color="brand.700" textDecoration="underline" onClick={() => onJump(index)}>
                    {step.name}
                  </Button>
                  <Text as="span" color="fg.muted" aria-hidden="true">
                    ›
                  </Text>
                </>
              )}
            </Flex>
          );
        })}
      </Flex>
    </Flex>
  );
}

function LoadedMap({ network, compact }: { network: NetworkResponse; compact?: boolean }) {
  const graph = useMemo(() => buildNetworkGraph(network), [network]);
  const root = useMemo<TrailStep>(() => ({ id: graph.meId, name: 'You' }), [graph]);
  const [state, dispatch] = useReducer(mapReducer, root, (step) => initialMapState(step));
  // Fresh data without a node of the trail (an invite accepted, a vouch gone): start from me.
  useEffect(() => {
    if (!state.trail.every((step) => graph.nodes.has(step.id))) dispatch({ type: 'reset', root });
  }, [graph, root, state.trail]);

  const centre = currentCentre(state);
  const view = useMemo(() => selectView(graph, centre.id, state.degree), [graph, centre.id, state.degree]);
  const positions = useMemo(() => circleLayout(view), [view]);
  const size = useMapSize();
  const select = useCallback(
    (id: string) => {
      const node = graph.nodes.get(id);
      if (node) dispatch({ type: 'recentre', step: { id, name: node.isMe ? 'You' : node.name } });
    },
    [graph],
  );
  const centreName = view.centre.node.isMe ? 'you' : view.centre.node.name;
  // Around me the server's counts; around anyone else, theirs as my network shows them.
  const counts = view.centre.node.isMe ? { 1: network.directConnections.length, 2: network.secondDegreeConnections.length } : degreeCounts(graph, view.centre.node.id);

  return (
    <Stack gap="4" data-centre={centre.id} data-degree={state.degree}>
      <Flex justify="space-between" align="center" gap="3" wrap="wrap">
        <DegreeToggle degree={state.degree} counts={counts} onChange={(degree) => dispatch({ type: 'degree', degree })} />
        <Button size="sm" variant="outline" onClick={() => dispatch({ type: 'back' })} disabled={!canGoBack(state)}>
          <ArrowLeftIcon /> Back
        </Button>
      </Flex>
      <Trail trail={state.trail} onJump={(index) => dispatch({ type: 'jump', index })} />
      <Box
        position="relative"
        w={`${size}px`}
        maxW="100%"
        aspectRatio="1"
        mx="auto"
        rounded="full"
        style={{ backgroundImage: 'radial-gradient(circle at center, #eef2ff 0%, #f8fafc 55%, rgba(255,255,255,0) 72%)' }}
        data-testid="network-map-canvas"
        data-map-size={size}
        role="img"
        aria-label={`Network map centred on ${centreName}: ${view.ring1.length + view.ring2.length} nodes around. The list view below names them.`}
      >
        <Suspense
          fallback={
            <Center position="absolute" inset="0">
              <Spinner color="brand.600" />
            </Center>
          }
        >
          <SigmaCanvas view={view} positions={positions} onSelectNode={select} />
        </Suspense>
      </Box>
      <Text textAlign="center" fontSize="sm" color="fg.muted" aria-live="polite" data-testid="network-centre">
        {view.centre.node.isMe ? 'Your network' : `Centred on ${view.centre.node.name}`} · {state.degree === 1 ? '1° connections' : 'up to 8 + 12 nodes at 2°'} · click a node to recentre
      </Text>
      <CentreProfileLink node={view.centre.node} />
      <NodeList view={view} onSelect={select} />
      {compact ? null : <MapLegend />}
    </Stack>
  );
}

/** "View Sam Lee's profile" under a map centred on another member (opens /members/{id}). */
function CentreProfileLink({ node }: { node: { id: string; name: string; isMe: boolean } }) {
  const memberId = /^person:(\d+)$/.exec(node.id)?.[1];
  if (node.isMe || !memberId) return null;
  return (
    <Button asChild size="sm" variant="outline" colorPalette="brand" alignSelf="center" data-testid="network-centre-profile">
      <RouterLink to={memberProfilePath(Number(memberId))}>View {node.name}&apos;s profile</RouterLink>
    </Button>
  );
}

/** The map with its states; reads the current member and their network. */
export function NetworkMap({ compact, onOpenCreateVouch }: NetworkMapProps) {
  const { user, isLoading } = useCurrentUser();
  const network = useNetwork({ enabled: !!user });
  let body: ReactNode;
  if (isLoading || (user && network.isPending)) body = <Loading />;
  else if (!user) body = <Text color="fg.muted">{NETWORK_MESSAGES.signedOut}</Text>;
  else if (network.isError)
    body = (
      <Center minH="240px" role="alert" data-testid="network-error" textAlign="center">
        <Stack align="center" gap="3">
          <Text fontWeight="medium" color="red.700">
            {NETWORK_MESSAGES.error}
          </Text>
          <Button size="sm" variant="outline" onClick={() => void network.refetch()}>
            Try Again
          </Button>
        </Stack>
      </Center>
    );
  else if (!network.data) body = <Text color="fg.muted">{NETWORK_MESSAGES.signedOut}</Text>;
  else if (network.data.directConnections.length === 0 && network.data.secondDegreeConnections.length === 0)
    body = <EmptyState user={user} onOpenCreateVouch={onOpenCreateVouch} />;
  else body = <LoadedMap network={network.data} compact={compact} />;
  return <Frame compact={compact}>{body}</Frame>;
}
