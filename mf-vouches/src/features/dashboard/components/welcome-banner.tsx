/**
 * The amber banner of a member with no accepted vouch yet: an invitation to make the first one,
 * or, once some are sent and waiting (issue 16), whose answer it waits for and the links again.
 */
import type { Vouch } from '@vouch/contracts';
import { Box, Button, Flex, Heading, HandshakeIcon, Stack, Text } from '@vouch/ui';
import { ShareVouchActions } from '../../create-vouch';
import type { UnlockCopy } from '../lib/waiting';

// The theme has no amber scale; these are the usual amber shades (text and button pass WCAG AA).
const AMBER = { 50: '#fffbeb', 100: '#fef3c7', 200: '#fde68a', 700: '#b45309', 800: '#92400e', 900: '#78350f' } as const;
/** The waiting vouches offered again in the banner; the rest are on My Vouches → Sent. */
const SHOWN_WAITING = 3;

export function WelcomeBanner({ onCreate, copy, waiting }: { onCreate: () => void; copy: UnlockCopy; waiting: readonly Vouch[] }) {
  return (
    <Box as="section" aria-labelledby="welcome-banner-heading" bg={AMBER[50]} borderWidth="1px" borderColor={AMBER[200]} rounded="2xl" p={{ base: '5', md: '6' }} data-testid="welcome-banner">
      <Flex gap="4" align={{ base: 'flex-start', md: 'center' }} direction={{ base: 'column', md: 'row' }}>
        <Flex boxSize="12" rounded="full" bg={AMBER[100]} color={AMBER[700]} align="center" justify="center" flexShrink={0}>
          <HandshakeIcon boxSize="6" aria-hidden="true" />
        </Flex>
        <Box flex="1" minW="0">
          <Heading id="welcome-banner-heading" as="h2" size="md" color={AMBER[900]}>
            {copy.heading}
          </Heading>
          <Text color={AMBER[800]} fontSize="sm" mt="1">
            {copy.text}
          </Text>
          {waiting.length > 0 ? (
            <Stack gap="2" mt="3" data-testid="waiting-vouches">
              {waiting.slice(0, SHOWN_WAITING).map((vouch) => (
                <Flex key={vouch.id} align="center" gap="3" wrap="wrap">
                  <Text fontSize="sm" fontWeight="medium" color={AMBER[900]} minW="0">
                    {vouch.recipientName}
                  </Text>
                  <ShareVouchActions vouch={vouch} />
                </Flex>
              ))}
            </Stack>
          ) : null}
        </Box>
        <Button bg={AMBER[700]} color="white" _hover={{ bg: AMBER[800] }} onClick={onCreate} flexShrink={0}>
          {waiting.length > 0 ? 'Create Another Vouch' : 'Create Your First Vouch'}
        </Button>
      </Flex>
    </Box>
  );
}
