/**
 * "Vouch back for <name>" kept on the dashboard (issue 44): the latest voucher the member has not
 * vouched for, until they do (the list is read again after any vouch) or choose Not now.
 */
import type { VouchBack } from '@vouch/contracts';
import { Button } from '@vouch/ui';
import { useState } from 'react';
import { VouchBackPrompt } from '../../create-vouch';
import { useDismissVouchBack, useVouchBacks } from '../api/vouch-back';

export function VouchBackCard() {
  const offers = useVouchBacks(true);
  const dismiss = useDismissVouchBack();
  // The one being vouched for stays while its dialog is open: the vouch it creates takes it off
  // the list, and the dialog still has to show how to share the vouch.
  const [held, setHeld] = useState<VouchBack | null>(null);
  const first = held ?? offers.data?.[0];
  if (!first) return null;
  return (
    <VouchBackPrompt key={first.memberId} voucher={first} onDialogOpenChange={(open) => setHeld(open ? first : null)}>
      <Button variant="ghost" colorPalette="brand" onClick={() => dismiss.mutate(first.memberId)}>
        Not now
      </Button>
    </VouchBackPrompt>
  );
}
