/** `./NetworkMap` (dashboard slot): the full 1°/2° map arrives with the network issue. */
import { Box, Text } from '@vouch/ui';

export default function NetworkMap() {
  return (
    <Box bg="white" rounded="xl" borderWidth="1px" borderColor="gray.100" p="6" data-testid="network-map">
      <Text fontWeight="semibold">Network Map</Text>
      <Text color="fg.muted" fontSize="sm">Your 1° and 2° connections will appear here.</Text>
    </Box>
  );
}
