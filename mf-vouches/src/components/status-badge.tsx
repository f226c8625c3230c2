import type { VouchRelationship, VouchStatus } from '@vouch/contracts';
import { Badge } from '@vouch/ui';
import { relationshipText, statusPalette } from '../lib/vouch-text';

/** The status of a vouch as a badge; `upper` shows it as on the review step ("PENDING"). */
export function VouchStatusBadge({ status, upper = false }: { status: VouchStatus; upper?: boolean }) {
  return (
    <Badge colorPalette={statusPalette(status)} variant="subtle" rounded="full" px="2.5" textTransform={upper ? 'uppercase' : 'capitalize'} data-testid="vouch-status">
      {upper ? status.toUpperCase() : status}
    </Badge>
  );
}

/** How I know the other person of a vouch ("Your mentor"), seen from my side; nothing for a vouch without one. */
export function RelationshipBadge({ relationship, side }: { relationship: VouchRelationship | null; side: 'given' | 'received' }) {
  const text = relationshipText(relationship, side);
  if (!text) return null;
  return (
    <Badge colorPalette="gray" variant="outline" rounded="full" px="2.5" data-testid="vouch-relationship">
      {text}
    </Badge>
  );
}
