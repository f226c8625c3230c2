import { Button, Center, Heading, Stack, Text } from '@vouch/ui';
import { RouterLink, useFirstScreenDone } from '@vouch/shell-sdk/base';
import { useEffect } from 'react';
import { NOT_FOUND_PAGE, NOT_FOUND_TEXT } from '@vouch/contracts';

export function NotFoundPage() {
  useFirstScreenDone();
  useEffect(() => {
    document.title = NOT_FOUND_PAGE.title;
  }, []);
  return (
    <Center minH="100vh" bg="gray.50" px="6">
      <Stack align="center" gap="4" textAlign="center" maxW="md">
        <Text fontSize="6xl" fontWeight="bold" color="brand.600" lineHeight="1">
          404
        </Text>
        <Heading as="h1" size="2xl">
          {NOT_FOUND_TEXT.heading}
        </Heading>
        <Text color="fg.muted">{NOT_FOUND_PAGE.description}</Text>
        <Button asChild colorPalette="brand">
          <RouterLink to="/">{NOT_FOUND_TEXT.back}</RouterLink>
        </Button>
      </Stack>
    </Center>
  );
}
