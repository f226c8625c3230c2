/** What the map shows before it can draw: loading, a failed load (with Try Again), no connections yet. */
import { RemoteSlot, vouchCountOf } from '@vouch/shell-sdk';
import type { UserProfile } from '@vouch/contracts';
import { Button, Center, Heading, NetworkIcon, Spinner, Stack, Text } from '@vouch/ui';
import { NETWORK_MESSAGES } from '../lib/network-messages';

export function NetworkLoading() {
  return (
    <Center minH="320px" role="status" aria-label="Loading your network" data-testid="network-loading">
      <Stack align="center" gap="3">
        <Spinner size="lg" color="brand.600" />
        <Text color="fg.muted" fontSize="sm">
          Loading your network…
        </Text>
      </Stack>
    </Center>
  );
}

export function NetworkLoadError({ onRetry }: { onRetry: () => void }) {
  return (
    <Center minH="240px" role="alert" data-testid="network-error" textAlign="center">
      <Stack align="center" gap="3">
        <Text fontWeight="medium" color="red.700">
          {NETWORK_MESSAGES.error}
        </Text>
        <Button size="sm" variant="outline" onClick={onRetry}>
          Try Again
        </Button>
      </Stack>
    </Center>
  );
}

export function NetworkEmpty({ user, onOpenCreateVouch }: { user: UserProfile; onOpenCreateVouch?: () => void }) {
  return (
    <Center minH="320px" textAlign="center" data-testid="network-empty">
      <Stack align="center" gap="3" maxW="md">
        <Center boxSize="14" rounded="full" bg="brand.50" color="brand.600">
          <NetworkIcon boxSize="7" />
        </Center>
        <Heading as="h2" size="lg">
          {NETWORK_MESSAGES.emptyTitle}
        </Heading>
        <Text color="fg.muted">Vouch for people you trust. Once they accept, they appear here with the people they know, and your map grows with every vouch.</Text>
        {onOpenCreateVouch ? (
          <Button colorPalette="brand" onClick={onOpenCreateVouch}>
            Create a Vouch
          </Button>
        ) : (
          <RemoteSlot remote="mf_vouches" module="./CreateVouchButton" compact fallback={null} props={{ user, vouchCount: vouchCountOf(user) }} />
        )}
      </Stack>
    </Center>
  );
}
