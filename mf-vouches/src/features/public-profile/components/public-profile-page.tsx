/**
 * /profile/:slug (SPEC "Public profile page"): name, vouch count, member since, Share Profile
 * (the device's share sheet, else copy the link), Professional Summary, the custom bio, skill
 * and trait tags, the three most recent vouches with "+ N more vouches", and a call to join.
 * Each vouch names its voucher (linked to their profile when public). A signed-in visitor on
 * someone else's profile also sees "Vouched by 8 people, 2 of whom you know" and "How you're
 * connected" (ConnectionSection). Unknown or private: "Profile Not Found". The server already sent the title and
 * preview tags in the HTML (api-gateway/src/profile-page.ts); the page keeps the same title.
 */
import { memberProfilePath, PUBLIC_PROFILE_VOUCH_LIMIT, publicProfilePath, type PublicProfile } from '@vouch/contracts';
import { RouterLink, useFirstScreenDone, useParams, useSecondPass } from '@vouch/shell-sdk';
import { Badge, Box, Button, Center, Flex, Heading, Link, SendIcon, ShieldCheckIcon, Span, Spinner, Stack, Text, UsersIcon } from '@vouch/ui';
import { useDeferredValue, useEffect, type ReactNode } from 'react';
import { formatAcceptedDate, moreVouchesText, publicProfileUrl, recentVouches, summaryText, vouchedByText } from '../../../lib/profile-summary';
import { shareLink } from '../../../lib/share-link';
import { TagList } from '../../../components/tag-list';
import { VouchDetails } from '../../../components/vouch-details';
import { isProfileNotFound, usePublicProfile } from '../api/public-profile';
import { ConnectionSection } from './connection-section';

/** "{Name} | Vouch", as the server's <title> for the same page. */
export const profilePageTitle = (name: string | null): string => (name ? `${name} | Vouch` : 'Profile Not Found | Vouch');

function usePageTitle(title: string) {
  useEffect(() => {
    const previous = document.title;
    document.title = title;
    return () => {
      document.title = previous;
    };
  }, [title]);
}

function Frame({ children }: { children: ReactNode }) {
  return (
    <Box maxW="3xl" mx="auto" w="full">
      {children}
    </Box>
  );
}

function Section({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <Box as="section" aria-labelledby={id} bg="white" rounded="2xl" borderWidth="1px" borderColor="gray.100" shadow="xs" p={{ base: '5', md: '7' }}>
      <Heading id={id} as="h2" size="lg" letterSpacing="-0.01em" mb="4">
        {title}
      </Heading>
      {children}
    </Box>
  );
}

function NotFound({ failed }: { failed: boolean }) {
  usePageTitle(failed ? 'Profile | Vouch' : profilePageTitle(null));
  return (
    <Frame>
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
    </Frame>
  );
}

function Hero({ data, url }: { data: PublicProfile; url: string }) {
  const { user, stats, viewer } = data;
  return (
    <Box rounded="2xl" overflow="hidden" shadow="md" bgGradient="to-br" gradientFrom="brand.600" gradientTo="brand.800" color="white" px={{ base: '6', md: '8' }} py={{ base: '7', md: '9' }}>
      <Flex gap="5" align={{ base: 'flex-start', sm: 'center' }} direction={{ base: 'column', sm: 'row' }}>
        <Center boxSize="16" rounded="full" bg="whiteAlpha.200" flexShrink={0}>
          <ShieldCheckIcon boxSize="8" aria-hidden="true" />
        </Center>
        <Box flex="1" minW="0">
          <Heading as="h1" fontSize={{ base: '2xl', md: '3xl' }} letterSpacing="-0.02em" data-testid="profile-name">
            {user.name}
          </Heading>
          {data.profile.headline ? (
            <Text mt="1" fontSize={{ base: 'md', md: 'lg' }} color="whiteAlpha.900" data-testid="profile-headline">
              {data.profile.headline}
            </Text>
          ) : null}
          <Flex gap="2" mt="2" wrap="wrap" align="center" color="whiteAlpha.900" fontSize="sm">
            <Badge bg="whiteAlpha.200" color="white" rounded="full" px="2.5" data-testid="profile-vouch-count">
              {stats.vouchCount} {stats.vouchCount === 1 ? 'Vouch' : 'Vouches'}
            </Badge>
            <Text data-testid="profile-member-since">Member since {user.memberSince}</Text>
          </Flex>
          {viewer && !viewer.isOwner ? (
            <Box mt="3" fontSize="sm" data-testid="profile-vouched-by">
              <Flex gap="1.5" align="center">
                <UsersIcon boxSize="4" aria-hidden="true" />
                <Text>{vouchedByText(viewer.vouchedByCount, viewer.knownCount)}</Text>
              </Flex>
              {viewer.known.length > 0 ? (
                <Text mt="1" color="whiteAlpha.900" data-testid="profile-known-vouchers">
                  {'Including '}
                  {viewer.known.map((person, i) => (
                    <span key={person.id}>
                      {i > 0 ? ', ' : ''}
                      <Link asChild color="white" textDecoration="underline" fontWeight="medium">
                        <RouterLink to={memberProfilePath(person.id)}>{person.name}</RouterLink>
                      </Link>
                    </span>
                  ))}
                </Text>
              ) : null}
            </Box>
          ) : null}
          {viewer?.isOwner ? (
            <Text mt="3" fontSize="sm" color="whiteAlpha.900" data-testid="profile-owner-note">
              This is your public profile, as visitors see it.
            </Text>
          ) : null}
        </Box>
        <Button
          bg="white"
          color="brand.700"
          _hover={{ bg: 'brand.50' }}
          flexShrink={0}
          onClick={() => void shareLink({ url, title: profilePageTitle(user.name), text: `${user.name} on Vouch` })}
        >
          <SendIcon boxSize="4" aria-hidden="true" />
          Share Profile
        </Button>
      </Flex>
    </Box>
  );
}

