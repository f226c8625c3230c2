/**
 * "Recent Vouches": the most recent accepted vouches, each naming its voucher (linked to their
 * profile when public), and "+ N more vouches".
 */
import { PUBLIC_PROFILE_VOUCH_LIMIT, publicProfilePath, type PublicProfile } from '@vouch/contracts';
import { RouterLink } from '@vouch/shell-sdk';
import { Badge, Box, Flex, Link, Span, Stack, Text } from '@vouch/ui';
import { VouchDetails } from '../../../components/vouch-details';
import { formatAcceptedDate, moreVouchesText, recentVouches } from '../../../lib/profile-summary';
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

export function RecentVouchesSection({ data }: { data: PublicProfile }) {
  const recent = recentVouches(data.vouches, PUBLIC_PROFILE_VOUCH_LIMIT);
  const more = moreVouchesText(data.totalVouches, recent.length);
  return (
    <ProfileSection id="profile-vouches-title" title="Recent Vouches">
      {recent.length === 0 ? (
        <Text color="fg.muted">No accepted vouches yet.</Text>
      ) : (
        <Stack as="ul" gap="4" listStyleType="none" data-testid="public-profile-vouches">
          {recent.map((vouch) => (
            <RecentVouch key={vouch.id} vouch={vouch} />
          ))}
        </Stack>
      )}
      {more ? (
        <Text mt="4" textAlign="center" color="brand.700" fontWeight="medium" data-testid="public-profile-more">
          {more}
        </Text>
      ) : null}
    </ProfileSection>
  );
}
