/**
 * Change phone number (issue 43), from the avatar menu: a fresh code texted to the current phone
 * confirms it is the member, then the new number and the code texted to it. The member signs in
 * with the new number from then on; this session goes on.
 */
import { formatPastedPhone, formatPhoneForDisplay, formatStoredPhone, SIGN_IN_PHONE_MAX_LENGTH } from '@vouch/contracts';
import { ConfirmDialog, Field, Input, Stack, Text } from '@vouch/ui';
import type { FormEvent } from 'react';
import { useChangePhoneFlow, type ChangePhoneStep } from '../hooks/use-change-phone-flow';
import { ConfirmationCodeStep } from './confirmation-code-step';

const ACTIONS: Record<ChangePhoneStep, [label: string, pending: string]> = {
  start: ['Continue', 'Sending code…'],
  'current-code': ['Confirm', 'Checking…'],
  'new-phone': ['Send Code', 'Sending code…'],
  'new-code': ['Change Phone Number', 'Changing…'],
};

function NewPhoneStep({ value, onChange }: { value: string; onChange: (value: string) => void }) {
  return (
    <Stack gap="4">
      <Text>Enter the number you want to sign in with from now on. We text it a code to confirm it is yours.</Text>
      <Field.Root required>
        <Field.Label>New phone number</Field.Label>
        <Input
          name="new-phone"
          type="tel"
          inputMode="tel"
          autoComplete="tel-national"
          placeholder="(555) 123-4567"
          maxLength={SIGN_IN_PHONE_MAX_LENGTH}
          value={value}
          onChange={(event) => onChange(formatPhoneForDisplay(event.target.value))}
          onPaste={(event) => {
            const pasted = formatPastedPhone(event.clipboardData.getData('text'));
            if (pasted === null) return;
            event.preventDefault();
            onChange(pasted);
          }}
          autoFocus
        />
        <Field.HelperText>US numbers. Another member&apos;s number cannot be yours too.</Field.HelperText>
      </Field.Root>
    </Stack>
  );
}

export function ChangePhoneDialog({ open, onOpenChange, phone }: { open: boolean; onOpenChange: (open: boolean) => void; phone: string }) {
  const flow = useChangePhoneFlow(phone, () => onOpenChange(false));
  const close = (next: boolean) => {
    if (!next) flow.reset();
    onOpenChange(next);
  };
  const [label, pendingLabel] = ACTIONS[flow.step];
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (flow.ready && !flow.busy) void flow.next();
  };
  const codeStep = (to: string, purpose: 'confirm' | 'new-phone') => (
    <ConfirmationCodeStep phone={to} purpose={purpose} code={flow.code} onCode={flow.setCode} onResend={() => void flow.resend()} busy={flow.busy} />
  );
  return (
    <ConfirmDialog
      open={open}
      onOpenChange={close}
      title="Change phone number"
      keepLabel="Cancel"
      confirmLabel={label}
      pendingLabel={pendingLabel}
      pending={flow.busy}
      confirmDisabled={!flow.ready}
      confirmPalette="brand"
      onConfirm={() => void flow.next()}
    >
      <form onSubmit={submit} data-testid="change-phone" data-step={flow.step}>
        {flow.step === 'start' ? (
          <Text>
            You sign in with <b>{formatStoredPhone(phone)}</b>. To change it, we first text a code to this number to confirm it is you.
          </Text>
        ) : flow.step === 'current-code' ? (
          codeStep(phone, 'confirm')
        ) : flow.step === 'new-phone' ? (
          <NewPhoneStep value={flow.newPhone} onChange={flow.setNewPhone} />
        ) : (
          codeStep(flow.newPhoneE164, 'new-phone')
        )}
      </form>
    </ConfirmDialog>
  );
}
