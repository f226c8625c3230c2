/**
 * "Recent Vouches": the most recent accepted vouches, each naming its voucher (linked to their
 * profile when public), and "+ N more vouches", which opens all of them.
 */
import { PUBLIC_PROFILE_VOUCH_LIMIT, publicProfilePath, type PublicProfile } from '@vouch/contracts';
import { RouterLink } from '@vouch/shell-sdk';
import { Badge, Box, Button, Center, Flex, Link, LoadMore, Span, Stack, Text } from '@vouch/ui';
import { useState } from 'react';
import { VouchDetails } from '../../../components/vouch-details';
import { formatAcceptedDate, moreVouchesText, recentVouches } from '../../../lib/profile-summary';
import { useAllProfileVouches } from '../api/public-profile';
import { ProfileSection } from './profile-layout';

type ProfileVouch = PublicProfile['vouches'][number];

function RecentVouch({ vouch }: { vouch: ProfileVouch }) {
  return (
    <Box as="li" bg="gray.50" rounded="xl" p="5">
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
  );
}

/**
 * "+ N more vouches" opens every vouch, a page at a time (GET /api/profile/public/:slug/vouches,
 * the same order as the first three, which its first page replaces), with "Load more" below.
 */
export function RecentVouchesSection({ data }: { data: PublicProfile }) {
  const [open, setOpen] = useState(false);
  const all = useAllProfileVouches(data.profile.profileSlug, open);
  const recent = recentVouches(data.vouches, PUBLIC_PROFILE_VOUCH_LIMIT);
  const shown = open && all.data ? all.data : recent;
  const more = open && all.data ? null : moreVouchesText(data.totalVouches, recent.length);
  return (
    <ProfileSection id="profile-vouches-title" title="Recent Vouches">
      {shown.length === 0 ? (
        <Text color="fg.muted">No accepted vouches yet.</Text>
      ) : (
        <Stack as="ul" gap="4" listStyleType="none" data-testid="public-profile-vouches">
          {shown.map((vouch) => (
            <RecentVouch key={vouch.id} vouch={vouch} />
          ))}
        </Stack>
      )}
      {more ? (
        <Center mt="4">
          <Button variant="ghost" colorPalette="brand" fontWeight="medium" loading={open && all.isFetching} onClick={() => (open ? void all.refetch() : setOpen(true))} data-testid="public-profile-more">
            {more}
          </Button>
        </Center>
      ) : null}
      {open && all.isError ? (
        <Text mt="2" textAlign="center" color="red.700" role="alert">
          The vouches could not be loaded. Try again.
        </Text>
      ) : null}
      {open && all.data ? <LoadMore hasMore={all.hasNextPage} loading={all.isFetchingNextPage} onLoadMore={() => void all.fetchNextPage()} /> : null}
    </ProfileSection>
  );
}
