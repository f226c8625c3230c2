/**
 * The landing page's header: Sign In and Join Network for a visitor (and while the session is not
 * yet known, as the gateway's first screen shows), the member's own header once they are known to
 * be signed in (issue 28), at the same height.
 */
import type { UserProfile } from '@vouch/contracts';
import { Box, Button, Container, Flex, HStack, Link } from '@vouch/ui';
import { RouterLink } from '@vouch/shell-sdk/base';
import { lazy, Suspense } from 'react';
import { HEADER_HEIGHT } from '../../layout/header-height';
import { Logo } from '../../layout/logo';

// Loads react-query and the header only for a signed-in member.
const SignedInHeaderRoot = lazy(() => import('../../app/signed-in-header-root'));

function VisitorNav() {
  return (
    <Box as="header" position="sticky" top="0" zIndex="docked" bg="whiteAlpha.900" backdropFilter="blur(8px)" borderBottomWidth="1px" borderColor="gray.100">
      <Container maxW="6xl">
        <Flex as="nav" aria-label="Main" align="center" justify="space-between" h={HEADER_HEIGHT}>
          <Link asChild _hover={{ textDecoration: 'none' }} aria-label="Vouch home">
            <RouterLink to="/">
              <Logo />
            </RouterLink>
          </Link>
          <HStack gap="2">
            <Button asChild variant="ghost" size="sm">
              <RouterLink to="/auth">Sign In</RouterLink>
            </Button>
            <Button asChild colorPalette="brand" size="sm">
              <RouterLink to="/auth">Join Network</RouterLink>
            </Button>
          </HStack>
        </Flex>
      </Container>
    </Box>
  );
}

export function LandingNav({ member }: { member: UserProfile | null | undefined }) {
  if (!member) return <VisitorNav />;
  return (
    <Suspense fallback={<VisitorNav />}>
      <SignedInHeaderRoot user={member} />
    </Suspense>
  );
}
