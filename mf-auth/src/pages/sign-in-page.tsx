/**
 * /auth, and what a signed-out visitor sees on any login-only route. Step 1 of the sign-in
 * screen only (phone entry); the code and name steps arrive with the auth issue.
 */
import { formatPhoneForDisplay, normalizePhoneForSending, SIGN_IN_PHONE_MAX_LENGTH } from '@vouch/contracts';
import { api, ApiError, RouterLink, useCurrentUser, useDocumentTitle } from '@vouch/shell-sdk';
import { Box, Button, Card, Field, Heading, Input, Stack, Text, notify } from '@vouch/ui';
import { useState, type FormEvent } from 'react';

export function SignInPage() {
  useDocumentTitle('Sign In');
  const { user } = useCurrentUser();
  const [phone, setPhone] = useState('');
  const [sending, setSending] = useState(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!phone.trim()) return; // SPEC §5: a blank phone is not submitted.
    setSending(true);
    try {
      await api.post('/api/auth/request-otp', { phone: normalizePhoneForSending(phone) });
      notify({ title: 'OTP Sent', description: 'Please check your phone for the verification code.' });
    } catch (error) {
      notify({ title: 'Error', description: error instanceof ApiError ? error.message : 'Failed to send code', variant: 'destructive' });
    } finally {
      setSending(false);
    }
  };

  return (
    <Box maxW="md" mx="auto" data-testid="sign-in-screen">
      <Card.Root variant="elevated" rounded="2xl">
        <Card.Body gap="6" p={{ base: '6', md: '8' }}>
          <Stack gap="1">
            <Heading as="h1" size="2xl" letterSpacing="-0.02em">
              Sign in to Vouch
            </Heading>
            <Text color="fg.muted">Enter your phone number and we will text you a verification code.</Text>
          </Stack>
          {user ? (
            <Text>
              You are signed in as <b>{user.name}</b>.{' '}
              <Button asChild variant="plain" colorPalette="brand" px="0">
                <RouterLink to="/dashboard">Go to your dashboard</RouterLink>
              </Button>
            </Text>
          ) : (
            <form onSubmit={(event) => void submit(event)}>
              <Stack gap="4">
                <Field.Root>
                  <Field.Label>Phone number</Field.Label>
                  <Input
                    type="tel"
                    inputMode="tel"
                    autoComplete="tel-national"
                    placeholder="(555) 123-4567"
                    maxLength={SIGN_IN_PHONE_MAX_LENGTH}
                    value={phone}
                    onChange={(event) => setPhone(formatPhoneForDisplay(event.target.value))}
                  />
                </Field.Root>
                <Button type="submit" colorPalette="brand" loading={sending} disabled={!phone.trim()}>
                  Send Verification Code
                </Button>
              </Stack>
            </form>
          )}
        </Card.Body>
      </Card.Root>
    </Box>
  );
}
