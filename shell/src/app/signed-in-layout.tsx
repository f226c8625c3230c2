/** Frame of the signed-in screens: the header (SPEC "Header") above the page a remote renders. */
import type { UserProfile } from '@vouch/contracts';
import { Box, Container } from '@vouch/ui';
import type { ReactNode } from 'react';
import { NETWORK_MAP_PATH } from './route-table';
import { SignedInHeader } from '../features/header';

export function SignedInLayout({ user, children }: { user: UserProfile; children: ReactNode }) {
  return (
    <Box minH="100vh" bg="gray.50">
      <SignedInHeader user={user} networkMapPath={NETWORK_MAP_PATH} />
      <Container as="main" maxW="6xl" py={{ base: '6', md: '10' }}>
        {children}
      </Container>
    </Box>
  );
}
