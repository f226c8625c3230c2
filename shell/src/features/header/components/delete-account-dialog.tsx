/**
 * Delete account (issue 10): a destructive dialog that says what goes and what stays, and asks
 * the member to type DELETE before the button works.
 */
import { ConfirmDialog, Field, Input, notify, Stack, Text } from '@vouch/ui';
import { useState } from 'react';
import { accountFailureText, useDeleteAccount } from '../api/account';
import { DELETE_CONFIRMATION, isDeleteConfirmed } from '../header-rules';

export function DeleteAccountDialog({ open, onOpenChange }: { open: boolean; onOpenChange: (open: boolean) => void }) {
  const [typed, setTyped] = useState('');
  const remove = useDeleteAccount();
  const close = (next: boolean) => {
    if (!next) setTyped('');
    onOpenChange(next);
  };
  const confirm = async () => {
    try {
      await remove.mutateAsync();
    } catch (error) {
      notify({ title: 'Error', description: accountFailureText(error, 'Failed to delete your account'), variant: 'destructive' });
    }
  };
  const ready = isDeleteConfirmed(typed);
  return (
    <ConfirmDialog
      open={open}
      onOpenChange={close}
      title="Delete your account?"
      keepLabel="Keep Account"
      confirmLabel="Delete Account"
      pendingLabel="Deleting…"
      pending={remove.isPending}
      confirmDisabled={!ready}
      onConfirm={() => void confirm()}
    >
      <form
        onSubmit={(event) => {
          event.preventDefault();
          if (ready) void confirm();
        }}
      >
        <Stack gap="4">
          <Text>This cannot be undone. Export your data first if you want a copy.</Text>
          <Stack gap="2" fontSize="sm" color="fg.muted">
            <Text>Your profile, sessions, activity, introduction requests, suggestions and subscription are deleted; a paid plan is cancelled.</Text>
            <Text>Vouches made for you, and vouches you sent that are still pending, are deleted.</Text>
            <Text>Vouches you gave that were accepted stay with the people you vouched for, from &quot;A former member&quot;.</Text>
          </Stack>
          <Field.Root required>
            <Field.Label>Type {DELETE_CONFIRMATION} to confirm</Field.Label>
            <Input name="confirm-delete" autoComplete="off" value={typed} onChange={(event) => setTyped(event.target.value)} />
          </Field.Root>
        </Stack>
      </form>
    </ConfirmDialog>
  );
}
