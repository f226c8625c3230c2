/** Unknown or private profile ("Profile Not Found"), or one that failed to load. */
import { RouterLink } from '@vouch/shell-sdk';
import { Button, Center, Heading, Stack, Text, UsersIcon } from '@vouch/ui';
import { profilePageTitle, usePageTitle } from '../lib/page-title';
import { ProfileFrame } from './profile-layout';

export function ProfileNotFound({ failed }: { failed: boolean }) {
  usePageTitle(failed ? 'Profile | Vouch' : profilePageTitle(null));
  return (
    <ProfileFrame>
      <Stack align="center" textAlign="center" gap="3" bg="white" rounded="2xl" borderWidth="1px" borderColor="gray.100" px="6" py="14" shadow="sm" data-testid="profile-not-found">
        <Center boxSize="14" rounded="full" bg="brand.50" color="brand.600">
          <UsersIcon boxSize="7" aria-hidden="true" />
        </Center>
        <Heading as="h1" size="xl">
          {failed ? "We couldn't load this profile" : 'Profile Not Found'}
        </Heading>
        <Text color="fg.muted">{failed ? 'Please check your connection and refresh the page.' : 'This profile may not exist or is not public.'}</Text>
        <Button asChild variant="outline" mt="3">
          <RouterLink to="/">Go to Vouch</RouterLink>
        </Button>
      </Stack>
    </ProfileFrame>
  );
}
