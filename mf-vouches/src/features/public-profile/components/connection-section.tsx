/**
 * "How you're connected" on a member's profile, for a signed-in visitor: the shortest path of
 * accepted vouches from them to the member (each person named, the intermediate ones linked to
 * their profiles), the degree, and the weakest link highlighted. No path within 3 degrees says
 * so in the server's sentence; a failure to load says so without hiding the rest of the page.
 */
import { memberProfilePath } from '@vouch/contracts';
import { ApiError, RouterLink } from '@vouch/shell-sdk';
import { Badge, Box, Flex, Heading, Link, Span, Stack, Text } from '@vouch/ui';
import { useProfileConnection } from '../api/profile-connection';
import { degreeText, isWeakestLink, pathName, weakestLinkText } from '../lib/connection';

export function ConnectionSection({ slug, name }: { slug: string; name: string }) {
  const query = useProfileConnection(slug, true);
  // No path within 3 degrees is a state answer; an older server's 404 says the same.
  const data = query.data && !('connected' in query.data) ? query.data : undefined;
  const none =
    query.data && 'connected' in query.data
      ? query.data.detail
      : query.error instanceof ApiError && query.error.status === 404
        ? query.error.detail
        : 'We could not load how you are connected. Please refresh the page.';
  return (
    <Box as="section" aria-labelledby="profile-connection-title" bg="white" rounded="2xl" borderWidth="1px" borderColor="gray.100" shadow="xs" p={{ base: '5', md: '7' }} data-testid="profile-connection">
      <Heading id="profile-connection-title" as="h2" size="lg" letterSpacing="-0.01em" mb="4">
        How you&apos;re connected
      </Heading>
      {query.isPending ? (
        <Text color="fg.muted" role="status">
          Finding how you know {name}…
        </Text>
      ) : !data ? (
        <Text color="fg.muted" data-testid="profile-connection-none">
          {none}
        </Text>
      ) : (
        <Stack gap="3">
          <Badge alignSelf="flex-start" colorPalette="brand" variant="subtle" rounded="full" data-testid="profile-connection-degree">
            {degreeText(data.degree)}
          </Badge>
          <Flex as="ol" listStyleType="none" wrap="wrap" align="center" gap="2" data-testid="profile-connection-path" aria-label={`Path from you to ${name}`}>
            {data.people.map((person, index) => (
              <Flex as="li" key={person.id} align="center" gap="2">
                {index > 0 ? (
                  <Span aria-hidden="true" color={isWeakestLink(data, index - 1) ? 'orange.700' : 'gray.500'} fontWeight={isWeakestLink(data, index - 1) ? 'bold' : 'normal'}>
                    →
                  </Span>
                ) : null}
                {index === 0 || index === data.people.length - 1 ? (
                  <Span fontWeight="semibold">{pathName(data, index)}</Span>
                ) : (
                  <Link asChild color="brand.700" fontWeight="semibold" textDecoration="underline">
                    <RouterLink to={memberProfilePath(person.id)}>{person.name}</RouterLink>
                  </Link>
                )}
              </Flex>
            ))}
          </Flex>
          <Text fontSize="sm" color="orange.800" bg="orange.50" rounded="md" px="3" py="2" data-testid="profile-connection-weakest">
            {weakestLinkText(data)}
          </Text>
          <Text fontSize="xs" color="fg.muted">
            Each step is an accepted vouch. A link is as strong as the less-trusted of the two people it joins (their reputation score).
          </Text>
        </Stack>
      )}
    </Box>
  );
}
