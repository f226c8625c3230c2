/**
 * "What are you vouching for?": each category's box enables its text; the help line turns into
 * the submit's sentence when none is ticked and described.
 */
import { chakra, Box, Stack, Text, Textarea } from '@vouch/ui';
import { VOUCH_CATEGORIES, type VouchCategory, type VouchFormState } from '../lib/vouch-form';

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

export function VouchCategoryFields({
  form,
  onChange,
  problem,
  disabled,
}: {
  form: VouchFormState;
  onChange: (form: VouchFormState) => void;
  problem: string | undefined;
  disabled?: boolean;
}) {
  return (
    <chakra.fieldset border="0" p="0" m="0" disabled={disabled} aria-describedby="vouch-categories-help">
      <chakra.legend fontSize="sm" fontWeight="medium">
        What are you vouching for?
      </chakra.legend>
      <Text id="vouch-categories-help" fontSize="xs" color={problem ? 'fg.error' : 'fg.muted'} mb="3">
        {problem ?? 'Tick at least one and describe it.'}
      </Text>
      <Stack gap="4">
        {VOUCH_CATEGORIES.map((category) => (
          <CategoryField key={category.key} category={category} form={form} onChange={onChange} />
        ))}
      </Stack>
    </chakra.fieldset>
  );
}
