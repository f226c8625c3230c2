/** The reasoning a suggestion carries; its problem shows as help until the field is left, then as an error. */
import { INTRODUCTION_TEXT_MAX_LENGTH } from '@vouch/contracts';
import { Field, Textarea } from '@vouch/ui';
import { useState } from 'react';
import { suggestionReasoningProblem } from '../lib/request-form';

export function SuggestionReasoningField({ value, onChange, isSelf, disabled }: { value: string; onChange: (value: string) => void; isSelf: boolean; disabled?: boolean }) {
  const [touched, setTouched] = useState(false);
  const problem = suggestionReasoningProblem(value, isSelf);
  return (
    <Field.Root required invalid={touched && !!problem} disabled={disabled}>
      <Field.Label>
        {isSelf ? 'Why you can help' : 'Your reasoning'} <Field.RequiredIndicator />
      </Field.Label>
      <Textarea
        name={isSelf ? 'self-reasoning' : 'reasoning'}
        rows={3}
        maxLength={INTRODUCTION_TEXT_MAX_LENGTH}
        placeholder={isSelf ? 'What makes you a good fit for this introduction?' : 'Why is this person a good match? How do you know them?'}
        value={value}
        onChange={(event) => onChange(event.target.value)}
        onBlur={() => setTouched(true)}
      />
      {problem ? touched ? <Field.ErrorText>{problem}</Field.ErrorText> : <Field.HelperText>{problem}</Field.HelperText> : null}
    </Field.Root>
  );
}
