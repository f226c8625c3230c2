/**
 * Delete account (issue 10): a destructive dialog that says what goes and what stays, and asks
 * the member to type DELETE before the button works; then, as deleting needs a fresh code (issue
 * 43), a code texted to their phone, which the final Delete Account confirms.
 */
import { ConfirmDialog, Field, Input, notify, Stack, Text } from '@vouch/ui';
import { useState } from 'react';
import { accountFailureText, useDeleteAccount } from '../api/account';
import { requestConfirmationCode } from '../api/reverify';
import { DELETE_CONFIRMATION, isCodeComplete, isDeleteConfirmed } from '../header-rules';
import { ConfirmationCodeStep } from './confirmation-code-step';

export function DeleteAccountDialog({ open, onOpenChange, phone }: { open: boolean; onOpenChange: (open: boolean) => void; phone: string }) {
  const [typed, setTyped] = useState('');
  const [attemptId, setAttemptId] = useState<string | null>(null);
  const [code, setCode] = useState('');
  const [sending, setSending] = useState(false);
  const remove = useDeleteAccount();
  const close = (next: boolean) => {
    if (!next) {
      setTyped('');
      setAttemptId(null);
      setCode('');
    }
    onOpenChange(next);
  };
  const fail = (error: unknown, fallback: string) => notify({ title: 'Error', description: accountFailureText(error, fallback), variant: 'destructive' });
  const sendCode = async () => {
    setSending(true);
    try {
      setAttemptId((await requestConfirmationCode(phone)).attemptId);
      setCode('');
    } catch (error) {
      fail(error, 'Failed to send a confirmation code');
    } finally {
      setSending(false);
    }
  };
  const confirm = async () => {
    if (attemptId === null) {
      await sendCode();
      return;
    }
    try {
      await remove.mutateAsync({ attemptId, otp: code });
    } catch (error) {
      fail(error, 'Failed to delete your account');
    }
  };
  const ready = attemptId === null ? isDeleteConfirmed(typed) : isCodeComplete(code);
  return (
    <ConfirmDialog
      open={open}
      onOpenChange={close}
      title="Delete your account?"
      keepLabel="Keep Account"
      confirmLabel={attemptId === null ? 'Continue' : 'Delete Account'}
      pendingLabel={attemptId === null ? 'Sending code…' : 'Deleting…'}
      pending={remove.isPending || sending}
      confirmDisabled={!ready}
      onConfirm={() => void confirm()}
    >
      <form
        onSubmit={(event) => {
          event.preventDefault();
          if (ready) void confirm();
        }}
      >
        {attemptId === null ? (
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
        ) : (
          <ConfirmationCodeStep phone={phone} code={code} onCode={setCode} onResend={() => void sendCode()} busy={sending || remove.isPending} />
        )}
      </form>
    </ConfirmDialog>
  );
}
