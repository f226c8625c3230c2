/**
 * The profile summary card (SPEC "Profile summary card"): vouch, recommendation and invitation
 * counts, the summary, up to 8 skill and 8 trait tags, the 2 most recent vouches, a preview of
 * the public profile, and — only while the profile is public — Share (QR code + link) and Copy
 * link. Settings (public or private, custom bio) open a dialog. Rendered only with a profile and
 * at least one vouch (`hasSummaryCard`); otherwise `ProfileSummaryPending` says why.
 */
import type { MySummary } from '@vouch/contracts';
import { RouterLink } from '@vouch/shell-sdk';
import { Badge, Box, Button, Flex, Heading, LockIcon, SimpleGrid, Stack, Text } from '@vouch/ui';
import { lazy, Suspense, useState, type ReactNode } from 'react';
import { VouchDetails } from '../../../components/vouch-details';
import { formatAcceptedDate, publicProfileUrl, recentVouches, summaryText } from '../../../lib/profile-summary';
import { copyLink } from '../../../lib/share-link';
import { TagList } from '../../../components/tag-list';

const ShareProfileDialog = lazy(() => import('./share-profile-dialog'));
const ProfileSettingsDialog = lazy(() => import('./profile-settings-dialog'));

// A third of a phone-wide card is narrower than "Recommendations" (it broke mid-word, issue 16):
// there each count is a row, label left and number right; three columns from `sm` up.
const COUNT_GRID = { columns: { base: 1, sm: 3 }, gap: '2' } as const;
const COUNT_BOX = {
  display: { base: 'flex', sm: 'block' },
  flexDirection: 'row-reverse',
  justifyContent: 'space-between',
  alignItems: 'center',
  textAlign: { base: 'start', sm: 'center' },
  rounded: 'lg',
  py: { base: '1.5', sm: '2.5' },
  px: { base: '3', sm: '1' },
  minW: '0',
} as const;

function Count({ label, value, testId }: { label: string; value: number; testId: string }) {
  return (
    <Box {...COUNT_BOX} bg="gray.50">
      <Text fontSize="xl" fontWeight="bold" color="gray.900" data-testid={testId} fontVariantNumeric="tabular-nums">
        {value}
      </Text>
      <Text fontSize={{ base: 'sm', sm: 'xs' }} color="fg.muted">
        {label}
      </Text>
    </Box>
  );
}

