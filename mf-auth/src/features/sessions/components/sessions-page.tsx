/**
 * /settings/sessions (issue 43; GitHub's session settings): every browser and app signed in to my
 * account, with what it is, where it was last used (its network) and when; Sign out ends one, and
 * Sign out of all other sessions ends every one but this. The avatar menu opens it.
 */
import { useDocumentTitle } from '@vouch/shell-sdk';
import { Box, Button, Heading, HStack, ListFailed, ListLoading, notify, Stack, Text } from '@vouch/ui';
import { useState } from 'react';
import { useEndSession } from '../api/end-session';
import { useMySessions } from '../api/list-sessions';
import { useSignOutOthers } from '../api/sign-out-others';
import { endedText } from '../lib/session-rules';
import { SessionRow } from './session-row';

const failed = (description: string) => notify({ title: 'Error', description, variant: 'destructive' });

export function SessionsPage() {
  useDocumentTitle('Sessions and devices');
  const [now] = useState(() => new Date());
  const sessions = useMySessions();
  const endOne = useEndSession();
  const endOthers = useSignOutOthers();
  const others = (sessions.data ?? []).filter((session) => !session.current).length;

  const signOutOthers = async () => {
    try {
      const { ended } = await endOthers.mutateAsync();
      notify({ title: 'Signed Out Elsewhere', description: endedText(ended) });
    } catch (error) {
      failed(error instanceof Error ? error.message : 'Failed to sign out the other sessions');
    }
  };
  const signOut = async (id: string, device: string) => {
    try {
      await endOne.mutateAsync(id);
      notify({ title: 'Session Signed Out', description: `${device} is signed out.` });
    } catch (error) {
      failed(error instanceof Error ? error.message : 'Failed to sign out that session');
    }
  };

  return (
    <Stack gap="6" maxW="3xl" mx="auto" w="full">
      <Box>
        <Heading as="h1" size="2xl" letterSpacing="-0.02em">
          Sessions and devices
        </Heading>
        <Text color="fg.muted" mt="1">
          Every browser and app signed in to your account. Sign out any you do not recognise: it stops working at once.
        </Text>
      </Box>
      {sessions.isPending ? (
        <ListLoading label="Loading your sessions…" />
      ) : sessions.isError ? (
        <ListFailed what="your sessions" onRetry={() => void sessions.refetch()} />
      ) : (
        <>
          <HStack justify="space-between" flexWrap="wrap" gap="3">
            <Text fontSize="sm" color="fg.muted">
              {others === 0 ? 'Only this device is signed in.' : `${others + 1} sessions signed in.`}
            </Text>
            <Button size="sm" colorPalette="red" variant="solid" disabled={others === 0} loading={endOthers.isPending} loadingText="Signing out…" onClick={() => void signOutOthers()}>
              Sign out of all other sessions
            </Button>
          </HStack>
          <Stack as="ul" gap="3" data-testid="session-list">
            {sessions.data.map((session) => (
              <SessionRow key={session.id} session={session} now={now} ending={endOne.isPending && endOne.variables === session.id} onEnd={() => void signOut(session.id, session.device)} />
            ))}
          </Stack>
        </>
      )}
    </Stack>
  );
}
