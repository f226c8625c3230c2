/**
 * /members/:memberId (signed in): opens a member's profile from anywhere that knows only their
 * member id (the map, matches, suggestions, activities): asks for the profile's slug and
 * replaces this address with /profile/{slug}. A private or unknown profile says "Profile Not Found".
 */
import { publicProfilePath } from '@vouch/contracts';
import { Navigate, RouterLink, useParams } from '@vouch/shell-sdk';
import { Box, Button, Center, Heading, Spinner, Stack, Text } from '@vouch/ui';
import { useMemberProfile } from '../api/member-profile';

export function MemberProfilePage() {
  const { memberId = '' } = useParams();
  const query = useMemberProfile(memberId);
  if (query.data) return <Navigate to={publicProfilePath(query.data.profileSlug)} replace />;
  if (query.isError) {
    return (
      <Box maxW="3xl" mx="auto" w="full">
        <Stack align="center" textAlign="center" gap="3" bg="white" rounded="2xl" borderWidth="1px" borderColor="gray.100" px="6" py="14" shadow="sm" data-testid="profile-not-found">
          <Heading as="h1" size="xl">
            Profile Not Found
          </Heading>
          <Text color="fg.muted">This profile may not exist or is not public.</Text>
          <Button asChild variant="outline" mt="3">
            <RouterLink to="/dashboard">Back to Dashboard</RouterLink>
          </Button>
        </Stack>
      </Box>
    );
  }
  return (
    <Center py="20" gap="3" role="status" aria-live="polite">
      <Spinner color="brand.600" />
      <Text color="fg.muted">Loading profile…</Text>
    </Center>
  );
}
