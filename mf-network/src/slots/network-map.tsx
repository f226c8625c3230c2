/**
 * `./NetworkMap` (dashboard slot): the 1°/2° map with its toggles, trail, list view and states.
 * Props (docs/architecture.md "Slot props"): `{ compact?: boolean, onOpenCreateVouch?: () => void }`
 * — `compact` draws the dashboard card (heading, link to /network, no legend); `onOpenCreateVouch`
 * opens the host's Create Vouch dialog from the empty state.
 */
import { NetworkMap, type NetworkMapProps } from '../features/network-map/components/network-map';

export type { NetworkMapProps };

export default function NetworkMapSlot(props: NetworkMapProps) {
  return <NetworkMap {...props} />;
}
