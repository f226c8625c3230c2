/**
 * Revoke a pending vouch I sent (issue 10): asks first, because the link I shared stops
 * working for good and the month's allowance it used is not given back.
 */
import type { Vouch } from '@vouch/contracts';
import { ConfirmDialog, notify, Stack, Text } from '@vouch/ui';
import { revokeFailureText, useRevokeVouch } from '../api/revoke-vouch';

export function RevokeVouchDialog({ vouch, open, onOpenChange }: { vouch: Vouch; open: boolean; onOpenChange: (open: boolean) => void }) {
  const revoke = useRevokeVouch();
  const noun = vouch.type === 'invite' ? 'invitation' : 'Vouch';
  // mutateAsync, not mutate's callbacks: those are skipped once the refreshed list drops this card.
  const confirm = async () => {
    try {
      await revoke.mutateAsync(vouch.id);
      notify({ title: 'Vouch Revoked', description: `Your ${noun} for ${vouch.recipientName} was removed.` });
    } catch (error) {
      notify({ title: 'Error', description: revokeFailureText(error), variant: 'destructive' });
    }
    onOpenChange(false);
  };
  return (
    <ConfirmDialog
      open={open}
      onOpenChange={onOpenChange}
      title={`Revoke this ${noun}?`}
      keepLabel="Keep Vouch"
      confirmLabel="Revoke Vouch"
      pendingLabel="Revoking…"
      pending={revoke.isPending}
      onConfirm={() => void confirm()}
    >
      <Stack gap="3">
        <Text>
          {vouch.recipientName} will no longer be able to accept it: its link will say it was removed by its sender. You can&apos;t undo this.
        </Text>
        <Text color="fg.muted" fontSize="sm">
          It still counts toward this month&apos;s allowance.
        </Text>
      </Stack>
    </ConfirmDialog>
  );
}
