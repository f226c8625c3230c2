/** The public profile's column and its white titled cards. */
import { Box, Heading } from '@vouch/ui';
import type { ReactNode } from 'react';

export function ProfileFrame({ children }: { children: ReactNode }) {
  return (
    <Box maxW="3xl" mx="auto" w="full">
      {children}
    </Box>
  );
}

export function ProfileSection({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <Box as="section" aria-labelledby={id} bg="white" rounded="2xl" borderWidth="1px" borderColor="gray.100" shadow="xs" p={{ base: '5', md: '7' }}>
      <Heading id={id} as="h2" size="lg" letterSpacing="-0.01em" mb="4">
        {title}
      </Heading>
      {children}
    </Box>
  );
}
