/** The public vouch page's column, and what it shows while the vouch loads. */
import { Box, Center, Spinner, Text } from '@vouch/ui';
import type { ReactNode } from 'react';

export function PublicVouchFrame({ children }: { children: ReactNode }) {
  return (
    <Box maxW="xl" mx="auto" w="full">
      {children}
    </Box>
  );
}

export function PublicVouchLoading() {
  return (
    <PublicVouchFrame>
      <Center py="20" gap="3" role="status" aria-live="polite">
        <Spinner color="brand.600" />
        <Text color="fg.muted">Loading Vouch details</Text>
      </Center>
    </PublicVouchFrame>
  );
}
