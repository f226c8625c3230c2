/** The header of a public page for a visitor who is not signed in (or not yet known to be). */
import { Box, Button, Container, Flex, Link } from '@vouch/ui';
import { RouterLink } from '@vouch/shell-sdk/base';
import { HEADER_HEIGHT } from './header-height';
import { Logo } from './logo';

export function PublicHeader({ signInLink }: { signInLink: boolean }) {
  return (
    <Box as="header" bg="white" borderBottomWidth="1px" borderColor="gray.100">
      <Container maxW="6xl">
        <Flex align="center" justify="space-between" h={HEADER_HEIGHT}>
          <Link asChild _hover={{ textDecoration: 'none' }} aria-label="Vouch home">
            <RouterLink to="/">
              <Logo size={7} />
            </RouterLink>
          </Link>
          {signInLink ? (
            <Button asChild size="sm" variant="outline" colorPalette="brand">
              <RouterLink to="/auth">Sign In</RouterLink>
            </Button>
          ) : null}
        </Flex>
      </Container>
    </Box>
  );
}
