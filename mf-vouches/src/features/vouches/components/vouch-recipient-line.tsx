/** Who the vouch is for (name, the phone's last four digits), its type and its status. */
import type { Vouch } from '@vouch/contracts';
import { Badge, Box, Flex, Text } from '@vouch/ui';
import { VouchStatusBadge } from '../../../components/status-badge';
import { VOUCH_TYPE_LABELS } from '../../../lib/vouch-text';

export function VouchRecipientLine({ vouch }: { vouch: Vouch }) {
  return (
    <Flex justify="space-between" align="center" gap="3" wrap="wrap">
      <Box>
        <Text fontSize="xs" color="fg.muted" textTransform="uppercase" letterSpacing="wider" fontWeight="semibold">
          For
        </Text>
        <Text fontSize="xl" fontWeight="bold" data-testid="recipient-name">
          {vouch.recipientName}
        </Text>
        <Text fontSize="sm" color="fg.muted">
          Phone ending in {vouch.recipientPhone.slice(-4)}
        </Text>
      </Box>
      <Flex gap="2" align="center">
        <Badge colorPalette="brand" variant="subtle" rounded="full">
          {VOUCH_TYPE_LABELS[vouch.type]}
        </Badge>
        <VouchStatusBadge status={vouch.status} />
      </Flex>
    </Flex>
  );
}
