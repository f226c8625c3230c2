/**
 * Step 1 of the Create Vouch dialog (SPEC §5): type, recipient, categories (each box enables
 * its text), reason. Controlled: the dialog owns the state so closing can reset it.
 */
import { DEFAULT_INVITE_MESSAGE, formatPastedPhone, VOUCH_FORM_PHONE_MAX_LENGTH, type VouchType } from '@vouch/contracts';
import { Box, chakra, ChoiceCard, Field, Input, SimpleGrid, Stack, Text, Textarea } from '@vouch/ui';
import type { FormEvent } from 'react';
import { nextPhoneValue, VOUCH_CATEGORIES, type VouchCategory, type VouchFormField, type VouchFormState } from '../lib/vouch-form';

export interface CreateVouchFormProps {
  id: string;
  form: VouchFormState;
  onChange: (form: VouchFormState) => void;
  onSubmit: () => void;
  /** Fields the last submit found wrong (marked invalid, with their sentence). */
  problems: Partial<Record<VouchFormField, string>>;
  disabled?: boolean;
}

const TYPE_OPTIONS: { value: VouchType; title: string; text: string }[] = [
  { value: 'recommendation', title: 'Recommendation', text: "Vouch for someone's character, skills or accomplishments." },
  { value: 'invite', title: 'Invite', text: 'Invite someone you trust to join the network.' },
];

function TypeChoice({ value, onChange, disabled }: { value: VouchType; onChange: (type: VouchType) => void; disabled?: boolean }) {
  return (
    <chakra.fieldset border="0" p="0" m="0" disabled={disabled}>
      <chakra.legend fontSize="sm" fontWeight="medium" mb="2">
        Type of Vouch
      </chakra.legend>
      <SimpleGrid columns={{ base: 1, sm: 2 }} gap="3">
        {TYPE_OPTIONS.map((option) => {
          const checked = value === option.value;
          return (
            <ChoiceCard key={option.value} checked={checked}>
              <chakra.input
                type="radio"
                name="vouch-type"
                value={option.value}
                checked={checked}
                onChange={() => onChange(option.value)}
                accentColor="brand.600"
                mt="1"
                boxSize="4"
              />
              <Box>
                <Text fontWeight="semibold" fontSize="sm">
                  {option.title}
                </Text>
                <Text fontSize="xs" color="fg.muted">
                  {option.text}
                </Text>
              </Box>
            </ChoiceCard>
          );
        })}
      </SimpleGrid>
    </chakra.fieldset>
  );
}

function CategoryField({
  category,
  form,
  onChange,
}: {
  category: (typeof VOUCH_CATEGORIES)[number];
  form: VouchFormState;
  onChange: (form: VouchFormState) => void;
}) {
  const key: VouchCategory = category.key;
  const ticked = form.ticked[key];
  const boxId = `vouch-category-${key}`;
  return (
    <Box>
      <chakra.label htmlFor={boxId} display="inline-flex" alignItems="center" gap="2" cursor="pointer" fontSize="sm" fontWeight="medium">
        <chakra.input
          id={boxId}
          type="checkbox"
          checked={ticked}
          onChange={(event) => onChange({ ...form, ticked: { ...form.ticked, [key]: event.target.checked } })}
          accentColor="brand.600"
          boxSize="4"
        />
        {category.label}
      </chakra.label>
      <Textarea
        mt="2"
        aria-label={category.label}
        placeholder={ticked ? category.placeholder : `Tick ${category.label} to describe them`}
        disabled={!ticked}
        value={form[key]}
        onChange={(event) => onChange({ ...form, [key]: event.target.value })}
        rows={2}
        maxLength={1000}
      />
    </Box>
  );
}

// The control each problem points at; categories: their first box.
const FIELD_SELECTORS: Record<VouchFormField, string> = {
  recipientName: '[name="recipientName"]',
  recipientPhone: '[name="recipientPhone"]',
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
        <TypeChoice value={form.type} onChange={(type) => onChange({ ...form, type })} disabled={disabled} />

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
        </SimpleGrid>

        {isInvite ? null : (
          <chakra.fieldset border="0" p="0" m="0" disabled={disabled} aria-describedby="vouch-categories-help">
            <chakra.legend fontSize="sm" fontWeight="medium">
              What are you vouching for?
            </chakra.legend>
            <Text id="vouch-categories-help" fontSize="xs" color={problems.categories ? 'fg.error' : 'fg.muted'} mb="3">
              {problems.categories ?? 'Tick at least one and describe it.'}
            </Text>
            <Stack gap="4">
              {VOUCH_CATEGORIES.map((category) => (
                <CategoryField key={category.key} category={category} form={form} onChange={onChange} />
              ))}
            </Stack>
          </chakra.fieldset>
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
