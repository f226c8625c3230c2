/** Not found, failed to load, or (410) revoked by its sender: one card with the reason. */
import { Center, Heading, Stack, Text, XCircleIcon } from '@vouch/ui';
import { PublicVouchFrame } from './public-vouch-frame';

export function VouchUnavailable({ failed, removed }: { failed: boolean; removed?: string | null }) {
  return (
    <PublicVouchFrame>
      <Stack align="center" textAlign="center" gap="3" bg="white" rounded="2xl" borderWidth="1px" borderColor="gray.100" px="6" py="12" shadow="sm">
        <Center boxSize="14" rounded="full" bg="gray.100" color="gray.500">
          <XCircleIcon boxSize="7" />
        </Center>
        <Heading as="h1" size="xl">
          {removed ? 'Vouch Removed' : failed ? "We couldn't load this Vouch" : 'Vouch Not Found'}
        </Heading>
        <Text color="fg.muted" data-testid="vouch-unavailable-reason">
          {removed ?? (failed ? 'Please check your connection and refresh the page.' : 'This Vouch may have expired or been removed.')}
        </Text>
      </Stack>
    </PublicVouchFrame>
  );
}
