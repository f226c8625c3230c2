/** Frame for public pages rendered by remotes (/auth, public vouch and profile pages). */
import { Box, Button, Container, Flex, Link } from '@vouch/ui';
import { Outlet, RouterLink, useLocation } from '@vouch/shell-sdk/base';
import type { ReactNode } from 'react';
import { Logo } from './logo';

export function PublicLayout({ children }: { children?: ReactNode }) {
  // Every public page but the sign-in screen itself offers the way in (issue 16).
  const onSignIn = useLocation().pathname === '/auth' || !!children;
  return (
    <Box minH="100vh" bg="gray.50">
      <Box as="header" bg="white" borderBottomWidth="1px" borderColor="gray.100">
        <Container maxW="6xl" py="3">
          <Flex align="center" justify="space-between">
            <Link asChild _hover={{ textDecoration: 'none' }} aria-label="Vouch home">
              <RouterLink to="/">
                <Logo size={7} />
              </RouterLink>
            </Link>
            {onSignIn ? null : (
              <Button asChild size="sm" variant="outline" colorPalette="brand">
                <RouterLink to="/auth">Sign In</RouterLink>
              </Button>
            )}
          </Flex>
        </Container>
      </Box>
      <Container as="main" maxW="6xl" py={{ base: '8', md: '12' }}>
        {children ?? <Outlet />}
      </Container>
    </Box>
  );
}
