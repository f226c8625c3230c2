/**
 * The 15 slots on a circle around the member: filled (a vouch, with the other member's initials)
 * or dashed (an open slot with its question number); every slot is a real, focusable button.
 */
import type { OnboardingNode } from '@vouch/contracts';
import { Box, Center, chakra } from '@vouch/ui';
import { onboardingExtent, onboardingKind, slotLabel, slotPercent, slotText } from '../lib/onboarding';

const SlotButton = chakra('button');

export function OnboardingSlotCircle({ nodes, onOpen }: { nodes: OnboardingNode[]; onOpen: (node: OnboardingNode) => void }) {
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
