/**
 * Stats' vouch cards: pending vouches made for me (all of them, with a link to /pending-vouches
 * when there are more than 3) and the vouches I sent (the first 3, with a link to /my-vouches).
 */
import { formatTimeAgo, type Vouch } from '@vouch/contracts';
import { RouterLink } from '@vouch/shell-sdk';
import { Box, Button, Flex, Spinner, Stack, Text } from '@vouch/ui';
import type { ReactNode } from 'react';
import { useMyVouches, usePendingVouchesForMe } from '../../../api/vouch-lists';
import { VouchStatusBadge } from '../../../components/status-badge';
import { pendingNeedsLink, sentCardVouches } from '../lib/stats';
import { StatCard } from './stat-card';

function Loading() {
  return (
    <Flex gap="2" align="center" role="status" aria-live="polite" py="2">
      <Spinner size="xs" color="brand.600" />
      <Text fontSize="sm" color="fg.muted">
        Loading…
      </Text>
    </Flex>
  );
}

function Failed() {
  return (
    <Text role="alert" fontSize="sm" color="red.700">
      These Vouches could not be loaded. Please refresh.
    </Text>
  );
}

function Row({ title, subtitle, right }: { title: string; subtitle: string; right?: ReactNode }) {
  return (
    <Flex as="li" justify="space-between" align="center" gap="3" py="2.5" borderBottomWidth="1px" borderColor="gray.100" _last={{ borderBottomWidth: 0 }}>
      <Box minW="0">
        <Text fontSize="sm" fontWeight="medium" truncate>
          {title}
        </Text>
        <Text fontSize="xs" color="fg.muted" truncate>
          {subtitle}
        </Text>
      </Box>
      {right}
    </Flex>
  );
}

const subtitleOf = (vouch: Vouch): string => {
  const what = vouch.skills?.trim() || vouch.characterTraits?.trim() || vouch.reason?.trim() || (vouch.type === 'invite' ? 'Invitation to join' : 'Recommendation');
  return `${what} · ${formatTimeAgo(vouch.createdAt)}`;
};

export function PendingVouchesCard() {
  const pending = usePendingVouchesForMe();
  const count = pending.data?.length ?? 0;
  return (
    <StatCard
      id="stats-pending"
      title={`Pending Vouches${pending.data ? ` (${count})` : ''}`}
      testId="stats-pending-vouches"
      action={
        pendingNeedsLink(count) ? (
          <Button asChild size="sm" variant="ghost" colorPalette="brand">
            <RouterLink to="/pending-vouches">View all</RouterLink>
          </Button>
        ) : null
      }
    >
      {pending.isPending ? (
        <Loading />
      ) : pending.isError ? (
        <Failed />
      ) : count === 0 ? (
        <Text fontSize="sm" color="fg.muted">
          No Vouches are waiting for your answer.
        </Text>
      ) : (
        <Stack as="ul" gap="0" listStyleType="none">
          {pending.data.map((vouch) => (
            <Row key={vouch.id} title={`From ${vouch.voucherName}`} subtitle={subtitleOf(vouch)} right={<VouchStatusBadge status={vouch.status} />} />
          ))}
        </Stack>
      )}
    </StatCard>
  );
}

export function SentVouchesCard() {
  const sent = useMyVouches();
  const count = sent.data?.length ?? 0;
  return (
    <StatCard
      id="stats-sent"
      title={`Sent Vouches${sent.data ? ` (${count})` : ''}`}
      testId="stats-sent-vouches"
      action={
        count > 0 ? (
          <Button asChild size="sm" variant="ghost" colorPalette="brand">
            <RouterLink to="/my-vouches">View all</RouterLink>
          </Button>
        ) : null
      }
    >
      {sent.isPending ? (
        <Loading />
      ) : sent.isError ? (
        <Failed />
      ) : count === 0 ? (
        <Text fontSize="sm" color="fg.muted">
          You haven't sent any Vouches yet.
        </Text>
      ) : (
        <Stack as="ul" gap="0" listStyleType="none">
          {sentCardVouches(sent.data).map((vouch) => (
            <Row key={vouch.id} title={`To ${vouch.recipientName}`} subtitle={subtitleOf(vouch)} right={<VouchStatusBadge status={vouch.status} />} />
          ))}
        </Stack>
      )}
    </StatCard>
  );
}