export function PublicProfilePage() {
  const { slug = '' } = useParams();
  // The page with its data is the largest render of a visit; a deferred value renders it at a
  // transition's priority, in slices that leave a phone's main thread free between them, instead
  // of one long task when the data arrives (issue 17). The server's first screen shows meanwhile.
  const query = useDeferredValue(usePublicProfile(slug));
  usePageTitle(query.data ? profilePageTitle(query.data.user.name) : 'Vouch');
  // The hero and the summary first, the vouches and the rest in a second commit; the server's
  // first screen (name, headline, summary) stays until then, or until the error.
  const complete = useSecondPass(query.isSuccess);
  useFirstScreenDone(query.isError || complete);

  if (query.isPending) {
    return (
      <Frame>
        <Center py="20" gap="3" role="status" aria-live="polite">
          <Spinner color="brand.600" />
          <Text color="fg.muted">Loading profile…</Text>
        </Center>
      </Frame>
    );
  }
  if (query.isError) return <NotFound failed={!isProfileNotFound(query.error)} />;

  const data = query.data;
  const url = publicProfileUrl(window.location.origin, data.profile.profileSlug);
  const recent = recentVouches(data.vouches, PUBLIC_PROFILE_VOUCH_LIMIT);
  const more = moreVouchesText(data.totalVouches, recent.length);
  const bio = data.profile.customBio?.trim();
  const hasTags = data.stats.skillTags.length > 0 || data.stats.traitTags.length > 0;

  return (
    <Frame>
      <Stack gap="5" data-testid="public-profile">
        <Hero data={data} url={url} />

        {complete && data.viewer && !data.viewer.isOwner ? <ConnectionSection slug={data.profile.profileSlug} name={data.user.name} /> : null}

        <Section id="profile-summary-title" title="Professional Summary">
          <Text color="gray.700" fontSize="md" data-testid="public-profile-summary">
            {summaryText(data.profile)}
          </Text>
          {bio ? (
            <Box mt="5" pt="5" borderTopWidth="1px" borderColor="gray.100">
              <Text fontSize="xs" fontWeight="semibold" color="fg.muted" textTransform="uppercase" letterSpacing="wider" mb="1">
                About
              </Text>
              <Text color="gray.800" whiteSpace="pre-line" data-testid="public-profile-bio">
                {bio}
              </Text>
            </Box>
          ) : null}
          {hasTags ? (
            <Stack gap="4" mt="5" pt="5" borderTopWidth="1px" borderColor="gray.100">
              <TagList label="Skills" tags={data.stats.skillTags} palette="brand" testId="public-skill-tags" />
              <TagList label="Character traits" tags={data.stats.traitTags} palette="purple" testId="public-trait-tags" />
            </Stack>
          ) : null}
        </Section>

        {complete ? (
          <>
            <Section id="profile-vouches-title" title="Recent Vouches">
              {recent.length === 0 ? (
                <Text color="fg.muted">No accepted vouches yet.</Text>
              ) : (
                <Stack as="ul" gap="4" listStyleType="none" data-testid="public-profile-vouches">
                  {recent.map((vouch) => (
                    <Box as="li" key={vouch.id} bg="gray.50" rounded="xl" p="5">
                      <Flex justify="space-between" align="center" gap="2" mb="3" wrap="wrap">
                        <Badge colorPalette="brand" variant="subtle" rounded="full">
                          {vouch.type === 'invite' ? 'Invitation' : 'Recommendation'}
                        </Badge>
                        <Text fontSize="xs" color="fg.muted">
                          Accepted {formatAcceptedDate(vouch.acceptedAt)}
                        </Text>
                      </Flex>
                      <Text fontSize="sm" color="gray.700" mb="2" data-testid="public-profile-voucher">
                        {'Vouched by '}
                        {vouch.voucherProfileSlug ? (
                          <Link asChild color="brand.700" fontWeight="semibold" textDecoration="underline">
                            <RouterLink to={publicProfilePath(vouch.voucherProfileSlug)}>{vouch.voucherName}</RouterLink>
                          </Link>
                        ) : (
                          <Span fontWeight="semibold">{vouch.voucherName}</Span>
                        )}
                      </Text>
                      <VouchDetails vouch={vouch} />
                    </Box>
                  ))}
                </Stack>
              )}
              {more ? (
                <Text mt="4" textAlign="center" color="brand.700" fontWeight="medium" data-testid="public-profile-more">
                  {more}
                </Text>
              ) : null}
            </Section>

            {data.viewer === null ? (
              <Box bg="brand.50" borderWidth="1px" borderColor="brand.100" rounded="2xl" px={{ base: '6', md: '8' }} py="7" textAlign="center" data-testid="profile-join">
                <Heading as="h2" size="lg" letterSpacing="-0.01em">
                  Build your own trusted network
                </Heading>
                <Text color="fg.muted" mt="2" maxW="lg" mx="auto">
                  Join Vouch to vouch for the people you trust, collect vouches of your own, and get introduced through people who know you.
                </Text>
                <Button asChild colorPalette="brand" size="lg" mt="5">
                  <RouterLink to="/auth">Join Vouch</RouterLink>
                </Button>
              </Box>
            ) : null}
          </>
        ) : null}
      </Stack>
    </Frame>
  );
}
