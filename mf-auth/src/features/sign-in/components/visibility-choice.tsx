/** The name step's "Who can see your profile?" (issue 44): Public or Private, as the account is made. */
import { Box, chakra, Stack, Text } from '@vouch/ui';

const VISIBILITY_OPTIONS = [
  { value: true, label: 'Public', hint: 'Anyone with your link sees your name, headline and the vouches you accept; members can find you in search.' },
  { value: false, label: 'Private', hint: 'Only you see your profile; visitors get "Profile Not Found". You can make it public later in Profile settings.' },
] as const;

/** Who sees the profile, chosen when the account is made (issue 44); changed later in Profile settings. */
export function VisibilityChoice({ isPublic, onChange }: { isPublic: boolean; onChange: (isPublic: boolean) => void }) {
  return (
    <chakra.fieldset borderWidth="1px" borderColor="gray.200" rounded="lg" p="3" data-testid="visibility-choice">
      <chakra.legend px="1" fontWeight="medium" fontSize="sm">
        Who can see your profile?
      </chakra.legend>
      <Stack gap="2">
        {VISIBILITY_OPTIONS.map((option) => {
          const id = `profile-visibility-${option.label.toLowerCase()}`;
          return (
            <chakra.label key={option.label} htmlFor={id} display="flex" alignItems="flex-start" gap="3" cursor="pointer">
              <chakra.input id={id} type="radio" name="profileVisibility" value={option.label.toLowerCase()} checked={isPublic === option.value} onChange={() => onChange(option.value)} accentColor="brand.600" boxSize="4" mt="1" />
              <Box>
                <Text fontWeight="medium">{option.label}</Text>
                <Text fontSize="sm" color="fg.muted">
                  {option.hint}
                </Text>
              </Box>
            </chakra.label>
          );
        })}
      </Stack>
    </chakra.fieldset>
  );
}
