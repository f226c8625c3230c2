/**
 * The root a remote's parcel renders (single-spa-react): the remote's own pages behind a hash
 * router, so `/mf/<name>/#/dashboard` works from any static host, plus a small route index.
 * A parcel is its own React root, so it brings its providers; a host may pass its QueryClient.
 */
import { Box, Container, Flex, HStack, Link, Text } from '@vouch/ui';
import type { QueryClient } from '@tanstack/react-query';
import { useState, type ComponentType } from 'react';
import { HashRouter, Route, RouterLink, Routes, usePageViews } from '@vouch/shell-sdk/base';
import { createQueryClient } from './api/query-client';
import { AppProviders } from './providers';

export interface StandaloneAppProps {
  /** The remote's federation name, shown in the standalone header. */
  remoteName: string;
  /** The remote's `./routes` object: route pattern → page component. */
  routes: Record<string, ComponentType>;
  queryClient?: QueryClient;
  withToaster?: boolean;
}

/** A clickable sample path for a pattern: `/vouch/:vouchToken` → `/vouch/sample`. */
function samplePath(pattern: string): string {
  return pattern.replace(/:[^/]+/g, 'sample');
}

/** Page views on the standalone page too: the current member is read again on each page, as in the shell. */
function PageViews() {
  usePageViews();
  return null;
}

export function StandaloneApp({ remoteName, routes, queryClient, withToaster = true }: StandaloneAppProps) {
  const [client] = useState(() => queryClient ?? createQueryClient());
  const patterns = Object.keys(routes);
  return (
    <AppProviders queryClient={client} withToaster={withToaster}>
      <HashRouter>
        <PageViews />
        <Box minH="100vh" bg="gray.50">
          <Box as="header" bg="white" borderBottomWidth="1px" borderColor="gray.100">
            <Container maxW="6xl" py="3">
              <Flex align="center" gap="4" flexWrap="wrap">
                <Text fontWeight="bold">{remoteName}</Text>
                <Text fontSize="sm" color="fg.muted">
                  standalone
                </Text>
                <HStack as="nav" gap="3" ml="auto" flexWrap="wrap">
                  {patterns.map((pattern) => (
                    <Link key={pattern} asChild fontSize="sm" color="brand.700">
                      <RouterLink to={samplePath(pattern)}>{pattern}</RouterLink>
                    </Link>
                  ))}
                </HStack>
              </Flex>
            </Container>
          </Box>
          <Container as="main" maxW="6xl" py="8">
            <Routes>
              {Object.entries(routes).map(([pattern, Page]) => (
                <Route key={pattern} path={pattern} element={<Page />} />
              ))}
              <Route path="*" element={<Text color="fg.muted">Pick a page above. This remote renders: {patterns.join(', ')}.</Text>} />
            </Routes>
          </Container>
        </Box>
      </HashRouter>
    </AppProviders>
  );
}
