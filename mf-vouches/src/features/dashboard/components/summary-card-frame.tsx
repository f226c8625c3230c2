/** The white card every state of the profile summary sits in (labelled by its `${testId}-heading`). */
import { Box } from '@vouch/ui';
import type { ReactNode } from 'react';

export function SummaryCardFrame({ children, muted = false, testId }: { children: ReactNode; muted?: boolean; testId: string }) {
  return (
    <Box
      as="section"
      aria-labelledby={`${testId}-heading`}
      bg="white"
      rounded="2xl"
      borderWidth="1px"
      borderColor="gray.100"
      shadow="xs"
      p={{ base: '5', md: '6' }}
      data-testid={testId}
      position="relative"
      opacity={muted ? 0.85 : undefined}
    >
      {children}
    </Box>
  );
}
