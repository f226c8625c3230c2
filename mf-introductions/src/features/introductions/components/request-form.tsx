/**
 * The Create Request tab (SPEC "Request Introduction dialog", §5, §6): request type, desired
 * skills, reason (required), context (optional), degree level 1st/2nd/3rd — 3rd only on a paid
 * plan, with an upgrade hint on the free one. Controlled: the dialog owns the state.
 */
import { INTRODUCTION_DEGREES, INTRODUCTION_MESSAGES, INTRODUCTION_TEXT_MAX_LENGTH, DESIRED_SKILLS_MAX_LENGTH, REQUEST_TYPE_MAX_LENGTH, REQUEST_TYPE_SUGGESTIONS, type IntroductionDegree } from '@vouch/contracts';
import { RouterLink } from '@vouch/shell-sdk';
import { Box, chakra, ChoiceCard, Field, Input, LockIcon, Link, SimpleGrid, Stack, Text, Textarea } from '@vouch/ui';
import type { FormEvent } from 'react';
import { degreeLabel } from '../lib/introduction-text';
import type { RequestFormField, RequestFormState } from '../lib/request-form';

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

const DEGREE_TEXT: Record<IntroductionDegree, string> = {
  1: 'People you know directly',
  2: 'Friends of your connections',
  3: 'One step further out',
};

export function DegreeChoice({
  value,
  onChange,
  allowed,
  disabled,
  onUpgrade,
  name = 'degree-level',
}: {
  /** The radio group's name (and the hint's id prefix): unique per rendered choice. */
  name?: string;
  value: IntroductionDegree;
  onChange: (degree: IntroductionDegree) => void;
  allowed: readonly IntroductionDegree[];
  disabled?: boolean;
  onUpgrade?: () => void;
}) {
  const lockedSome = INTRODUCTION_DEGREES.some((degree) => !allowed.includes(degree));
  return (
    <chakra.fieldset border="0" p="0" m="0" disabled={disabled} aria-describedby={lockedSome ? `${name}-upgrade-hint` : undefined}>
      <chakra.legend fontSize="sm" fontWeight="medium" mb="2">
        Degree level
      </chakra.legend>
      <SimpleGrid columns={3} gap="2">
        {INTRODUCTION_DEGREES.map((degree) => {
          const locked = !allowed.includes(degree);
          const checked = value === degree;
          return (
            <ChoiceCard key={degree} checked={checked} disabled={locked} flexDirection="column" alignItems="stretch" gap="0.5" p="2.5" data-testid={`degree-${degree}`}>
              <chakra.span display="flex" alignItems="center" gap="1.5" fontWeight="semibold" fontSize="sm">
                <chakra.input
                  type="radio"
                  name={name}
                  value={degree}
                  checked={checked}
                  disabled={locked}
                  onChange={() => onChange(degree)}
                  accentColor="brand.600"
                  boxSize="3.5"
                  aria-label={`${degreeLabel(degree)} degree${locked ? ' (upgrade required)' : ''}`}
                />
                {degreeLabel(degree)}
                {locked ? <LockIcon boxSize="3" aria-hidden="true" /> : null}
              </chakra.span>
              <chakra.span fontSize="xs" color="fg.muted" display={{ base: 'none', sm: 'block' }}>
                {DEGREE_TEXT[degree]}
              </chakra.span>
            </ChoiceCard>
          );
        })}
      </SimpleGrid>
      {lockedSome ? (
        <Text id={`${name}-upgrade-hint`} fontSize="xs" color="fg.muted" mt="2" data-testid="degree-upgrade-hint">
          3rd degree introductions come with Network Pro and Network Catalyst.{' '}
          <Link asChild color="brand.700" fontWeight="medium">
            <RouterLink to="/subscription" onClick={onUpgrade}>
              Upgrade your plan
            </RouterLink>
          </Link>
        </Text>
      ) : null}
    </chakra.fieldset>
  );
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
