/** What a vouch says: reason, skills, character traits, accomplishments — only the filled ones. */
import { Box, chakra, Text } from '@vouch/ui';
import { vouchDetailRows, type VouchDetailsInput } from '../lib/vouch-text';

export function VouchDetails({ vouch, size = 'sm' }: { vouch: VouchDetailsInput; size?: 'sm' | 'md' }) {
  const rows = vouchDetailRows(vouch);
  if (rows.length === 0) return null;
  return (
    <chakra.dl display="grid" gap="3">
      {rows.map((row) => (
        <Box key={row.label}>
          <chakra.dt fontSize="xs" fontWeight="semibold" color="brand.700" textTransform="uppercase" letterSpacing="wider">
            {row.label}
          </chakra.dt>
          <chakra.dd m="0" mt="0.5">
            <Text fontSize={size} color="gray.800" whiteSpace="pre-line">
              {row.value}
            </Text>
          </chakra.dd>
        </Box>
      ))}
    </chakra.dl>
  );
}
