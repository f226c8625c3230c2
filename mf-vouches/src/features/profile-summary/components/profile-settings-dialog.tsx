/**
 * Profile settings (PATCH /api/profile): whether the profile is public, and the custom bio.
 * Success and failure are toasts; the dialog stays open on failure so nothing typed is lost.
 */
import { CUSTOM_BIO_MAX_LENGTH, type Profile } from '@vouch/contracts';
import { ApiError } from '@vouch/shell-sdk';
import { AppDialog, Box, Button, chakra, Field, HStack, Stack, Text, Textarea, notify } from '@vouch/ui';
import { useEffect, useState, type FormEvent } from 'react';
import { useUpdateProfile } from '../api/update-profile';

export interface ProfileSettingsDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  profile: Profile;
}

export default function ProfileSettingsDialog({ open, onOpenChange, profile }: ProfileSettingsDialogProps) {
  const [isPublic, setIsPublic] = useState(profile.isPublic);
  const [bio, setBio] = useState(profile.customBio ?? '');
  const update = useUpdateProfile();

  // Each opening starts from what is saved.
  useEffect(() => {
    if (!open) return;
    setIsPublic(profile.isPublic);
    setBio(profile.customBio ?? '');
  }, [open, profile.isPublic, profile.customBio]);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    try {
      await update.mutateAsync({ isPublic, customBio: bio.trim() === '' ? null : bio });
      notify({ title: 'Profile Updated', description: isPublic ? 'Your profile settings have been saved.' : 'Your profile is now private.' });
      onOpenChange(false);
    } catch (error) {
      notify({ title: 'Error', description: error instanceof ApiError ? error.message : 'Failed to update profile', variant: 'destructive' });
    }
  };

  return (
    <AppDialog
      open={open}
      onOpenChange={onOpenChange}
      title="Profile Settings"
      footer={
        <HStack gap="2">
          <Button variant="outline" onClick={() => onOpenChange(false)}>
            Cancel
          </Button>
          <Button type="submit" form="profile-settings-form" colorPalette="brand" loading={update.isPending}>
            Save
          </Button>
        </HStack>
      }
    >
      <chakra.form id="profile-settings-form" onSubmit={(event) => void submit(event)} data-testid="profile-settings">
        <Stack gap="5">
          <Box bg="gray.50" rounded="lg" p="4">
            <chakra.label htmlFor="profile-is-public" display="flex" alignItems="flex-start" gap="3" cursor="pointer">
              <chakra.input id="profile-is-public" type="checkbox" checked={isPublic} onChange={(event) => setIsPublic(event.target.checked)} accentColor="brand.600" boxSize="4" mt="1" />
              <Box>
                <Text fontWeight="medium">Public profile</Text>
                <Text fontSize="sm" color="fg.muted">
                  Anyone with your link can see your name, summary, tags and recent vouches. Private profiles show "Profile Not Found".
                </Text>
              </Box>
            </chakra.label>
          </Box>
          <Field.Root invalid={bio.length > CUSTOM_BIO_MAX_LENGTH}>
            <Field.Label>Custom bio</Field.Label>
            <Textarea value={bio} onChange={(event) => setBio(event.target.value)} rows={4} maxLength={CUSTOM_BIO_MAX_LENGTH} placeholder="A few words about you and your work" />
            <Field.HelperText>
              {bio.length}/{CUSTOM_BIO_MAX_LENGTH} characters. Shown on your public profile.
            </Field.HelperText>
          </Field.Root>
        </Stack>
      </chakra.form>
    </AppDialog>
  );
}
