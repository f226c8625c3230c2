/**
 * Profile settings (PATCH /api/profile): the member's name (first and last), headline (role and
 * company), profile URL, custom bio, and whether the profile is public. A refused field shows the server's
 * sentence under it (no toast: one message, where the member looks); success is a toast. The
 * dialog stays open on failure so nothing typed is lost.
 */
import { CUSTOM_BIO_MAX_LENGTH, HEADLINE_MAX_LENGTH, NAME_PART_MAX_LENGTH, type Profile } from '@vouch/contracts';
import { ApiError, useCurrentUser } from '@vouch/shell-sdk';
import { AppDialog, Box, Button, chakra, Field, HStack, Input, SimpleGrid, Stack, Text, Textarea, notify } from '@vouch/ui';
import { useEffect, useState, type FormEvent } from 'react';
import { useUpdateProfile } from '../api/update-profile';
import { ProfileUrlField } from './profile-url-field';
import { fieldErrorsOf, settingsBody, settingsFormOf, type ProfileSettingsForm } from '../lib/profile-settings';

export interface ProfileSettingsDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  profile: Profile;
}

type FieldErrors = Partial<Record<keyof ProfileSettingsForm, string>>;

export default function ProfileSettingsDialog({ open, onOpenChange, profile }: ProfileSettingsDialogProps) {
  const { user } = useCurrentUser();
  const savedName = user?.name ?? '';
  const [form, setForm] = useState<ProfileSettingsForm>(() => settingsFormOf(savedName, profile));
  const [errors, setErrors] = useState<FieldErrors>({});
  const update = useUpdateProfile();

  // Each opening starts from what is saved.
  useEffect(() => {
    if (!open) return;
    setForm(settingsFormOf(savedName, profile));
    setErrors({});
  }, [open, savedName, profile]);

  const set = <K extends keyof ProfileSettingsForm>(key: K, value: ProfileSettingsForm[K]) => {
    setForm((old) => ({ ...old, [key]: value }));
    setErrors((old) => ({ ...old, [key]: undefined }));
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    try {
      await update.mutateAsync(settingsBody(form, savedName, profile.profileSlug));
      notify({ title: 'Profile Updated', description: form.isPublic ? 'Your profile settings have been saved.' : 'Your profile is now private.' });
      onOpenChange(false);
    } catch (error) {
      const fields = error instanceof ApiError ? fieldErrorsOf(error.body) : {};
      if (Object.keys(fields).length > 0) setErrors(fields);
      else notify({ title: 'Error', description: error instanceof ApiError ? error.detail : 'Failed to update profile', variant: 'destructive' });
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
      <chakra.form id="profile-settings-form" onSubmit={(event) => void submit(event)} noValidate data-testid="profile-settings">
        <Stack gap="5">
          <SimpleGrid columns={{ base: 1, sm: 2 }} gap="4">
            <Field.Root invalid={!!errors.firstName} required>
              <Field.Label>First name</Field.Label>
              <Input value={form.firstName} onChange={(event) => set('firstName', event.target.value)} maxLength={NAME_PART_MAX_LENGTH} autoComplete="given-name" />
              <Field.ErrorText color="red.700">{errors.firstName}</Field.ErrorText>
            </Field.Root>
            <Field.Root invalid={!!errors.lastName} required>
              <Field.Label>Last name</Field.Label>
              <Input value={form.lastName} onChange={(event) => set('lastName', event.target.value)} maxLength={NAME_PART_MAX_LENGTH} autoComplete="family-name" />
              <Field.ErrorText color="red.700">{errors.lastName}</Field.ErrorText>
            </Field.Root>
          </SimpleGrid>
          <Field.Root invalid={!!errors.headline}>
            <Field.Label>Headline</Field.Label>
            <Input
              value={form.headline}
              onChange={(event) => set('headline', event.target.value)}
              maxLength={HEADLINE_MAX_LENGTH}
              placeholder="Your role and company, e.g. Product designer at Acme"
              autoComplete="organization-title"
            />
            {errors.headline ? <Field.ErrorText color="red.700">{errors.headline}</Field.ErrorText> : <Field.HelperText>Shown under your name on your profile.</Field.HelperText>}
          </Field.Root>
          <ProfileUrlField value={form.profileSlug} error={errors.profileSlug} onChange={(value) => set('profileSlug', value)} />
          <Box bg="gray.50" rounded="lg" p="4">
            <chakra.label htmlFor="profile-is-public" display="flex" alignItems="flex-start" gap="3" cursor="pointer">
              <chakra.input id="profile-is-public" type="checkbox" checked={form.isPublic} onChange={(event) => set('isPublic', event.target.checked)} accentColor="brand.600" boxSize="4" mt="1" />
              <Box>
                <Text fontWeight="medium">Public profile</Text>
                <Text fontSize="sm" color="fg.muted">
                  Anyone with your link can see your name, headline, summary, tags and recent vouches. Private profiles show "Profile Not Found".
                </Text>
              </Box>
            </chakra.label>
          </Box>
          <Field.Root invalid={!!errors.customBio || form.customBio.length > CUSTOM_BIO_MAX_LENGTH}>
            <Field.Label>Custom bio</Field.Label>
            <Textarea value={form.customBio} onChange={(event) => set('customBio', event.target.value)} rows={4} maxLength={CUSTOM_BIO_MAX_LENGTH} placeholder="A few words about you and your work" />
            {errors.customBio ? (
              <Field.ErrorText color="red.700">{errors.customBio}</Field.ErrorText>
            ) : (
              <Field.HelperText>
                {form.customBio.length}/{CUSTOM_BIO_MAX_LENGTH} characters. Shown on your public profile.
              </Field.HelperText>
            )}
          </Field.Root>
        </Stack>
      </chakra.form>
    </AppDialog>
  );
}
