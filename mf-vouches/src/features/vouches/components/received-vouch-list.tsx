/**
 * The vouches made for me: the pending ones to answer (My Vouches "Received", Pending Vouches),
 * and on My Vouches also the ones I accepted (issue 16: they appeared nowhere on the page).
 */
import type { RespondVouchResponse } from '@vouch/contracts';
import { EmptyState, Heading, ListFailed, ListLoading, LoadMore, Stack, UsersIcon } from '@vouch/ui';
import { useState } from 'react';
import { VouchBackPrompt } from '../../create-vouch';
import { usePendingVouchesForMe, useReceivedVouches } from '../../../api/vouch-lists';
import { ReceivedVouchCard } from './received-vouch-card';

export function ReceivedVouchList({ withAccepted = false }: { withAccepted?: boolean }) {
  const pending = usePendingVouchesForMe();
  const accepted = useReceivedVouches({ enabled: withAccepted });
  // Held here, not in the card: an accepted vouch leaves the pending list (its card unmounts).
  const [vouchBack, setVouchBack] = useState<RespondVouchResponse['vouchBack']>(null);
  const prompt = vouchBack ? <VouchBackPrompt voucher={vouchBack} /> : null;
  if (pending.isPending || (withAccepted && accepted.isPending)) return <ListLoading label="Loading your Vouches…" />;
  if (pending.isError) return <ListFailed what="these Vouches" onRetry={() => void pending.refetch()} />;
  if (accepted.isError) return <ListFailed what="these Vouches" onRetry={() => void accepted.refetch()} />;
  const answered = withAccepted ? (accepted.data ?? []) : [];
  if (pending.data.length === 0 && answered.length === 0) {
    return prompt ?? (
      <EmptyState icon={<UsersIcon boxSize="6" />} title="No pending Vouches">
        When someone vouches for you, it shows up here for you to accept or decline.
      </EmptyState>
    );
  }
  return (
    <Stack gap="6">
      {prompt}
      {pending.data.length > 0 ? (
        <Stack gap="4">
          {pending.data.map((vouch) => (
            <ReceivedVouchCard key={vouch.id} vouch={vouch} onAccepted={setVouchBack} />
          ))}
          <LoadMore hasMore={pending.hasNextPage} loading={pending.isFetchingNextPage} onLoadMore={() => void pending.fetchNextPage()} />
        </Stack>
      ) : null}
      {answered.length > 0 ? (
        <Stack gap="4" as="section" aria-labelledby="accepted-received-heading" data-testid="accepted-received">
          <Heading as="h2" size="sm" color="fg.muted" id="accepted-received-heading">
            Accepted
          </Heading>
          {answered.map((vouch) => (
            <ReceivedVouchCard key={vouch.id} vouch={vouch} />
          ))}
          <LoadMore hasMore={accepted.hasNextPage} loading={accepted.isFetchingNextPage} onLoadMore={() => void accepted.fetchNextPage()} />
        </Stack>
      ) : null}
    </Stack>
  );
}
