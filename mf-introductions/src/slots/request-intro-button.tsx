/**
 * `./RequestIntroButton` (header and dashboard slot, props `HeaderSlotProps`): opens the Request
 * Introduction dialog. Members with no vouch see it greyed with a lock and a tooltip saying why
 * (SPEC "Header", §6); the server refuses them too (403).
 */
import { useCurrentUser, vouchCountOf, type HeaderSlotProps } from '@vouch/shell-sdk';
import { Button, chakra, LockIcon, Tooltip, UserPlusIcon, VisuallyHidden } from '@vouch/ui';
import { useState } from 'react';
import { LazyRequestIntroDialog } from '../features/introductions/components/lazy-request-intro-dialog';

export const LOCKED_REASON = 'Request Intro unlocks when your first Vouch is accepted: vouch for someone you trust, or accept a Vouch made for you.';

export default function RequestIntroButton({ user, vouchCount }: Partial<HeaderSlotProps>) {
  const [open, setOpen] = useState(false);
  // A host that passes no props (a standalone page) still gets the right state.
  const current = useCurrentUser();
  const count = vouchCount ?? vouchCountOf(user ?? current.user);
  if (count === 0) {
    return (
      <Tooltip content={LOCKED_REASON}>
        <chakra.span display="inline-flex" tabIndex={0} rounded="md" aria-describedby="request-intro-locked" data-testid="request-intro-locked" _focusVisible={{ outline: '2px solid', outlineColor: 'brand.500', outlineOffset: '2px' }}>
          <Button size="sm" variant="outline" disabled pointerEvents="none" aria-disabled="true" tabIndex={-1}>
            <LockIcon boxSize="3.5" aria-hidden="true" />
            Request Intro
          </Button>
          <VisuallyHidden id="request-intro-locked">{LOCKED_REASON}</VisuallyHidden>
        </chakra.span>
      </Tooltip>
    );
  }
  return (
    <>
      <Button size="sm" variant="outline" colorPalette="brand" onClick={() => setOpen(true)} data-testid="request-intro-button">
        <UserPlusIcon boxSize="3.5" aria-hidden="true" />
        Request Intro
      </Button>
      <LazyRequestIntroDialog open={open} onOpenChange={setOpen} />
    </>
  );
}
