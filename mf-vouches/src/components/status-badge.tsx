import type { VouchStatus } from '@vouch/contracts';
import { Badge } from '@vouch/ui';
import { statusPalette } from '../lib/vouch-text';

/** The status of a vouch as a badge; `upper` shows it as on the review step ("PENDING"). */
export function VouchStatusBadge({ status, upper = false }: { status: VouchStatus; upper?: boolean }) {
  return (
    <Badge colorPalette={statusPalette(status)} variant="subtle" rounded="full" px="2.5" textTransform={upper ? 'uppercase' : 'capitalize'} data-testid="vouch-status">
      {upper ? status.toUpperCase() : status}
    </Badge>
  );
}
