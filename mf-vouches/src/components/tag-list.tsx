/** A labelled row of tags (skills or traits), at most 8 (SPEC §9). */
import { Badge, Box, Flex, Text } from '@vouch/ui';
import { limitTags } from '../lib/profile-summary';

export function TagList({ label, tags, palette, testId }: { label: string; tags: readonly string[]; palette: string; testId: string }) {
  const shown = limitTags(tags);
  if (shown.length === 0) return null;
  return (
    <Box>
      <Text fontSize="xs" fontWeight="semibold" color="fg.muted" textTransform="uppercase" letterSpacing="wider" mb="2">
        {label}
      </Text>
      <Flex as="ul" wrap="wrap" gap="2" listStyleType="none" data-testid={testId}>
        {shown.map((tag) => (
          <Box as="li" key={tag}>
            <Badge colorPalette={palette} variant="subtle" rounded="full" px="2.5" py="0.5" fontSize="xs">
              {tag}
            </Badge>
          </Box>
        ))}
      </Flex>
    </Box>
  );
}
