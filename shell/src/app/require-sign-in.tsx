/**
 * The auth gate (SPEC §2, §6): a login-only route opened while signed out shows mf_auth's
 * sign-in screen in place, at the same URL, so signing in lands the member where they meant to go.
 */
import { Center, Spinner, Text } from '@vouch/ui';
import { Outlet, RemoteSlot, useCurrentUser } from '@vouch/shell-sdk';
import { lazy, Suspense } from 'react';
import { PublicLayout } from '../layout/public-layout';
import { SIGN_IN_SCREEN } from './route-table';

// The signed-in frame (header, activity bell, member menu, and the contract schemas they use)
// is a chunk of its own: the landing page, the first load of most visitors, never needs it.
const SignedInLayout = lazy(() => import('../layout/signed-in-layout').then((module) => ({ default: module.SignedInLayout })));

function SessionSpinner() {
  return (
    <Center minH="60vh" role="status" aria-label="Checking your session">
      <Spinner size="lg" color="brand.600" />
    </Center>
  );
}

export function RequireSignIn() {
  const { user, isLoading, error } = useCurrentUser();

  if (isLoading) return <SessionSpinner />;
  if (error) {
    return (
      <Center minH="60vh">
        <Text color="red.600">Error loading profile. Please refresh.</Text>
      </Center>
    );
  }
  if (!user) {
    return (
      <PublicLayout>
        <RemoteSlot remote={SIGN_IN_SCREEN.remote} module="./routes" pick={SIGN_IN_SCREEN.key} />
      </PublicLayout>
    );
  }
  return (
    <Suspense fallback={<SessionSpinner />}>
      <SignedInLayout user={user}>
        <Outlet />
      </SignedInLayout>
    </Suspense>
  );
}
