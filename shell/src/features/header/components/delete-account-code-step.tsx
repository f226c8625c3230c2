/**
 * The second step of Delete account (issue 43): a fresh code texted to the member's own phone,
 * so a session left open or stolen cannot delete the account on its own.
 */
import { formatStoredPhone } from '@vouch/contracts';
import { Button, Field, Input, Stack, Text } from '@vouch/ui';

/** The six digits of a sign-in code, as typed (anything else dropped). */
export function cleanConfirmationCode(input: string): string {
  return input.replace(/\D/g, '').slice(0, 6);
}

export const isCodeComplete = (code: string): boolean => /^\d{6}$/.test(code);

export function DeleteAccountCodeStep({ phone, code, onCode, onResend, busy }: { phone: string; code: string; onCode: (code: string) => void; onResend: () => void; busy: boolean }) {
  return (
    <Stack gap="4">
      <Text>
        To confirm it is you, enter the code we texted to <b>{formatStoredPhone(phone)}</b>.
      </Text>
      <Field.Root required>
        <Field.Label>Confirmation code</Field.Label>
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
