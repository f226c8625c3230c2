/** The Introduction Requests page for a member with no vouch yet (SPEC §6): why it is locked, and a first Create Vouch. */
import { RemoteSlot, useCurrentUser } from '@vouch/shell-sdk';
import { Box, Flex, Heading, LockIcon, Stack, Text } from '@vouch/ui';

export function LockedPanel() {
  const { user } = useCurrentUser();
  return (
    <Stack align="center" textAlign="center" gap="3" py="12" px="6" bg="white" rounded="xl" borderWidth="1px" borderColor="gray.100" data-testid="introductions-locked">
      <Flex boxSize="12" rounded="full" bg="gray.100" align="center" justify="center">
        <LockIcon boxSize="5" color="fg.muted" aria-hidden="true" />
      </Flex>
      <Heading as="h2" size="md">
        Introductions unlock with your first Vouch
      </Heading>
      <Text color="fg.muted" fontSize="sm" maxW="md">
        Introductions travel through people who trust each other. Vouch for someone whose work you know, or accept a Vouch made for you, and you can request introductions
        and help your network.
      </Text>
      {user ? (
        <Box pt="2">
          <RemoteSlot remote="mf_vouches" module="./CreateVouchButton" compact fallback={null} props={{ user, vouchCount: 0 }} />
        </Box>
      ) : null}
    </Stack>
  );
}
