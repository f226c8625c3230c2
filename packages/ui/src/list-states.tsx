/** Loading, failure and empty states of the lists and dialogs in every remote, so they look and read alike. */
import { Box, Button, Center, Spinner, Stack, Text } from '@chakra-ui/react';
import type { ReactNode } from 'react';

export function ListLoading({ label }: { label: string }) {
  return (
    <Center py="10" role="status" aria-live="polite" gap="3">
      <Spinner size="sm" color="brand.600" />
      <Text color="fg.muted" fontSize="sm">
        {label}
      </Text>
    </Center>
  );
}

export function ListFailed({ what, onRetry }: { what: string; onRetry: () => void }) {
  return (
    <Box role="alert" textAlign="center" py="8" px="4" bg="white" rounded="xl" borderWidth="1px" borderColor="red.100">
      <Text fontWeight="semibold">We couldn't load {what}.</Text>
      <Text color="fg.muted" fontSize="sm" mb="4">
        Please check your connection and try again.
      </Text>
      <Button size="sm" variant="outline" onClick={onRetry}>
        Try again
      </Button>
    </Box>
  );
}

export function EmptyState({ icon, title, children, action }: { icon: ReactNode; title: string; children: ReactNode; action?: ReactNode }) {
  return (
    <Stack align="center" textAlign="center" py="10" px="6" gap="2" bg="white" rounded="xl" borderWidth="1px" borderStyle="dashed" borderColor="gray.200" data-testid="empty-state">
      <Center boxSize="12" rounded="full" bg="brand.50" color="brand.600" aria-hidden="true" css={{ "& svg": { width: "5", height: "5" } }}>
        {icon}
      </Center>
      <Text fontWeight="semibold" fontSize="lg">
        {title}
      </Text>
      <Text color="fg.muted" fontSize="sm" maxW="sm">
        {children}
      </Text>
      {action ? <Box pt="3">{action}</Box> : null}
    </Stack>
  );
}
