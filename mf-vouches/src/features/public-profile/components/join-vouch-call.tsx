/** The call to join, shown to a visitor who is not signed in. */
import { RouterLink } from '@vouch/shell-sdk';
import { Box, Button, Heading, Text } from '@vouch/ui';

export function JoinVouchCall() {
  return (
    <Box bg="brand.50" borderWidth="1px" borderColor="brand.100" rounded="2xl" px={{ base: '6', md: '8' }} py="7" textAlign="center" data-testid="profile-join">
      <Heading as="h2" size="lg" letterSpacing="-0.01em">
        Build your own trusted network
      </Heading>
      <Text color="fg.muted" mt="2" maxW="lg" mx="auto">
        Join Vouch to vouch for the people you trust, collect vouches of your own, and get introduced through people who know you.
      </Text>
      <Button asChild colorPalette="brand" size="lg" mt="5">
        <RouterLink to="/auth">Join Vouch</RouterLink>
      </Button>
    </Box>
  );
}
