/**
 * Frame of the signed-in screens. The header here is a placeholder with the final structure
 * (logo → /dashboard, the Request Intro and Create Vouch slots from their remotes, the member
 * menu); the auth issue replaces the member menu with the real one (activity bell, avatar).
 */
import { Box, Button, Container, Flex, HStack, Link, Text } from '@vouch/ui';
import { RemoteSlot, RouterLink, api, useNavigate, useQueryClient, type CurrentUser } from '@vouch/shell-sdk';
import { notify } from '@vouch/ui';
import type { ReactNode } from 'react';
import { Logo } from './logo';

function useSignOut() {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  return async () => {
    try {
      await api.post('/api/auth/logout', {});
      queryClient.clear();
      navigate('/');
    } catch {
      notify({ title: 'Error', description: 'Failed to log out', variant: 'destructive' });
    }
  };
}

function HeaderPlaceholder({ user }: { user: CurrentUser }) {
  const signOut = useSignOut();
  return (
    <Box as="header" bg="white" borderBottomWidth="1px" borderColor="gray.100" position="sticky" top="0" zIndex="docked">
      <Container maxW="6xl" py="3">
        <Flex align="center" gap="4">
          <Link asChild _hover={{ textDecoration: 'none' }} aria-label="Vouch dashboard">
            <RouterLink to="/dashboard">
              <Logo size={7} />
            </RouterLink>
          </Link>
          <HStack ml="auto" gap="3">
            <Box data-slot="request-intro">
              <RemoteSlot remote="mf_introductions" module="./RequestIntroButton" compact fallback={null} />
            </Box>
            <Box data-slot="create-vouch">
              <RemoteSlot remote="mf_vouches" module="./CreateVouchButton" compact fallback={null} />
            </Box>
            <Box data-slot="member-menu" textAlign="right" display={{ base: 'none', md: 'block' }}>
              <Text fontSize="sm" fontWeight="semibold">
                {user.name}
              </Text>
              <Text fontSize="xs" color="fg.muted">
                {user.phone}
              </Text>
            </Box>
            <Button size="sm" variant="ghost" onClick={() => void signOut()}>
              Sign Out
            </Button>
          </HStack>
        </Flex>
      </Container>
    </Box>
  );
}

export function SignedInLayout({ user, children }: { user: CurrentUser; children: ReactNode }) {
  return (
    <Box minH="100vh" bg="gray.50">
      <HeaderPlaceholder user={user} />
      <Container as="main" maxW="6xl" py={{ base: '6', md: '10' }}>
        {children}
      </Container>
    </Box>
  );
}
