/**
 * The auth gate (SPEC §2, §6): a login-only route opened while signed out shows mf_auth's
 * sign-in screen in place, at the same URL, so signing in lands the member where they meant to go.
 */
import { Box, Center, Container, Flex, Stack, Text } from '@vouch/ui';
import { Outlet, RemoteSlot, useCurrentUser, useFirstScreenDone } from '@vouch/shell-sdk';
import { lazy, Suspense } from 'react';
import { HEADER_HEIGHT } from '../layout/header-height';
import { Logo } from '../layout/logo';
import { PublicLayout } from './public-layout';
import { SIGN_IN_SCREEN } from './route-table';

// The signed-in frame (header, activity bell, member menu, and the contract schemas they use)
// is a chunk of its own: the landing page, the first load of most visitors, never needs it.
const SignedInLayout = lazy(() => import('./signed-in-layout').then((module) => ({ default: module.SignedInLayout })));

const Bone = (props: { w: string; h: string }) => <Box bg="gray.200" rounded="md" animation="pulse" _motionReduce={{ animation: 'none' }} {...props} />;

/**
 * While the session (or the header's chunk) loads: the header's frame and the page's shape
 * rather than a white screen with one spinner (issue 16: on a slow API that lasted seconds).
 */
function SessionSkeleton() {
  return (
    <Box minH="100vh" bg="gray.50" role="status" aria-label="Checking your session" aria-busy="true">
      <Box bg="white" borderBottomWidth="1px" borderColor="gray.100">
        <Container maxW="6xl" px={{ base: '3', md: '6', lg: '8' }}>
          <Flex align="center" justify="space-between" h={HEADER_HEIGHT}>
            <Logo size={8} compact />
            <Flex gap="2" align="center">
              <Bone w="24" h="8" />
              <Box boxSize="8" rounded="full" bg="gray.200" />
            </Flex>
          </Flex>
        </Container>
      </Box>
      <Container maxW="6xl" py={{ base: '6', md: '10' }}>
        <Stack gap="4">
          <Bone w="60%" h="8" />
          <Bone w="40%" h="4" />
          <Bone w="100%" h="40" />
        </Stack>
      </Container>
    </Box>
  );
}

/** A page that cannot show what the server's first screen promised says so instead of it. */
function SessionFailed() {
  useFirstScreenDone();
  return (
    <Center minH="60vh">
      <Text color="red.600">Error loading profile. Please refresh.</Text>
    </Center>
  );
}

export function RequireSignIn() {
  const { user, isLoading, error } = useCurrentUser();

  if (isLoading) return <SessionSkeleton />;
  if (error) return <SessionFailed />;
  if (!user) {
    return (
      <PublicLayout>
        <RemoteSlot remote={SIGN_IN_SCREEN.remote} module="./routes" pick={SIGN_IN_SCREEN.key} />
      </PublicLayout>
    );
  }
  return (
    <Suspense fallback={<SessionSkeleton />}>
      <SignedInLayout user={user}>
        <Outlet />
      </SignedInLayout>
    </Suspense>
  );
}
