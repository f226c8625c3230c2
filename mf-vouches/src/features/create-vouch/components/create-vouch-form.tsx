/**
 * Step 1 of the Create Vouch dialog (SPEC §5): type, recipient, categories (each box enables
 * its text), reason. Controlled: the dialog owns the state so closing can reset it.
 */
import { DEFAULT_INVITE_MESSAGE } from '@vouch/contracts';
import { chakra, Field, Stack, Textarea } from '@vouch/ui';
import type { FormEvent } from 'react';
import { VOUCH_CATEGORIES, type VouchFormField, type VouchFormState } from '../lib/vouch-form';
import { RelationshipSelect } from '../../../components/relationship-select';
import { RecipientFields } from './recipient-fields';
import { VouchCategoryFields } from './vouch-category-fields';
import { VouchTypeChoice } from './vouch-type-choice';

export interface CreateVouchFormProps {
  id: string;
  form: VouchFormState;
  onChange: (form: VouchFormState) => void;
  onSubmit: () => void;
  /** Fields the last submit found wrong (marked invalid, with their sentence). */
  problems: Partial<Record<VouchFormField, string>>;
  disabled?: boolean;
}

// The control each problem points at; categories: their first box.
const FIELD_SELECTORS: Record<VouchFormField, string> = {
  recipientName: '[name="recipientName"]',
  recipientPhone: '[name="recipientPhone"]',
  relationship: '[name="relationship"]',
  categories: `#vouch-category-${VOUCH_CATEGORIES[0].key}`,
  reason: '[name="reason"]',
};

/** Moves the keyboard focus to a field the last submit found wrong. */
export function focusFormField(formId: string, field: VouchFormField): void {
  document.getElementById(formId)?.querySelector<HTMLElement>(FIELD_SELECTORS[field])?.focus();
}

export function CreateVouchForm({ id, form, onChange, onSubmit, problems, disabled }: CreateVouchFormProps) {
  const isInvite = form.type === 'invite';
  const submit = (event: FormEvent) => {
    event.preventDefault();
    onSubmit();
  };
  return (
    <chakra.form id={id} onSubmit={submit} noValidate>
      <Stack gap="5">
        <VouchTypeChoice value={form.type} onChange={(type) => onChange({ ...form, type })} disabled={disabled} />

        <RecipientFields form={form} onChange={onChange} problems={problems} disabled={disabled} />

        <RelationshipSelect
          id={`${id}-relationship`}
          label="They are my"
          value={form.relationship}
          onChange={(relationship) => onChange({ ...form, relationship })}
          problem={problems.relationship}
          required
          disabled={disabled}
        />

        {isInvite ? null : (
          <VouchCategoryFields form={form} onChange={onChange} problem={problems.categories} disabled={disabled} />
        )}

        <Field.Root required={!isInvite} invalid={!!problems.reason} disabled={disabled}>
          <Field.Label>
            {isInvite ? 'Message (Optional)' : 'Reason'} {isInvite ? null : <Field.RequiredIndicator />}
          </Field.Label>
          <Textarea
            name="reason"
            rows={3}
            maxLength={2000}
            placeholder={isInvite ? DEFAULT_INVITE_MESSAGE : 'Why do you vouch for this person? How do you know their work?'}
            value={form.reason}
            onChange={(event) => onChange({ ...form, reason: event.target.value })}
          />
          {problems.reason ? <Field.ErrorText>{problems.reason}</Field.ErrorText> : null}
          {isInvite ? <Field.HelperText>Left empty, the invite carries a friendly welcome.</Field.HelperText> : null}
        </Field.Root>
      </Stack>
    </chakra.form>
  );
}
