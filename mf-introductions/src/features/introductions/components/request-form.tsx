/**
 * The Create Request tab (SPEC "Request Introduction dialog", §5, §6): request type, desired
 * skills, reason (required), context (optional), degree level 1st/2nd/3rd — 3rd only on a paid
 * plan, with an upgrade hint on the free one. Controlled: the dialog owns the state.
 */
import { INTRODUCTION_MESSAGES, INTRODUCTION_TEXT_MAX_LENGTH, DESIRED_SKILLS_MAX_LENGTH, REQUEST_TYPE_MAX_LENGTH, type IntroductionDegree } from '@vouch/contracts';
import { Box, chakra, Field, Input, SimpleGrid, Stack, Textarea } from '@vouch/ui';
import type { FormEvent } from 'react';
import { REQUEST_TYPE_SUGGESTIONS, type RequestFormField, type RequestFormState } from '../lib/request-form';
import { DegreeChoice } from './degree-choice';

export interface RequestFormProps {
  id: string;
  form: RequestFormState;
  onChange: (form: RequestFormState) => void;
  onSubmit: () => void;
  /** Fields the last submit found empty. */
  missing: readonly RequestFormField[];
  allowed: readonly IntroductionDegree[];
  disabled?: boolean;
  /** Called when the member follows the upgrade link (the dialog closes). */
  onUpgrade: () => void;
}
export function RequestForm({ id, form, onChange, onSubmit, missing, allowed, disabled, onUpgrade }: RequestFormProps) {
  const submit = (event: FormEvent) => {
    event.preventDefault();
    onSubmit();
  };
  const isMissing = (field: RequestFormField) => missing.includes(field);
  return (
    <chakra.form id={id} onSubmit={submit} noValidate>
      <Stack gap="4">
        <SimpleGrid columns={{ base: 1, sm: 2 }} gap="4">
          <Field.Root required invalid={isMissing('requestType')} disabled={disabled}>
            <Field.Label>
              Request type <Field.RequiredIndicator />
            </Field.Label>
            <Input
              name="requestType"
              list="request-type-suggestions"
              autoComplete="off"
              placeholder="e.g. Hiring, Mentorship"
              maxLength={REQUEST_TYPE_MAX_LENGTH}
              value={form.requestType}
              onChange={(event) => onChange({ ...form, requestType: event.target.value })}
            />
            <datalist id="request-type-suggestions">
              {REQUEST_TYPE_SUGGESTIONS.map((type) => (
                <option key={type} value={type} />
              ))}
            </datalist>
          </Field.Root>
          <Field.Root required invalid={isMissing('desiredSkills')} disabled={disabled}>
            <Field.Label>
              Desired skills <Field.RequiredIndicator />
            </Field.Label>
            <Input
              name="desiredSkills"
              autoComplete="off"
              placeholder="e.g. React, product design"
              maxLength={DESIRED_SKILLS_MAX_LENGTH}
              value={form.desiredSkills}
              onChange={(event) => onChange({ ...form, desiredSkills: event.target.value })}
            />
            <Field.HelperText>Separate skills with commas.</Field.HelperText>
          </Field.Root>
        </SimpleGrid>
        <Field.Root required invalid={isMissing('reason')} disabled={disabled}>
          <Field.Label>
            Reason <Field.RequiredIndicator />
          </Field.Label>
          <Textarea
            name="reason"
            rows={3}
            maxLength={INTRODUCTION_TEXT_MAX_LENGTH}
            placeholder="Who are you hoping to meet, and why?"
            value={form.reason}
            onChange={(event) => onChange({ ...form, reason: event.target.value })}
          />
        </Field.Root>
        <Field.Root disabled={disabled}>
          <Field.Label>Context (optional)</Field.Label>
          <Textarea
            name="context"
            rows={2}
            maxLength={INTRODUCTION_TEXT_MAX_LENGTH}
            placeholder="Anything that helps your network pick the right person"
            value={form.context}
            onChange={(event) => onChange({ ...form, context: event.target.value })}
          />
        </Field.Root>
        <DegreeChoice value={form.degreeLevel} onChange={(degreeLevel) => onChange({ ...form, degreeLevel })} allowed={allowed} disabled={disabled} onUpgrade={onUpgrade} />
        {missing.length ? (
          <Box role="alert" fontSize="sm" color="fg.error" data-testid="request-form-error">
            {INTRODUCTION_MESSAGES.requiredFields}
          </Box>
        ) : null}
      </Stack>
    </chakra.form>
  );
}
