/**
 * How two people know each other (issue 28 item 8): a native select of the seven relationships,
 * used by Create Vouch (the voucher's side) and the vouch page (the recipient's correction).
 * Native, so phones show their own picker and the label reads it out.
 */
import { relationshipLabel, VOUCH_RELATIONSHIPS, type VouchRelationship } from '@vouch/contracts';
import { chakra, Field } from '@vouch/ui';

export interface RelationshipSelectProps {
  id: string;
  label: string;
  value: VouchRelationship | '';
  onChange: (value: VouchRelationship) => void;
  problem?: string;
  required?: boolean;
  disabled?: boolean;
}

export function RelationshipSelect({ id, label, value, onChange, problem, required, disabled }: RelationshipSelectProps) {
  return (
    <Field.Root required={required} invalid={!!problem} disabled={disabled}>
      <Field.Label htmlFor={id}>
        {label} {required ? <Field.RequiredIndicator /> : null}
      </Field.Label>
      <chakra.select
        id={id}
        name="relationship"
        value={value}
        disabled={disabled}
        aria-invalid={problem ? true : undefined}
        onChange={(event) => onChange(event.target.value as VouchRelationship)}
        w="full"
        h="10"
        px="3"
        rounded="l2"
        borderWidth="1px"
        borderColor={problem ? 'border.error' : 'border'}
        bg="bg"
        fontSize="md"
      >
        {value === '' ? (
          <option value="" disabled>
            Choose…
          </option>
        ) : null}
        {VOUCH_RELATIONSHIPS.map((r) => (
          <option key={r} value={r}>
            {relationshipLabel(r)}
          </option>
        ))}
      </chakra.select>
      {problem ? <Field.ErrorText>{problem}</Field.ErrorText> : null}
    </Field.Root>
  );
}
