/** "Path:" the members the map was recentred through; each earlier step jumps back to it. */
import { Button, Flex, Text } from '@vouch/ui';
import type { TrailStep } from '../lib/map-state';

export function MapTrail({ trail, onJump }: { trail: TrailStep[]; onJump: (index: number) => void }) {
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
