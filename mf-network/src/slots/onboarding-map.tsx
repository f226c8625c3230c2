/** `./OnboardingMap` (dashboard slot): the onboarding variant arrives with the network issue. */
import { Box, Text } from '@vouch/ui';

export default function OnboardingMap() {
  return (
    <Box bg="white" rounded="xl" borderWidth="1px" borderColor="gray.100" p="6" data-testid="onboarding-map">
      <Text fontWeight="semibold">Build Your Professional Network</Text>
      <Text color="fg.muted" fontSize="sm">Mentors, peers and mentees you vouch for will fill this map.</Text>
    </Box>
  );
}
