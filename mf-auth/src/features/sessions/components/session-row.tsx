/** One browser or app signed in to the account: what it is, where and when it was used; Sign out for the others. */
import type { SessionSummary } from '@vouch/contracts';
import { Badge, Box, Button, HStack, Stack, Text } from '@vouch/ui';
import { lastUsedText, signedInText } from '../lib/session-rules';

export function SessionRow({ session, now, ending, onEnd }: { session: SessionSummary; now: Date; ending: boolean; onEnd: () => void }) {
  return (
    <Box as="li" listStyleType="none" bg="white" borderWidth="1px" borderColor="gray.100" rounded="xl" p="4" data-testid="session-row">
      <HStack justify="space-between" align="start" gap="4" flexWrap="wrap">
        <Stack gap="1" minW="0">
          <HStack gap="2" flexWrap="wrap">
            <Text fontWeight="semibold">{session.device}</Text>
            <Badge variant="subtle" colorPalette={session.kind === 'app' ? 'purple' : 'gray'}>
              {session.kind === 'app' ? 'App' : 'Browser'}
            </Badge>
            {session.current ? (
              <Badge variant="subtle" colorPalette="green">
                Current session
              </Badge>
            ) : null}
          </HStack>
          <Text fontSize="sm" color="fg.muted">
            {lastUsedText(session, now)}
          </Text>
          <Text fontSize="sm" color="fg.muted">
            {signedInText(session)}
          </Text>
        </Stack>
        {session.current ? null : (
          <Button size="sm" variant="outline" colorPalette="red" onClick={onEnd} loading={ending} loadingText="Signing out…" aria-label={`Sign out ${session.device}`}>
            Sign out
          </Button>
        )}
      </HStack>
    </Box>
  );
}
