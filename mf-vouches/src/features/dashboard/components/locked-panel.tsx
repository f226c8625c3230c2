/** A dashboard panel that is not open yet: greyed, with a lock and what opens it (SPEC "Dashboard"). */
import { Box, Center, Flex, Heading, LockIcon, Text } from '@vouch/ui';
import type { ReactNode } from 'react';

export function LockedPanel({ id, title, children, testId, minH }: { id: string; title: string; children: ReactNode; testId: string; minH?: string }) {
  return (
    <Box
      as="section"
      aria-labelledby={id}
      bg="gray.50"
      rounded="2xl"
      borderWidth="1px"
      borderStyle="dashed"
      borderColor="gray.300"
      p={{ base: '5', md: '6' }}
      data-testid={testId}
      data-locked="true"
      minH={minH}
      display="flex"
      flexDirection="column"
    >
      <Flex align="center" gap="2" color="gray.500">
        <LockIcon boxSize="4" aria-hidden="true" />
        <Heading id={id} as="h2" size="lg" letterSpacing="-0.01em" color="gray.500">
          {title}
        </Heading>
      </Flex>
      <Center flex="1" flexDirection="column" textAlign="center" gap="2" py="8" px="4">
        <Center boxSize="12" rounded="full" bg="gray.200" color="gray.500">
          <LockIcon boxSize="6" aria-hidden="true" />
        </Center>
        <Text color="gray.600" fontSize="sm" maxW="sm">
          {children}
        </Text>
      </Center>
    </Box>
  );
}
