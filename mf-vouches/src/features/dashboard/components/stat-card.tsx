/** A white card with a heading, used by every block of the Stats page. */
import { Box, Flex, Heading } from '@vouch/ui';
import type { ReactNode } from 'react';

export function StatCard({ id, title, action, children, testId }: { id: string; title: string; action?: ReactNode; children: ReactNode; testId: string }) {
  return (
    <Box as="section" aria-labelledby={id} bg="white" rounded="2xl" borderWidth="1px" borderColor="gray.100" shadow="xs" p={{ base: '5', md: '6' }} data-testid={testId} minW="0">
      <Flex justify="space-between" align="center" gap="3" wrap="wrap" mb="4">
        <Heading id={id} as="h2" size="md" letterSpacing="-0.01em">
          {title}
        </Heading>
        {action}
      </Flex>
      {children}
    </Box>
  );
}
