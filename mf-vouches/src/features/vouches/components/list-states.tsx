/** Loading, failure and empty states shared by the vouch lists. */
import { Box, Button, Center, Spinner, Stack, Text } from '@vouch/ui';
import type { ReactNode } from 'react';

export function ListLoading({ label }: { label: string }) {
  return (
    <Center py="12" role="status" aria-live="polite" gap="3">
      <Spinner size="sm" color="brand.600" />
      <Text color="fg.muted" fontSize="sm">
        {label}
      </Text>
    </Center>
  );
}

export function ListFailed({ onRetry }: { onRetry: () => void }) {
  return (
    <Box role="alert" textAlign="center" py="10" px="4" bg="white" rounded="xl" borderWidth="1px" borderColor="red.100">
      <Text fontWeight="semibold">We couldn't load these Vouches.</Text>
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
    <Stack align="center" textAlign="center" py="12" px="6" gap="2" bg="white" rounded="xl" borderWidth="1px" borderStyle="dashed" borderColor="gray.200">
      <Center boxSize="12" rounded="full" bg="brand.50" color="brand.600" mb="1">
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
