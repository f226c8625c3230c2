/** The small badges of request cards and dialogs: status (SPEC §4 colours), degree, relevance. */
import { Badge } from '@vouch/ui';
import { connectorPalette, degreeLabel, requestStatusLabel, requestStatusPalette } from '../lib/introduction-text';

/** `label`: the status as this reader says it (the connector reads awaiting_connector as "Awaiting you"). */
export function RequestStatusBadge({ status, label }: { status: string; label?: string }) {
  return (
    <Badge colorPalette={requestStatusPalette(status)} variant="subtle" rounded="full" px="2.5" data-testid="request-status" data-status={status}>
      {label ?? requestStatusLabel(status)}
    </Badge>
  );
}

export function DegreeBadge({ degree, suffix = 'degree' }: { degree: number; suffix?: string }) {
  return (
    <Badge colorPalette="brand" variant="outline" rounded="full" px="2.5" data-testid="degree-level">
      {degreeLabel(degree)} {suffix}
    </Badge>
  );
}

/** A relevance score coloured like connectors (SPEC §4): 85+ green, 70+ yellow, else orange. */
export function RelevanceBadge({ score, label = 'relevance' }: { score: number; label?: string }) {
  return (
    <Badge colorPalette={connectorPalette(score)} variant="solid" rounded="full" px="2.5" data-testid="relevance" data-palette={connectorPalette(score)}>
      {score}% {label}
    </Badge>
  );
}
