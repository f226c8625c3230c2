/** The map's white section; as the dashboard's card, with its heading and "Open full map". */
import { RouterLink } from '@vouch/shell-sdk';
import { Box, Button, Flex, Heading } from '@vouch/ui';
import type { ReactNode } from 'react';

export function NetworkMapFrame({ compact, children, testId = 'network-map' }: { compact?: boolean; children: ReactNode; testId?: string }) {
  return (
    <Box as="section" aria-labelledby={compact ? 'network-map-heading' : undefined} bg="white" rounded="2xl" borderWidth="1px" borderColor="gray.100" p={{ base: '4', md: '6' }} data-testid={testId}>
      {compact ? (
        <Flex justify="space-between" align="center" mb="4" gap="3" wrap="wrap">
          <Heading id="network-map-heading" as="h2" size="lg" letterSpacing="-0.01em">
            Network Map
          </Heading>
          <Button asChild size="sm" variant="ghost" colorPalette="brand">
            <RouterLink to="/network">Open full map</RouterLink>
          </Button>
        </Flex>
      ) : null}
      {children}
    </Box>
  );
}
