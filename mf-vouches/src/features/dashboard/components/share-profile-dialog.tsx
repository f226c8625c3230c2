/**
 * The share dialog of the profile summary card: a QR code of the public profile (256 px) and its
 * link with Copy. Loaded on first open (qrcode.react stays out of the dashboard's first load).
 */
import { AppDialog, Box, Button, Center, chakra, HStack, Input, Stack, Text } from '@vouch/ui';
import { QRCodeSVG } from 'qrcode.react';
import { copyLink } from '../../../lib/share-link';
import { QR_SIZE_PX, qrText } from '../../../lib/profile-summary';

export interface ShareProfileDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  url: string;
  name: string;
}

export default function ShareProfileDialog({ open, onOpenChange, url, name }: ShareProfileDialogProps) {
  const qr = qrText(url);
  return (
    <AppDialog
      open={open}
      onOpenChange={onOpenChange}
      title="Share Your Profile"
      footer={
        <Button variant="outline" onClick={() => onOpenChange(false)}>
          Close
        </Button>
      }
    >
      <Stack gap="5" data-testid="share-profile-dialog">
        <Text color="fg.muted" fontSize="sm">
          Anyone with this link or code can see the Vouch profile of {name}.
        </Text>
        {qr ? (
          <Center>
            <Box p="4" bg="white" rounded="xl" borderWidth="1px" borderColor="gray.200" data-testid="profile-qr">
              <QRCodeSVG value={qr} size={QR_SIZE_PX} level="M" marginSize={0} title={`QR code for ${url}`} role="img" aria-label={`QR code linking to ${url}`} />
            </Box>
          </Center>
        ) : null}
        <Stack gap="2">
          <chakra.label htmlFor="profile-share-link" fontSize="sm" fontWeight="medium">
            Profile link
          </chakra.label>
          <HStack gap="2">
            <Input id="profile-share-link" value={url} readOnly onFocus={(event) => event.target.select()} fontSize="sm" />
            <Button variant="outline" onClick={() => void copyLink(url)} flexShrink={0}>
              Copy link
            </Button>
          </HStack>
        </Stack>
      </Stack>
    </AppDialog>
  );
}
