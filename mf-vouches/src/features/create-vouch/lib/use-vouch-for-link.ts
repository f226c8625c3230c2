/**
 * `?vouchFor=<memberId>` on any signed-in page opens Create Vouch prefilled for that member (the
 * link of an ask for a vouch: the bell, its push and its text). The name comes from their ask;
 * closing the dialog takes the parameter off the address, so a reload does not open it again.
 */
import { readVouchForParam, VOUCH_FOR_PARAM } from '@vouch/contracts';
import { useSearchParams } from '@vouch/shell-sdk';
import { useEffect, useState } from 'react';
import { useLatestVouchAsk } from '../../../api/vouch-asks';
import type { VouchPrefill } from './vouch-form';

// The first Create Vouch button on the page (the header's) answers the link; another one (the
// network map's empty state) does not, so the link never opens two dialogs.
let owner: symbol | null = null;

function useLinkOwner(): boolean {
  const [me] = useState(() => Symbol('vouch-for-link'));
  const [isOwner, setIsOwner] = useState(false);
  // Claimed once mounted (a render React throws away, e.g. while a lazy part loads, claims nothing).
  useEffect(() => {
    if (owner === null) {
      owner = me;
      setIsOwner(true);
    }
    return () => {
      if (owner === me) owner = null;
    };
  }, [me]);
  return isOwner;
}

export function useVouchForLink(): { prefill: VouchPrefill | null; close: () => void } {
  const [params, setParams] = useSearchParams();
  const isOwner = useLinkOwner();
  const memberId = isOwner ? readVouchForParam(params.toString()) : null;
  const ask = useLatestVouchAsk('received', memberId);
  const close = () => {
    const next = new URLSearchParams(params);
    next.delete(VOUCH_FOR_PARAM);
    // The ask the link named (?ask=<id>, the bell's link) goes with it.
    next.delete('ask');
    setParams(next, { replace: true });
  };
  // Opens once the ask has answered (its asker's name); without an ask, with the name to type.
  const prefill = memberId !== null && !ask.isPending ? { memberId, name: ask.data?.asker.name ?? '' } : null;
  return { prefill, close };
}
