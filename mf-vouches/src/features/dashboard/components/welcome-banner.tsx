/** The amber banner of a member with no vouches yet: an invitation to make the first one. */
import { Box, Button, Flex, Heading, HandshakeIcon, Text } from '@vouch/ui';

// The theme has no amber scale; these are the usual amber shades (text and button pass WCAG AA).
const AMBER = { 50: '#fffbeb', 100: '#fef3c7', 200: '#fde68a', 700: '#b45309', 800: '#92400e', 900: '#78350f' } as const;

/** `waiting`: vouches the member sent that still wait for an answer (they count once accepted). */
export function WelcomeBanner({ onCreate, waiting = 0 }: { onCreate: () => void; waiting?: number }) {
  return (
    <Box as="section" aria-labelledby="welcome-banner-heading" bg={AMBER[50]} borderWidth="1px" borderColor={AMBER[200]} rounded="2xl" p={{ base: '5', md: '6' }} data-testid="welcome-banner">
      <Flex gap="4" align={{ base: 'flex-start', md: 'center' }} direction={{ base: 'column', md: 'row' }}>
        <Flex boxSize="12" rounded="full" bg={AMBER[100]} color={AMBER[700]} align="center" justify="center" flexShrink={0}>
          <HandshakeIcon boxSize="6" aria-hidden="true" />
        </Flex>
        <Box flex="1">
          <Heading id="welcome-banner-heading" as="h2" size="md" color={AMBER[900]}>
            Welcome to Vouch! Start with your first Vouch
          </Heading>
          <Text color={AMBER[800]} fontSize="sm" mt="1">
            {waiting > 0
              ? `Your ${waiting === 1 ? 'Vouch is' : `${waiting} Vouches are`} waiting for an answer. Your reputation, network map and profile summary unlock as soon as one is accepted, or when you accept a Vouch made for you.`
              : 'Vouch for someone whose work you trust, or invite them to join. Your reputation, network map and profile summary unlock as soon as you have one.'}
          </Text>
        </Box>
        <Button bg={AMBER[700]} color="white" _hover={{ bg: AMBER[800] }} onClick={onCreate} flexShrink={0}>
          {waiting > 0 ? 'Create Another Vouch' : 'Create Your First Vouch'}
        </Button>
      </Flex>
    </Box>
  );
}
