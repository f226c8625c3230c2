/**
 * Above a Create Vouch opened for a member who asked me for a vouch: their ask (and message), and
 * Decline ask. Vouching answers the ask by itself (the server marks it fulfilled).
 */
import { ApiError } from '@vouch/shell-sdk';
import { Box, Button, chakra, Flex, notify, Text } from '@vouch/ui';
import { useState } from 'react';
import { useDeclineVouchAsk, useLatestVouchAsk } from '../../../api/vouch-asks';

export function VouchAskNotice({ memberId, onDeclined }: { memberId: number; onDeclined: () => void }) {
  const ask = useLatestVouchAsk('received', memberId);
  const decline = useDeclineVouchAsk();
  const [block, setBlock] = useState(false);
  const open = ask.data?.status === 'open' ? ask.data : null;
  if (!open) return null;
  const declineAsk = async () => {
    try {
      await decline.mutateAsync({ id: open.id, block });
      notify({ title: 'Ask declined', description: block ? `${open.asker.name} will see that you declined, and cannot ask you again.` : `${open.asker.name} will see that you declined.` });
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
      <Flex as="label" gap="2" align="center" mt="2" fontSize="sm" color="fg.muted">
        <chakra.input type="checkbox" checked={block} onChange={(event) => setBlock(event.target.checked)} accentColor="brand.600" boxSize="4" />
        If I decline, don't let {open.asker.name} ask me again
      </Flex>
    </Box>
  );
}
