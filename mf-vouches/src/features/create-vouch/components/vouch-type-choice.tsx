/** "Type of Vouch": Recommendation or Invite, as two choice cards. */
import type { VouchType } from '@vouch/contracts';
import { Box, chakra, ChoiceCard, SimpleGrid, Text } from '@vouch/ui';

const TYPE_OPTIONS: { value: VouchType; title: string; text: string }[] = [
  { value: 'recommendation', title: 'Recommendation', text: "Vouch for someone's character, skills or accomplishments." },
  { value: 'invite', title: 'Invite', text: 'Invite someone you trust to join the network.' },
];

export function VouchTypeChoice({ value, onChange, disabled }: { value: VouchType; onChange: (type: VouchType) => void; disabled?: boolean }) {
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
