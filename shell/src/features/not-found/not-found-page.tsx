import { Button, Center, Heading, Stack, Text } from '@vouch/ui';
import { RouterLink } from '@vouch/shell-sdk/base';
import { useEffect } from 'react';

export function NotFoundPage() {
  useEffect(() => {
    document.title = 'Page Not Found · Vouch';
  }, []);
  return (
    <Center minH="100vh" bg="gray.50" px="6">
      <Stack align="center" gap="4" textAlign="center" maxW="md">
        <Text fontSize="6xl" fontWeight="bold" color="brand.600" lineHeight="1">
          404
        </Text>
        <Heading as="h1" size="2xl">
          Page Not Found
        </Heading>
        <Text color="fg.muted">The page you are looking for does not exist or has moved.</Text>
        <Button asChild colorPalette="brand">
          <RouterLink to="/">Back to home</RouterLink>
        </Button>
      </Stack>
    </Center>
  );
}
