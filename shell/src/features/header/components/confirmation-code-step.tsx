/**
 * A code texted to a phone, typed to confirm a step (issue 43): a fresh code on the member's own
 * phone before deleting the account or changing the phone number (so a session left open or
 * stolen cannot do either on its own), and the code texted to a new phone number.
 */
import { formatStoredPhone } from '@vouch/contracts';
import { Button, Field, Input, Stack, Text } from '@vouch/ui';
import { cleanConfirmationCode } from '../header-rules';

export interface ConfirmationCodeStepProps {
  /** The phone the code went to, as stored (+1…). */
  phone: string;
  /** Says why the code is asked for; by default "To confirm it is you, …". */
  purpose?: 'confirm' | 'new-phone';
  code: string;
  onCode: (code: string) => void;
  onResend: () => void;
  busy: boolean;
}

export function ConfirmationCodeStep({ phone, purpose = 'confirm', code, onCode, onResend, busy }: ConfirmationCodeStepProps) {
  return (
    <Stack gap="4">
      <Text>
        {purpose === 'confirm' ? 'To confirm it is you, enter the code we texted to ' : 'To confirm the new number is yours, enter the code we texted to '}
        <b>{formatStoredPhone(phone)}</b>.
      </Text>
      <Field.Root required>
        <Field.Label>{purpose === 'confirm' ? 'Confirmation code' : 'Code sent to the new number'}</Field.Label>
        <Input
          name="confirmation-code"
          inputMode="numeric"
          autoComplete="one-time-code"
          placeholder="123456"
          maxLength={6}
          value={code}
          onChange={(event) => onCode(cleanConfirmationCode(event.target.value))}
          autoFocus
        />
      </Field.Root>
      <Button type="button" variant="ghost" size="sm" alignSelf="start" onClick={onResend} disabled={busy}>
        Send a new code
      </Button>
    </Stack>
  );
}
