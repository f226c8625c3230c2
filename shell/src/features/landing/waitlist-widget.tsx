/**
 * The waitlist slot. The original page embedded a third-party widget from a CDN; nothing
 * third-party may load here (CSP script-src 'self', and no CDN is reachable offline), so the
 * slot says so plainly and points to the open door instead of showing a broken embed.
 */
import { Box, Button, Heading, Stack, Text } from '@vouch/ui';
import { RouterLink } from '@vouch/shell-sdk/base';

export function WaitlistWidget() {
  return (
    <Box
      data-testid="waitlist-slot"
      bg="white"
      rounded="2xl"
      borderWidth="1px"
      borderColor="brand.100"
      p={{ base: '6', md: '8' }}
      shadow="sm"
    >
      <Stack direction={{ base: 'column', md: 'row' }} gap="6" align={{ md: 'center' }} justify="space-between">
        <Box>
          <Heading as="h2" size="lg">
            Join the waitlist
          </Heading>
          <Text color="fg.muted" mt="1">
            The waitlist is unavailable right now. Membership is open, so you can join the network directly.
          </Text>
        </Box>
        <Button asChild colorPalette="brand" variant="outline" flexShrink={0}>
          <RouterLink to="/auth">Join Network</RouterLink>
        </Button>
      </Stack>
    </Box>
  );
}