export function CardFrame({ children, muted = false, testId }: { children: ReactNode; muted?: boolean; testId: string }) {
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

export function ProfileSummaryCard({ summary, name }: { summary: MySummary; name: string }) {
  const { profile, stats } = summary;
  const [sharing, setSharing] = useState(false);
  const [editing, setEditing] = useState(false);
  const url = publicProfileUrl(window.location.origin, profile.profileSlug);
  const recent = recentVouches(summary.vouches);
  return (
    <CardFrame testId="profile-summary">
      <Flex justify="space-between" align="center" gap="3" wrap="wrap" mb="4">
        <Flex align="center" gap="2">
          <Heading id="profile-summary-heading" as="h2" size="lg" letterSpacing="-0.01em">
            Profile Summary
          </Heading>
          <Badge colorPalette={profile.isPublic ? 'green' : 'gray'} variant="subtle" rounded="full" data-testid="profile-visibility">
            {profile.isPublic ? 'Public' : 'Private'}
          </Badge>
        </Flex>
        <Button size="sm" variant="ghost" onClick={() => setEditing(true)}>
          Profile settings
        </Button>
      </Flex>

      <Stack gap="5">
        <SimpleGrid {...COUNT_GRID}>
          <Count label={stats.vouchCount === 1 ? 'Vouch' : 'Vouches'} value={stats.vouchCount} testId="summary-vouch-count" />
          <Count label={stats.recommendationCount === 1 ? 'Recommendation' : 'Recommendations'} value={stats.recommendationCount} testId="summary-recommendation-count" />
          <Count label={stats.invitationCount === 1 ? 'Invitation' : 'Invitations'} value={stats.invitationCount} testId="summary-invitation-count" />
        </SimpleGrid>

        <Text color="gray.700" data-testid="profile-summary-text">
          {summaryText(profile)}
        </Text>

        <TagList label="Skills" tags={stats.skillTags} palette="brand" testId="summary-skill-tags" />
        <TagList label="Character traits" tags={stats.traitTags} palette="purple" testId="summary-trait-tags" />

        {recent.length > 0 ? (
          <Box>
            <Text fontSize="xs" fontWeight="semibold" color="fg.muted" textTransform="uppercase" letterSpacing="wider" mb="2">
              Recent vouches
            </Text>
            <Stack as="ul" gap="3" listStyleType="none" data-testid="summary-recent-vouches">
              {recent.map((vouch) => (
                <Box as="li" key={vouch.id} borderWidth="1px" borderColor="gray.100" rounded="lg" p="3">
                  <Flex justify="space-between" gap="2" mb="2" wrap="wrap">
                    <Text fontSize="sm" fontWeight="semibold">
                      From {vouch.voucherName}
                    </Text>
                    <Text fontSize="xs" color="fg.muted">
                      {formatAcceptedDate(vouch.acceptedAt)}
                    </Text>
                  </Flex>
                  <VouchDetails vouch={vouch} />
                </Box>
              ))}
            </Stack>
          </Box>
        ) : null}

        <Box bg="brand.50" rounded="xl" p="4" data-testid="public-profile-preview">
          <Text fontSize="sm" fontWeight="semibold" color="brand.800">
            Your public profile
          </Text>
          {profile.isPublic ? (
            <>
              <Text fontSize="sm" color="brand.700" wordBreak="break-all" mt="0.5">
                {url}
              </Text>
              <Flex gap="2" mt="3" wrap="wrap">
                <Button asChild size="sm" variant="outline" colorPalette="brand" bg="white">
                  <RouterLink to={`/profile/${encodeURIComponent(profile.profileSlug)}`}>Preview</RouterLink>
                </Button>
                <Button size="sm" colorPalette="brand" onClick={() => setSharing(true)}>
                  Share Profile
                </Button>
                <Button size="sm" variant="ghost" colorPalette="brand" onClick={() => void copyLink(url)}>
                  Copy link
                </Button>
              </Flex>
            </>
          ) : (
            <Flex align="center" gap="2" mt="1" color="brand.800">
              <LockIcon boxSize="3.5" aria-hidden="true" />
              <Text fontSize="sm">Your profile is private: visitors see "Profile Not Found". Make it public in Profile settings to share it.</Text>
            </Flex>
          )}
        </Box>
      </Stack>

      <Suspense fallback={null}>
        {sharing ? <ShareProfileDialog open={sharing} onOpenChange={setSharing} url={url} name={name} /> : null}
        {editing ? <ProfileSettingsDialog open={editing} onOpenChange={setEditing} profile={profile} /> : null}
      </Suspense>
    </CardFrame>
  );
}

/** With a profile but no vouch received yet: where the card will be, and the settings. */
export function ProfileSummaryPending({ summary }: { summary: MySummary }) {
  const [editing, setEditing] = useState(false);
  return (
    <CardFrame testId="profile-summary-pending">
      <Flex justify="space-between" align="center" gap="3" wrap="wrap" mb="2">
        <Heading id="profile-summary-pending-heading" as="h2" size="lg" letterSpacing="-0.01em">
          Profile Summary
        </Heading>
        <Button size="sm" variant="ghost" onClick={() => setEditing(true)}>
          Profile settings
        </Button>
      </Flex>
      <Text color="fg.muted" fontSize="sm">
        Your summary, tags and shareable profile appear here once someone vouches for you and you accept. Ask a colleague who knows your work.
      </Text>
      <Suspense fallback={null}>{editing ? <ProfileSettingsDialog open={editing} onOpenChange={setEditing} profile={summary.profile} /> : null}</Suspense>
    </CardFrame>
  );
}

/** No vouches at all: the card greyed, with a locked note (SPEC "Dashboard") saying what opens it. */
export function LockedProfileSummary({ note = 'Your profile summary unlocks with your first Vouch.' }: { note?: string }) {
  return (
    <CardFrame testId="profile-summary-locked" muted>
      <Heading id="profile-summary-locked-heading" as="h2" size="lg" letterSpacing="-0.01em" color="gray.500">
        Profile Summary
      </Heading>
      <Box aria-hidden="true" mt="4" filter="grayscale(1)" opacity={0.5}>
        <SimpleGrid {...COUNT_GRID}>
          {['Vouches', 'Recommendations', 'Invitations'].map((label) => (
            <Box key={label} {...COUNT_BOX} bg="gray.100">
              <Text fontSize="xl" fontWeight="bold" color="gray.400">
                0
              </Text>
              <Text fontSize={{ base: 'sm', sm: 'xs' }} color="gray.400">
                {label}
              </Text>
            </Box>
          ))}
        </SimpleGrid>
        <Box h="3" bg="gray.100" rounded="full" mt="4" w="90%" />
        <Box h="3" bg="gray.100" rounded="full" mt="2" w="70%" />
      </Box>
      <Flex align="center" gap="2" mt="4" color="gray.600" data-testid="profile-summary-locked-note">
        <LockIcon boxSize="4" aria-hidden="true" />
        <Text fontSize="sm">{note}</Text>
      </Flex>
    </CardFrame>
  );
}
