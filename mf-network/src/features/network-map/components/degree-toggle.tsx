/** The 1° / 2° toggle, each with its count of connections. */
import { Button, HStack, Text } from '@vouch/ui';
import type { Degree } from '../lib/map-view';

export function DegreeToggle({ degree, counts, onChange }: { degree: Degree; counts: Record<Degree, number>; onChange: (degree: Degree) => void }) {
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
