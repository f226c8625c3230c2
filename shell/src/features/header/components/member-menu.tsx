/**
 * The avatar menu (SPEC "Header"): initials, name and phone; My Vouches, Introduction Requests,
 * Network Map (only with a path), Stats, Subscription; then the account: Sessions and devices
 * (issue 43, mf_auth's page), the data rights of issue 10 (Export my data, Delete account with its
 * confirmation dialog) and beside Delete account, Change phone number (issue 43: a dialog that asks
 * for a code on the current phone, then on the new one); Sign Out. Pages that need a vouch are
 * greyed with a lock and cannot be opened until the member has one (SPEC §6).
 */
import { formatStoredPhone, SESSIONS_PAGE_PATH, type UserProfile } from '@vouch/contracts';
import { useNavigate, vouchCountOf } from '@vouch/shell-sdk';
import {
  AppMenu,
  BarChartIcon,
  Box,
  Button,
  Center,
  ChevronDownIcon,
  CreditCardIcon,
  HStack,
  LockIcon,
  LogOutIcon,
  NetworkIcon,
  PhoneIcon,
  ShieldCheckIcon,
  Stack,
  Text,
  UserPlusIcon,
  VisuallyHidden,
  type AppMenuItem,
} from '@vouch/ui';
import { useState, type ReactNode } from 'react';
import { exportMyData } from '../api/account';
import { useSignOut } from '../api/logout';
import { loadPageCode } from '../../../lib/page-code';
import { initialsOf, memberMenuLinks } from '../header-rules';
import { ChangePhoneDialog } from './change-phone-dialog';
import { DevicesIcon, DownloadIcon, TrashIcon } from './data-rights-icons';
import { DeleteAccountDialog } from './delete-account-dialog';

const LINK_ICONS: Record<string, ReactNode> = {
  'my-vouches': <ShieldCheckIcon />,
  'introduction-requests': <UserPlusIcon />,
  'network-map': <NetworkIcon />,
  stats: <BarChartIcon />,
  subscription: <CreditCardIcon />,
};

export function Initials({ name, size = '8' }: { name: string; size?: string }) {
  return (
    <Center
      boxSize={size}
      rounded="full"
      bg="brand.600"
      color="white"
      fontSize="xs"
      fontWeight="bold"
      letterSpacing="0.02em"
      flexShrink={0}
      data-testid="avatar-initials"
      aria-hidden="true"
    >
      {initialsOf(name)}
    </Center>
  );
}

export function MemberMenu({ user, networkMapPath }: { user: UserProfile; networkMapPath?: string }) {
  const navigate = useNavigate();
  const { signOut } = useSignOut();
  const [deleting, setDeleting] = useState(false);
  const [changingPhone, setChangingPhone] = useState(false);
  const locked = vouchCountOf(user) === 0;
  const phone = formatStoredPhone(user.phone);

  const pages: AppMenuItem[] = memberMenuLinks(networkMapPath).map((link) => {
    const isLocked = link.needsVouch && locked;
    return {
      value: link.value,
      icon: LINK_ICONS[link.value],
      label: (
        <>
          {link.label}
          {isLocked ? <VisuallyHidden> (locked until a Vouch is accepted)</VisuallyHidden> : null}
        </>
      ),
      end: isLocked ? <LockIcon boxSize="3.5" /> : undefined,
      disabled: isLocked,
      onSelect: () => navigate(link.path),
      onHighlight: () => loadPageCode(link.path),
    };
  });

  const header = (
    <HStack gap="3" pb="1" data-testid="member-summary">
      <Initials name={user.name} size="10" />
      <Stack gap="0" minW="0">
        <Text fontWeight="semibold" fontSize="sm" truncate>
          {user.name}
        </Text>
        <Text fontSize="xs" color="fg.muted">
          {phone}
        </Text>
        {locked ? (
          <Text fontSize="xs" color="orange.700" mt="1">
            Give or receive a Vouch to unlock everything.
          </Text>
        ) : null}
      </Stack>
    </HStack>
  );

  const dataRights: AppMenuItem[] = [
    { value: 'sessions', label: 'Sessions and devices', icon: <DevicesIcon />, onSelect: () => navigate(SESSIONS_PAGE_PATH) },
    { value: 'export-data', label: 'Export my data', icon: <DownloadIcon />, onSelect: () => void exportMyData() },
    { value: 'change-phone', label: 'Change phone number', icon: <PhoneIcon />, onSelect: () => setChangingPhone(true) },
    { value: 'delete-account', label: 'Delete account', icon: <TrashIcon />, danger: true, onSelect: () => setDeleting(true) },
  ];

  return (
    <>
    <AppMenu
      width="17rem"
      header={header}
      groups={[pages, dataRights, [{ value: 'sign-out', label: 'Sign Out', icon: <LogOutIcon />, danger: true, onSelect: () => void signOut() }]]}
      trigger={
        <Button variant="ghost" size="sm" px="1.5" gap="2" aria-label={`Account menu, ${user.name}`} data-testid="member-menu-trigger">
          <Initials name={user.name} />
          <Box as="span" display={{ base: 'none', md: 'block' }} maxW="40" truncate fontWeight="medium" data-testid="member-name">
            {user.name}
          </Box>
          <ChevronDownIcon color="fg.muted" display={{ base: 'none', md: 'block' }} />
        </Button>
      }
    />
    <ChangePhoneDialog open={changingPhone} onOpenChange={setChangingPhone} phone={user.phone} />
    <DeleteAccountDialog open={deleting} onOpenChange={setDeleting} phone={user.phone} />
    </>
  );
}
