/**
 * `./CreateVouchButton` (header slot, props `HeaderSlotProps`): opens the Create Vouch dialog.
 * Labelled "Create First Vouch" and pulsing while the member has no vouches (SPEC "Header");
 * the profile counters count accepted vouches only, so the vouches they sent and that still
 * wait for an answer count too (`GET /api/vouches/my`, the list My Vouches shows).
 */
import { vouchCountOf, type HeaderSlotProps } from '@vouch/shell-sdk';
import { Box, Button } from '@vouch/ui';
import { useState } from 'react';
import { useMyVouches } from '../api/vouch-lists';
import { LazyCreateVouchDialog, useVouchForLink } from '../features/create-vouch';

export default function CreateVouchButton({ user, vouchCount }: Partial<HeaderSlotProps>) {
  const [open, setOpen] = useState(false);
  // ?vouchFor=<memberId> (an ask's link) opens Create Vouch prefilled for that member.
  const link = useVouchForLink();
  const sent = useMyVouches({ enabled: !!user });
  const count = (vouchCount ?? vouchCountOf(user)) + (sent.data?.length ?? 0);
  // Until the list answers, trust the counters alone (no flash of "First" for most members).
  const first = count === 0 && !sent.isPending;
  return (
    <>
      <Box position="relative" display="inline-flex">
        <Button size="sm" colorPalette="brand" onClick={() => setOpen(true)} data-first={first || undefined}>
          {first ? 'Create First Vouch' : 'Create Vouch'}
        </Button>
        {first ? (
          <Box position="absolute" top="-1" right="-1" boxSize="3" pointerEvents="none" aria-hidden="true" data-testid="create-vouch-pulse">
            <Box position="absolute" inset="0" rounded="full" bg="brand.400" animation="ping" _motionReduce={{ animation: 'none' }} />
            <Box position="relative" boxSize="3" rounded="full" bg="brand.500" borderWidth="2px" borderColor="white" />
          </Box>
        ) : null}
      </Box>
      <LazyCreateVouchDialog open={open} onOpenChange={setOpen} />
      {link.prefill ? <LazyCreateVouchDialog open onOpenChange={(next) => !next && link.close()} prefill={link.prefill} /> : null}
    </>
  );
}
