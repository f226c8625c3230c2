/**
 * The auth gate (SPEC §2, §6): a login-only route opened while signed out shows mf_auth's
 * sign-in screen in place, at the same URL, so signing in lands the member where they meant to go.
 */
import { Center, Spinner, Text } from '@vouch/ui';
import { Outlet, RemoteSlot, useCurrentUser } from '@vouch/shell-sdk';
import { PublicLayout } from '../layout/public-layout';
import { SignedInLayout } from '../layout/signed-in-layout';
import { SIGN_IN_SCREEN } from './route-table';

export function RequireSignIn() {
  const { user, isLoading, error } = useCurrentUser();

  if (isLoading) {
    return (
      <Center minH="60vh" role="status" aria-label="Checking your session">
        <Spinner size="lg" color="brand.600" />
      </Center>
    );
  }
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
    <SignedInLayout user={user}>
      <Outlet />
    </SignedInLayout>
  );
}
