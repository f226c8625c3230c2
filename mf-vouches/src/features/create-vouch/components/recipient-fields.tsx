/**
 * The recipient's name and phone; a whole pasted phone number is formatted, not cut. Addressed
 * to a member by id (Vouch for, Vouch back, an ask) there is no phone to type: theirs stays private.
 */
import { formatPastedPhone, VOUCH_FORM_PHONE_MAX_LENGTH } from '@vouch/contracts';
import { Field, Input, SimpleGrid, Text } from '@vouch/ui';
import { nextPhoneValue, type VouchFormField, type VouchFormState } from '../lib/vouch-form';

interface RecipientFieldsProps {
  form: VouchFormState;
  onChange: (form: VouchFormState) => void;
  problems: Partial<Record<VouchFormField, string>>;
  disabled?: boolean;
}

function PhoneField({ form, onChange, problems, disabled }: RecipientFieldsProps) {
  if (form.recipientMemberId !== null) {
    return (
      <Text fontSize="sm" color="fg.muted" alignSelf="end" data-testid="recipient-phone-private">
        Their phone stays private: the Vouch goes to the number on their account.
      </Text>
    );
  }
  return (
    <Field.Root required invalid={!!problems.recipientPhone} disabled={disabled}>
      <Field.Label>
        Recipient phone <Field.RequiredIndicator />
      </Field.Label>
      <Input
        name="recipientPhone"
        type="tel"
        inputMode="tel"
        autoComplete="off"
        placeholder="(555) 123-4567"
        maxLength={VOUCH_FORM_PHONE_MAX_LENGTH}
        value={form.recipientPhone}
        onChange={(event) => onChange({ ...form, recipientPhone: nextPhoneValue(event.target.value) })}
        onPaste={(event) => {
          // A whole pasted number replaces the field before maxLength (14) can cut "+1 (415) 555-0100".
          const pasted = formatPastedPhone(event.clipboardData.getData('text'));
          if (pasted === null) return;
          event.preventDefault();
          onChange({ ...form, recipientPhone: pasted });
        }}
      />
      <Field.ErrorText>{problems.recipientPhone}</Field.ErrorText>
    </Field.Root>
  );
}

export function RecipientFields(props: RecipientFieldsProps) {
  const { form, onChange, problems, disabled } = props;
  return (
    <SimpleGrid columns={{ base: 1, sm: 2 }} gap="4">
      <Field.Root required invalid={!!problems.recipientName} disabled={disabled}>
        <Field.Label>
          Recipient name <Field.RequiredIndicator />
        </Field.Label>
        <Input
          name="recipientName"
          autoComplete="off"
          placeholder="Jane Doe"
          value={form.recipientName}
          maxLength={100}
          onChange={(event) => onChange({ ...form, recipientName: event.target.value })}
        />
        <Field.ErrorText>{problems.recipientName}</Field.ErrorText>
      </Field.Root>
      <PhoneField {...props} />
    </SimpleGrid>
  );
}
