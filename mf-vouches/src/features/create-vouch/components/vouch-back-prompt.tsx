/**
 * After accepting a vouch (issue 28 item 4): "Vouch back for <name>", which opens Create Vouch
 * prefilled for the voucher. The server offers it only when the member has not vouched for them.
 */
import { vouchBackQuestion } from '@vouch/contracts';
import { Box, Button, Flex, Text } from '@vouch/ui';
import { useState, type ReactNode } from 'react';
import type { VouchPrefill } from '../lib/vouch-form';
import { LazyCreateVouchDialog } from './lazy-create-vouch-dialog';

export function VouchBackPrompt({ voucher, children, onDialogOpenChange }: { voucher: { memberId: number; name: string }; children?: ReactNode; onDialogOpenChange?: (open: boolean) => void }) {
  const [open, setOpenState] = useState(false);
  const setOpen = (next: boolean) => {
    setOpenState(next);
    onDialogOpenChange?.(next);
  };
  const prefill: VouchPrefill = { memberId: voucher.memberId, name: voucher.name };
  return (
    <Box bg="brand.50" borderWidth="1px" borderColor="brand.100" rounded="xl" p="4" data-testid="vouch-back">
      <Flex gap="3" align="center" justify="space-between" wrap="wrap">
        <Text fontWeight="medium">{vouchBackQuestion(voucher.name)}</Text>
        <Flex gap="2" wrap="wrap">
          {children}
          <Button colorPalette="brand" onClick={() => setOpen(true)}>
            Vouch back for {voucher.name}
          </Button>
        </Flex>
      </Flex>
      <LazyCreateVouchDialog open={open} onOpenChange={setOpen} prefill={prefill} />
    </Box>
  );
}
