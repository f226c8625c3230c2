/**
 * Above a Create Vouch opened for a member who asked me for a vouch: their ask (and message), and
 * Decline ask. Vouching answers the ask by itself (the server marks it fulfilled).
 */
import { ApiError } from '@vouch/shell-sdk';
import { Box, Button, Flex, notify, Text } from '@vouch/ui';
import { useDeclineVouchAsk, useLatestVouchAsk } from '../../../lib/vouch-asks';

export function VouchAskNotice({ memberId, onDeclined }: { memberId: number; onDeclined: () => void }) {
  const ask = useLatestVouchAsk('received', memberId);
  const decline = useDeclineVouchAsk();
  const open = ask.data?.status === 'open' ? ask.data : null;
  if (!open) return null;
  const declineAsk = async () => {
    try {
      await decline.mutateAsync(open.id);
      notify({ title: 'Ask declined', description: `${open.asker.name} will see that you declined.` });
      onDeclined();
    } catch (error) {
      notify({ title: 'Error', description: error instanceof ApiError ? error.message : 'Could not decline the ask.', variant: 'destructive' });
    }
  };
  return (
    <Box bg="brand.50" borderWidth="1px" borderColor="brand.100" rounded="lg" p="3" mb="4" data-testid="vouch-ask-notice">
      <Flex gap="3" align="center" justify="space-between" wrap="wrap">
        <Box>
          <Text fontWeight="semibold">{open.asker.name} asked you for a Vouch.</Text>
          {open.message ? (
            <Text fontSize="sm" color="fg.muted">
              “{open.message}”
            </Text>
          ) : null}
        </Box>
        <Button size="sm" variant="outline" onClick={() => void declineAsk()} loading={decline.isPending}>
          Decline ask
        </Button>
      </Flex>
    </Box>
  );
}
