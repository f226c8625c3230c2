/** The pending vouches made for me (My Vouches "Received", Pending Vouches). */
import { EmptyState, ListFailed, ListLoading, Stack, UsersIcon } from '@vouch/ui';
import { usePendingVouchesForMe } from '../api/vouch-lists';
import { ReceivedVouchCard } from './received-vouch-card';

export function ReceivedVouchList() {
  const pending = usePendingVouchesForMe();
  if (pending.isPending) return <ListLoading label="Loading your Vouches…" />;
  if (pending.isError) return <ListFailed what="these Vouches" onRetry={() => void pending.refetch()} />;
  if (pending.data.length === 0) {
    return (
      <EmptyState icon={<UsersIcon boxSize="6" />} title="No pending Vouches">
        When someone vouches for you, it shows up here for you to accept or decline.
      </EmptyState>
    );
  }
  return (
    <Stack gap="4">
      {pending.data.map((vouch) => (
        <ReceivedVouchCard key={vouch.id} vouch={vouch} />
      ))}
    </Stack>
  );
}
