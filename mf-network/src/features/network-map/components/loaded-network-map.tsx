/**
 * The map of a member's network: the degree toggle, Back and the trail, the drawing (sigma,
 * loaded lazily), the centre's line and profile link, the list view and the legend.
 */
import { lazy, Suspense, useCallback, useEffect, useMemo, useReducer, useRef } from 'react';
import { ArrowLeftIcon, Box, Button, Center, Flex, Spinner, Stack, Text } from '@vouch/ui';
import { connectionsIn, type NetworkResponse } from '@vouch/contracts';
import { useMapSize } from '../lib/use-map-size';
import { useNearViewport } from '../lib/use-near-viewport';
import { circleLayout } from '../lib/circle-layout';
import { degreeCounts, selectView } from '../lib/map-view';
import { canGoBack, currentCentre, initialMapState, mapReducer, type TrailStep } from '../lib/map-state';
import { buildNetworkGraph } from '../lib/network-graph';
import { CentreProfileLink } from './centre-profile-link';
import { DegreeToggle } from './degree-toggle';
import { MapLegend } from './map-legend';
import { MapTrail } from './map-trail';
import { NodeList } from './node-list';
import { SecondDegreeList } from './second-degree-list';

const SigmaCanvas = lazy(() => import('./sigma-canvas'));

export function LoadedNetworkMap({ network, compact }: { network: NetworkResponse; compact?: boolean }) {
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
  const canvasBox = useRef<HTMLDivElement>(null);
  const drawn = useNearViewport(canvasBox);
  const select = useCallback(
    (id: string) => {
      const node = graph.nodes.get(id);
      if (node) dispatch({ type: 'recentre', step: { id, name: node.isMe ? 'You' : node.name } });
    },
    [graph],
  );
  const centreName = view.centre.node.isMe ? 'you' : view.centre.node.name;
  // Around me the server's counts (1°: my connections, the figure Stats shows); around anyone else, theirs as my network shows them.
  const counts = view.centre.node.isMe ? { 1: connectionsIn(network.directConnections), 2: network.secondDegreeConnections.length } : degreeCounts(graph, view.centre.node.id);

  return (
    <Stack gap="4" data-centre={centre.id} data-degree={state.degree}>
      <Flex justify="space-between" align="center" gap="3" wrap="wrap">
        <DegreeToggle degree={state.degree} counts={counts} onChange={(degree) => dispatch({ type: 'degree', degree })} />
        <Button size="sm" variant="outline" onClick={() => dispatch({ type: 'back' })} disabled={!canGoBack(state)}>
          <ArrowLeftIcon /> Back
        </Button>
      </Flex>
      <MapTrail trail={state.trail} onJump={(index) => dispatch({ type: 'jump', index })} />
      <Box
        ref={canvasBox}
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
        {drawn ? (
          <Suspense
            fallback={
              <Center position="absolute" inset="0">
                <Spinner color="brand.600" />
              </Center>
            }
          >
            <SigmaCanvas view={view} positions={positions} onSelectNode={select} />
          </Suspense>
        ) : null}
      </Box>
      <Text textAlign="center" fontSize="sm" color="fg.muted" aria-live="polite" data-testid="network-centre">
        {view.centre.node.isMe ? 'Your network' : `Centred on ${view.centre.node.name}`} · {state.degree === 1 ? '1° connections' : 'up to 8 + 12 nodes at 2°'} · click a node to recentre
      </Text>
      <CentreProfileLink node={view.centre.node} />
      <NodeList view={view} onSelect={select} />
      <SecondDegreeList />
      {compact ? null : <MapLegend />}
    </Stack>
  );
}
