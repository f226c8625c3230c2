/**
 * /auth, and what a signed-out visitor sees on any login-only route (the shell's auth gate
 * renders it in place). SPEC "Sign-in screen": phone → code → names (new members only).
 * Afterwards: /dashboard from /auth; on a login-only route the member simply stays there, since
 * the refreshed current user makes the gate render the page they asked for.
 */
import { SIGN_IN_INTRO } from '@vouch/contracts';
import { RouterLink, useCurrentUser, useDocumentTitle, useFirstScreenDone, useLocation, useNavigate } from '@vouch/shell-sdk';
import { Box, Button, Card, Center, Heading, ShieldCheckIcon, Stack, Text } from '@vouch/ui';
import { useRef } from 'react';
import { CodeStep, NameStep, PhoneStep } from './sign-in-steps';
import { useSignInFlow, type SignInStep } from '../lib/use-sign-in-flow';

export const SIGN_IN_PATH = '/auth';
const AFTER_SIGN_IN_PATH = '/dashboard';

const COPY: Record<SignInStep, { title: string; text: string }> = {
  phone: SIGN_IN_INTRO,
  code: { title: 'Enter your code', text: 'Type the 6-digit code from the text message.' },
  name: { title: 'Create your account', text: 'Welcome! Tell us your name so the people you vouch for know who you are.' },
};

export function SignInPage() {
  const { user } = useCurrentUser();
  const { pathname } = useLocation();
  const navigate = useNavigate();
  // Set once verification succeeds, so the "already signed in" note never flashes in between.
  const signingIn = useRef(false);
  const flow = useSignInFlow({
    onSignedIn: () => {
      signingIn.current = true;
      if (pathname === SIGN_IN_PATH) navigate(AFTER_SIGN_IN_PATH);
    },
  });
  const copy = COPY[flow.step];
  useFirstScreenDone();
  useDocumentTitle(flow.step === 'name' ? 'Create Account' : 'Sign In');

  const alreadySignedIn = user && !signingIn.current && flow.step === 'phone' && flow.busy === null;

  return (
    <Box maxW="md" mx="auto" data-testid="sign-in-screen" data-step={flow.step}>
      <Card.Root variant="elevated" rounded="2xl" boxShadow="lg">
        <Card.Body gap="6" p={{ base: '6', md: '8' }}>
          <Stack gap="3">
            <Center boxSize="11" rounded="xl" bg="brand.50" color="brand.600">
              <ShieldCheckIcon boxSize="6" />
            </Center>
            <Stack gap="1">
              <Heading as="h1" size="2xl" letterSpacing="-0.02em">
                {copy.title}
              </Heading>
              <Text color="fg.muted">{copy.text}</Text>
            </Stack>
          </Stack>
          {alreadySignedIn ? (
            <Text>
              You are signed in as <b>{user.name}</b>.{' '}
              <Button asChild variant="plain" colorPalette="brand" px="0">
                <RouterLink to={AFTER_SIGN_IN_PATH}>Go to your dashboard</RouterLink>
              </Button>
            </Text>
          ) : flow.step === 'phone' ? (
            <PhoneStep flow={flow} autoFocus />
          ) : flow.step === 'code' ? (
            <CodeStep flow={flow} />
          ) : (
            <NameStep flow={flow} />
          )}
        </Card.Body>
      </Card.Root>
      {pathname !== SIGN_IN_PATH && flow.step === 'phone' ? (
        <Text mt="4" textAlign="center" fontSize="sm" color="fg.muted">
          Sign in to continue to this page.
        </Text>
      ) : null}
    </Box>
  );
}
