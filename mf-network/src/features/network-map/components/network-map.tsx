/**
 * The network map (SPEC "Network map"), used by the /network page and the `./NetworkMap`
 * dashboard slot: the member in the centre, 1°/2° toggles with counts, click to recentre with
 * Back and a trail, the legend, a list view for keyboards and screen readers, and the loading,
 * error and empty states. The WebGL drawing (sigma) loads lazily, after this shell renders.
 */
import type { ReactNode } from 'react';
import { Text } from '@vouch/ui';
import { useCurrentUser } from '@vouch/shell-sdk';
import { useNetwork } from '../api/get-network';
import { NETWORK_MESSAGES } from '../lib/network-messages';
import { LoadedNetworkMap } from './loaded-network-map';
import { NetworkMapFrame } from './network-map-frame';
import { NetworkEmpty, NetworkLoadError, NetworkLoading } from './network-map-states';

/**
 * Props of `./NetworkMap` (docs/architecture.md "Slot props"):
 * - `compact`: the dashboard's card (a heading and a link to /network) instead of the page body;
 * - `onOpenCreateVouch`: opens the host's Create Vouch dialog from the empty state; without it the
 *   empty state renders mf_vouches' `./CreateVouchButton` slot.
 */
export interface NetworkMapProps {
  compact?: boolean;
  onOpenCreateVouch?: () => void;
}

/** The map with its states; reads the current member and their network. */
export function NetworkMap({ compact, onOpenCreateVouch }: NetworkMapProps) {
  const { user, isLoading } = useCurrentUser();
  const network = useNetwork({ enabled: !!user });
  let body: ReactNode;
  if (isLoading || (user && network.isPending)) body = <NetworkLoading />;
  else if (!user) body = <Text color="fg.muted">{NETWORK_MESSAGES.signedOut}</Text>;
  else if (network.isError) body = <NetworkLoadError onRetry={() => void network.refetch()} />;
  else if (!network.data) body = <Text color="fg.muted">{NETWORK_MESSAGES.signedOut}</Text>;
  else if (network.data.directConnections.length === 0 && network.data.secondDegreeConnections.length === 0)
    body = <NetworkEmpty user={user} onOpenCreateVouch={onOpenCreateVouch} />;
  else body = <LoadedNetworkMap network={network.data} compact={compact} />;
  return <NetworkMapFrame compact={compact}>{body}</NetworkMapFrame>;
}
