/** /pending-vouches (SPEC "Pending Vouches"): the vouches made for me that wait for my answer. */
import { useDocumentTitle } from '@vouch/shell-sdk';
import { Box, Heading, Stack, Text } from '@vouch/ui';
import { ReceivedVouchList } from './received-vouch-list';

export function PendingVouchesPage() {
  useDocumentTitle('Pending Vouches');
  return (
    <Stack gap="6" maxW="3xl" mx="auto" w="full">
      <Box>
        <Heading as="h1" size="2xl" letterSpacing="-0.02em">
          Pending Vouches
        </Heading>
        <Text color="fg.muted" mt="1">
          People who vouched for you. Accept to add them to your network and your reputation.
        </Text>
      </Box>
      <ReceivedVouchList />
    </Stack>
  );
}
