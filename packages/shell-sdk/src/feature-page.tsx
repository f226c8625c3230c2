/**
 * Scaffolding shared by the remotes until their feature issues land: a page with its title and
 * the signed-in check (SPEC §2), so every route is reachable and honest about what it is.
 */
import { Badge, Box, Button, Heading, Stack, Text } from '@vouch/ui';
import { useEffect, type ReactNode } from 'react';
import { RouterLink } from '@vouch/shell-sdk/base';
import { useCurrentUser } from './auth/use-current-user';

/** Sets `document.title` to "<title> · Vouch" while the page is shown. */
export function useDocumentTitle(title: string): void {
  useEffect(() => {
    const previous = document.title;
    document.title = `${title} · Vouch`;
    return () => {
      document.title = previous;
    };
  }, [title]);
}

export interface FeaturePageProps {
  title: string;
  description: string;
  /** Login-only pages say who is signed in; public pages say whether anyone is. */
  access: 'public' | 'login';
  children?: ReactNode;
}

export function FeaturePage({ title, description, access, children }: FeaturePageProps) {
  useDocumentTitle(title);
  const { user, isLoading } = useCurrentUser();
  return (
    <Stack gap="6" data-testid="feature-page">
      <Box>
        <Heading as="h1" size="2xl" letterSpacing="-0.02em">
          {title}
        </Heading>
        <Text color="fg.muted" mt="2">
          {description}
        </Text>
      </Box>
      <Box bg="white" borderWidth="1px" borderColor="gray.100" rounded="xl" p="5" data-testid="signed-in-check">
        {isLoading ? (
          <Text color="fg.muted">Checking your session…</Text>
        ) : user ? (
          <Text>
            Signed in as <b>{user.name}</b>{' '}
            <Badge colorPalette="green" variant="subtle" ml="1">
              signed in
            </Badge>
          </Text>
        ) : (
          <Stack direction="row" align="center" gap="4" flexWrap="wrap">
            <Text>{access === 'login' ? 'Please sign in to see this page.' : 'You are browsing as a guest.'}</Text>
            <Button asChild size="sm" colorPalette="brand" variant="outline">
              <RouterLink to="/auth">Sign In</RouterLink>
            </Button>
          </Stack>
        )}
      </Box>
      {children}
    </Stack>
  );
}
