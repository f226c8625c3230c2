/** The map's legend: one row per relationship colour (SPEC "Network map") and the node kinds. */
import { Box, Flex, Grid, Text } from '@vouch/ui';
import { MAP_COLORS, RELATIONSHIP_LEGEND } from '../lib/relationship-colors';

function Swatch({ color, round = true, dashed = false }: { color: string; round?: boolean; dashed?: boolean }) {
  return (
    <Box
      as="span"
      flexShrink={0}
      display="inline-block"
      boxSize="3"
      rounded={round ? 'full' : 'sm'}
      bg={dashed ? 'transparent' : color}
      borderWidth={dashed ? '2px' : '0'}
      borderStyle="dashed"
      borderColor={color}
      aria-hidden="true"
    />
  );
}

export function MapLegend() {
  return (
    <Box as="section" aria-label="Legend" data-testid="network-legend">
      <Text fontSize="xs" fontWeight="semibold" color="fg.muted" textTransform="uppercase" letterSpacing="0.06em" mb="2">
        Legend
      </Text>
      <Grid templateColumns={{ base: '1fr', sm: 'repeat(2, minmax(0, 1fr))' }} gap="1.5" as="ul" listStyleType="none">
        <Flex as="li" align="center" gap="2">
          <Swatch color={MAP_COLORS.me} />
          <Text fontSize="sm">You</Text>
        </Flex>
        {RELATIONSHIP_LEGEND.map(({ type, color, label }) => (
          <Flex as="li" key={type} align="center" gap="2" data-relationship={type}>
            <Swatch color={color} />
            <Text fontSize="sm">{label}</Text>
          </Flex>
        ))}
        <Flex as="li" align="center" gap="2">
          <Swatch color={MAP_COLORS.skill} round={false} />
          <Text fontSize="sm">Skill (from your vouches)</Text>
        </Flex>
      </Grid>
    </Box>
  );
}
