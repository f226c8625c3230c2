/**
 * The standalone page's view of this remote's dashboard slots (`/mf/network/index.html#/slots`), rendered
 * as a host renders them: `./NetworkMap` compact and `./OnboardingMap`, each with an
 * `onOpenCreateVouch` that here only says what a host would do. Not part of `./routes`.
 */
import { useState } from 'react';
import { Box, Heading, Stack, Text } from '@vouch/ui';
import { useDocumentTitle } from '@vouch/shell-sdk';
import NetworkMapSlot from './network-map';
import OnboardingMapSlot from './onboarding-map';

export function SlotsPreviewPage() {
  useDocumentTitle('Network slots');
  const [asked, setAsked] = useState(0);
  const onOpenCreateVouch = () => setAsked((n) => n + 1);
  return (
    <Stack gap="6">
      <Box>
        <Heading as="h1" size="xl">
          Dashboard slots
        </Heading>
        <Text color="fg.muted" role="status" data-testid="create-vouch-requests">
          {asked ? `The host was asked to open Create Vouch ${asked} time${asked === 1 ? '' : 's'}.` : 'The dashboard renders these two slots.'}
        </Text>
      </Box>
      <OnboardingMapSlot onOpenCreateVouch={onOpenCreateVouch} />
      <NetworkMapSlot compact onOpenCreateVouch={onOpenCreateVouch} />
    </Stack>
  );
}
