/**
 * The header of every signed-in screen (SPEC "Header"): logo → /dashboard, people search (`/`), the activity bell,
 * the Request Intro and Create Vouch slots (their remotes own label, pulse and locked state;
 * they get `HeaderSlotProps` { user, vouchCount }), and the avatar menu.
 */
import type { UserProfile } from '@vouch/contracts';
import { RemoteSlot, RouterLink, vouchCountOf, type HeaderSlotProps } from '@vouch/shell-sdk';
import { Box, Container, Flex, HStack, Link } from '@vouch/ui';
import { Logo } from '../../../layout/logo';
import { HEADER_HEIGHT } from '../../../layout/header-height';
import { ActivityBell } from './activity-bell';
import { MemberMenu } from './member-menu';
import { PeopleSearch } from '../../people-search';

export interface SignedInHeaderProps {
  user: UserProfile;
  /** Shows Network Map in the avatar menu (SPEC: "only when a handler is supplied"). */
  networkMapPath?: string;
}

export function SignedInHeader({ user, networkMapPath }: SignedInHeaderProps) {
  const slotProps: HeaderSlotProps = { user, vouchCount: vouchCountOf(user) };
  return (
    <Box as="header" bg="whiteAlpha.900" backdropFilter="blur(8px)" borderBottomWidth="1px" borderColor="gray.100" position="sticky" top="0" zIndex="docked">
      <Container maxW="6xl" px={{ base: '3', md: '6', lg: '8' }}>
        <Flex as="nav" aria-label="Account" position="relative" align="center" gap={{ base: '1.5', md: '3' }} h={HEADER_HEIGHT}>
          <Link asChild _hover={{ textDecoration: 'none' }} aria-label="Vouch dashboard" rounded="md">
            <RouterLink to="/dashboard">
              <Logo size={7} compact />
            </RouterLink>
          </Link>
          <HStack ml="auto" gap={{ base: '1', md: '2' }}>
            <PeopleSearch />
            <Box data-slot="request-intro" display={{ base: 'none', sm: 'block' }}>
              <RemoteSlot remote="mf_introductions" module="./RequestIntroButton" compact fallback={null} props={{ ...slotProps }} />
            </Box>
            <Box data-slot="create-vouch">
              <RemoteSlot remote="mf_vouches" module="./CreateVouchButton" compact fallback={null} props={{ ...slotProps }} />
            </Box>
            <ActivityBell />
            <MemberMenu user={user} networkMapPath={networkMapPath} />
          </HStack>
        </Flex>
      </Container>
    </Box>
  );
}
