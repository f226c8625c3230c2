/**
 * Frame for public pages rendered by remotes (/auth, public vouch and profile pages). A signed-in
 * member sees their own header here too (issue 28: the profile reached from the map had no way
 * back but Sign In); the page below stays mounted while the header follows the session.
 */
import { Box, Container } from '@vouch/ui';
import { Outlet, useCurrentUser, useLocation } from '@vouch/shell-sdk';
import { lazy, Suspense, type ReactNode } from 'react';
import { NETWORK_MAP_PATH } from './route-table';
import { PublicHeader } from '../layout/public-header';

// The signed-in header is a chunk of its own: a visitor's public page never loads it.
const SignedInHeader = lazy(() => import('../features/header').then((module) => ({ default: module.SignedInHeader })));

export function PublicLayout({ children }: { children?: ReactNode }) {
  const { user } = useCurrentUser();
  // Every public page but the sign-in screen itself offers the way in (issue 16).
  const onSignIn = useLocation().pathname === '/auth' || !!children;
  const anonymous = <PublicHeader signInLink={!onSignIn} />;
  return (
    <Box minH="100vh" bg="gray.50">
      {user ? (
        <Suspense fallback={anonymous}>
          <SignedInHeader user={user} networkMapPath={NETWORK_MAP_PATH} />
        </Suspense>
      ) : (
        anonymous
      )}
      <Container as="main" maxW="6xl" py={{ base: '8', md: '12' }}>
        {children ?? <Outlet />}
      </Container>
    </Box>
  );
}
