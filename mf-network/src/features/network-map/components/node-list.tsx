/**
 * The map as a list: the canvas is not readable by screen readers, so every shown node is also
 * a button here; activating one recentres the map on it, like a click on the canvas.
 */
import { Box, Button, chakra, Flex, Stack, Text } from '@vouch/ui';
import type { MapView, ViewNode } from '../lib/map-view';
import { RELATIONSHIP_LABELS } from '../lib/relationship-colors';
import { nodeStyle } from '../lib/node-style';

const Details = chakra('details');
const Summary = chakra('summary');

function describe(v: ViewNode): string {
  if (v.node.isMe) return 'You';
  if (v.node.kind === 'skill') return 'Skill';
  return v.node.relationshipType ? RELATIONSHIP_LABELS[v.node.relationshipType] : 'Person';
}

const isPendingInvite = (v: ViewNode) => v.node.relationshipType === 'invited_pending';

function Group({ title, nodes, onSelect }: { title: string; nodes: ViewNode[]; onSelect: (id: string) => void }) {
  if (nodes.length === 0) return null;
  return (
    <Box as="section" aria-label={title}>
      <Text fontSize="xs" fontWeight="semibold" color="fg.muted" textTransform="uppercase" letterSpacing="0.06em" mb="1">
        {title} ({nodes.length})
      </Text>
      <Stack as="ul" gap="1" listStyleType="none">
        {nodes.map((v) => (
          <li key={v.node.id}>
            <Button
              variant="ghost"
              size="sm"
              w="full"
              justifyContent="flex-start"
              onClick={() => onSelect(v.node.id)}
              aria-label={`Recentre on ${v.node.isMe ? 'you' : v.node.name}`}
              data-node-id={v.node.id}
            >
              <Box as="span" boxSize="2.5" rounded={v.node.kind === 'skill' ? 'sm' : 'full'} bg={nodeStyle(v.node, 1, 1).color} flexShrink={0} aria-hidden="true" />
              <Text as="span" fontWeight="medium" truncate>
                {v.node.isMe ? 'You' : v.node.name}
              </Text>
              <Text as="span" color="fg.muted" fontSize="xs" truncate>
                {describe(v)}
              </Text>
            </Button>
          </li>
        ))}
      </Stack>
    </Box>
  );
}

export function NodeList({ view, onSelect }: { view: MapView; onSelect: (id: string) => void }) {
  const count = view.ring1.length + view.ring2.length;
  return (
    <Details borderWidth="1px" borderColor="gray.100" rounded="xl" data-testid="network-list-view">
      <Summary cursor="pointer" px="4" py="3" fontWeight="medium" fontSize="sm" _focusVisible={{ outline: '2px solid', outlineColor: 'brand.500', outlineOffset: '2px' }}>
        List view ({count} {count === 1 ? 'node' : 'nodes'} around {view.centre.node.isMe ? 'you' : view.centre.node.name})
      </Summary>
      <Flex direction={{ base: 'column', md: 'row' }} gap="4" px="3" pb="3" align="flex-start">
        <Box flex="1" minW="0">
          {/* A pending invite is drawn, not counted as a connection (contracts' figures): its own group. */}
          <Group title={view.degree === 2 ? 'First ring' : 'Connections'} nodes={view.ring1.filter((v) => !isPendingInvite(v))} onSelect={onSelect} />
          <Group title="Pending invites" nodes={view.ring1.filter(isPendingInvite)} onSelect={onSelect} />
        </Box>
        {view.ring2.length ? (
          <Box flex="1" minW="0">
            <Group title="Second ring" nodes={view.ring2} onSelect={onSelect} />
          </Box>
        ) : null}
      </Flex>
    </Details>
  );
}
