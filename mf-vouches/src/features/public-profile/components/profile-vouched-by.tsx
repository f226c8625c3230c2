/**
 * For a signed-in visitor on someone else's profile: "Vouched by 8 people, 2 of whom you know",
 * then the known vouchers, each linked to their profile.
 */
import { memberProfilePath, type PublicProfile } from '@vouch/contracts';
import { RouterLink } from '@vouch/shell-sdk';
import { Box, Flex, Link, Text, UsersIcon } from '@vouch/ui';
import { vouchedByText } from '../../../lib/profile-summary';

export function ProfileVouchedBy({ viewer }: { viewer: NonNullable<PublicProfile['viewer']> }) {
  return (
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
  );
}
