/** /network (SPEC "Network map"): the member's map, full width. */
import { Box, Heading, Stack, Text } from '@vouch/ui';
import { useDocumentTitle } from '@vouch/shell-sdk';
import { NetworkMap } from './network-map';

export function NetworkPage() {
  useDocumentTitle('Network Map');
  return (
    <Stack gap="6" data-testid="network-page">
      <Box>
        <Heading as="h1" size="2xl" letterSpacing="-0.02em">
          Network Map
        </Heading>
        <Text color="fg.muted" mt="2">
          You at the centre, the people you vouch with around you, and the people they know beyond them.
        </Text>
      </Box>
      <NetworkMap />
    </Stack>
  );
}
