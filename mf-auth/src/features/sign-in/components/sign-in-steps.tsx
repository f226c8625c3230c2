/**
 * The three forms of the sign-in flow (SPEC "Sign-in screen"), used by the /auth screen and by
 * the phone-verification dialog. Each is a real <form>: Enter submits, blank values never do.
 */
import { SIGN_IN_PHONE_MAX_LENGTH, formatPastedPhone, formatPhoneForDisplay } from '@vouch/contracts';
import { ArrowLeftIcon, Button, Field, Input, Stack, Text } from '@vouch/ui';
import { useEffect, useRef, type FormEvent } from 'react';
import type { SignInFlow } from '../lib/use-sign-in-flow';
import { CODE_LENGTH, NAME_MAX_LENGTH, canRegister, isBlank } from '../lib/sign-in-rules';
import { ResendCode, TryAgainNote } from './resend-code';
import { useMsUntil } from '../lib/use-ms-until';
import { VisibilityChoice } from './visibility-choice';

const submitWith = (action: () => Promise<void>) => (event: FormEvent) => {
  event.preventDefault();
  void action();
};

/** Moves focus into the step's first field when the step appears (not on the page's first render). */
function useFocusOnMount<T extends HTMLElement>(enabled: boolean) {
  const ref = useRef<T>(null);
  useEffect(() => {
    if (enabled) ref.current?.focus();
  }, [enabled]);
  return ref;
}

export function PhoneStep({ flow, autoFocus = false }: { flow: SignInFlow; autoFocus?: boolean }) {
  const ref = useFocusOnMount<HTMLInputElement>(autoFocus);
  const waiting = useMsUntil(flow.blockedUntil) > 0;
  return (
    <form onSubmit={submitWith(flow.sendCode)} noValidate data-step="phone">
      <Stack gap="4">
        <Field.Root required>
          <Field.Label>Phone number</Field.Label>
          <Input
            ref={ref}
            name="phone"
            type="tel"
            inputMode="tel"
            autoComplete="tel-national"
            placeholder="(555) 123-4567"
            size="lg"
            maxLength={SIGN_IN_PHONE_MAX_LENGTH}
            value={flow.phone}
            onChange={(event) => flow.setPhone(event.target.value)}
            onPaste={(event) => {
              // A whole pasted number replaces the field before maxLength can cut it.
              const pasted = formatPastedPhone(event.clipboardData.getData('text'));
              if (pasted === null) return;
              event.preventDefault();
              flow.setPhone(pasted);
            }}
          />
          <Field.HelperText>US numbers. We text you a 6-digit code.</Field.HelperText>
        </Field.Root>
        <Button type="submit" colorPalette="brand" size="lg" loading={flow.busy === 'phone'} loadingText="Sending…" disabled={isBlank(flow.phone) || waiting}>
          Send Verification Code
        </Button>
        <TryAgainNote flow={flow} />
      </Stack>
    </form>
  );
}

export function CodeStep({ flow, confirmLabel = 'Verify & Continue' }: { flow: SignInFlow; confirmLabel?: string }) {
  const ref = useFocusOnMount<HTMLInputElement>(true);
  return (
    <form onSubmit={submitWith(flow.verify)} noValidate data-step="code">
      <Stack gap="4">
        <Text color="fg.muted" fontSize="sm">
          We sent a code to <b>{formatPhoneForDisplay(flow.phone)}</b>.
        </Text>
        <Field.Root required>
          <Field.Label>Verification code</Field.Label>
          <Input
            ref={ref}
            name="otp"
            type="text"
            inputMode="numeric"
            autoComplete="one-time-code"
            pattern="[0-9]*"
            placeholder="123456"
            size="lg"
            maxLength={CODE_LENGTH}
            letterSpacing="0.4em"
            fontVariantNumeric="tabular-nums"
            value={flow.code}
            onChange={(event) => flow.setCode(event.target.value)}
          />
        </Field.Root>
        <Button type="submit" colorPalette="brand" size="lg" loading={flow.busy === 'code'} loadingText="Verifying…" disabled={isBlank(flow.code)}>
          {confirmLabel}
        </Button>
        <ResendCode flow={flow} />
        <Button type="button" variant="ghost" size="sm" onClick={flow.backToPhone} disabled={flow.busy !== null}>
          <ArrowLeftIcon />
          Back to phone number
        </Button>
      </Stack>
    </form>
  );
}

export function NameStep({ flow }: { flow: SignInFlow }) {
  const ref = useFocusOnMount<HTMLInputElement>(true);
  return (
    <form onSubmit={submitWith(flow.register)} noValidate data-step="name">
      <Stack gap="4">
        <Stack direction={{ base: 'column', sm: 'row' }} gap="3">
          <Field.Root required flex="1">
            <Field.Label>First name</Field.Label>
            <Input
              ref={ref}
              name="firstName"
              autoComplete="given-name"
              size="lg"
              maxLength={NAME_MAX_LENGTH}
              value={flow.firstName}
              onChange={(event) => flow.setFirstName(event.target.value)}
            />
          </Field.Root>
          <Field.Root required flex="1">
            <Field.Label>Last name</Field.Label>
            <Input
              name="lastName"
              autoComplete="family-name"
              size="lg"
              maxLength={NAME_MAX_LENGTH}
              value={flow.lastName}
              onChange={(event) => flow.setLastName(event.target.value)}
            />
          </Field.Root>
        </Stack>
        <VisibilityChoice isPublic={flow.isPublic} onChange={flow.setIsPublic} />
        <Button type="submit" colorPalette="brand" size="lg" loading={flow.busy === 'name'}
          loadingText={flow.confirmingName ? 'Saving…' : 'Creating account…'}
          disabled={!canRegister(flow.firstName, flow.lastName)}
        >
          {flow.confirmingName ? 'Confirm Name' : 'Create Account'}
        </Button>
      </Stack>
    </form>
  );
}
