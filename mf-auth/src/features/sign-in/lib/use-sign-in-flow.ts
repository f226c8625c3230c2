/**
 * The phone → code → names flow shared by the sign-in screen and the phone-verification dialog:
 * the typed values, the current step, which button is busy, the calls and their toasts (SPEC §8).
 * What happens once signed in (navigate, accept a vouch…) is the caller's `onSignedIn`.
 */
import { CURRENT_USER_QUERY_KEY, currentUserQuery, useQueryClient } from '@vouch/shell-sdk';
import { notify, removeToast, type NotifyOptions } from '@vouch/ui';
import { useRef, useState } from 'react';
import { completeRegistration } from '../api/complete-registration';
import { confirmName } from '../api/confirm-name';
import { requestOtp } from '../api/request-otp';
import { verifyOtp } from '../api/verify-otp';
import {
  OTP_SENT,
  WELCOME_BACK,
  WELCOME_NEW,
  canRegister,
  cleanCode,
  isBlank,
  isPhoneMismatch,
  registrationFailure,
  requestCodeFailure,
  verifyFailure,
} from './sign-in-rules';
import { formatPhoneForDisplay, splitName } from '@vouch/contracts';

export type SignInStep = 'phone' | 'code' | 'name';

export interface SignedIn {
  /** The phone had no member before this sign-in. */
  isNewUser: boolean;
}

export interface SignInFlowOptions {
  /**
   * From a public vouch link (see the dialog): sent with both calls. A new member's account is made
   * from the name the voucher typed; the names step then asks them to confirm or correct it (issue 28).
   */
  vouchToken?: string;
  /** Show Welcome back! / Welcome to Vouch! (the sign-in screen does; the vouch dialog leaves it to its caller). */
  welcomeToasts?: boolean;
  /** Runs after the session exists and the current-user query was refreshed; the busy button waits for it. */
  onSignedIn: (result: SignedIn) => Promise<void> | void;
}

export function useSignInFlow({ vouchToken, welcomeToasts = true, onSignedIn }: SignInFlowOptions) {
  const queryClient = useQueryClient();
  const [step, setStep] = useState<SignInStep>('phone');
  const [phone, setPhoneValue] = useState('');
  const [code, setCodeValue] = useState('');
  const [firstName, setFirstName] = useState('');
  const [lastName, setLastName] = useState('');
  const [busy, setBusy] = useState<SignInStep | null>(null);
  // The names step confirms the account the vouch link made, rather than creating one.
  const [confirmingName, setConfirmingName] = useState(false);
  // The last failure's toast: it goes when a later step succeeds (issue 28: "Verification Failed"
  // stayed on the names step after the right code).
  const failureToast = useRef<string | null>(null);
  const fail = (options: NotifyOptions) => {
    failureToast.current = notify(options);
  };
  const succeeded = () => {
    if (failureToast.current) removeToast(failureToast.current);
    failureToast.current = null;
  };

  /** Refreshes the current user (so the auth gate sees the member), then hands over to the caller. */
  const finish = async (result: SignedIn) => {
    await queryClient.invalidateQueries({ queryKey: CURRENT_USER_QUERY_KEY });
    await onSignedIn(result);
  };

  // When Resend code comes back: the server says how long after each code (issue 28).
  const [resendAt, setResendAt] = useState(0);

  const sendCode = async () => {
    if (isBlank(phone) || busy) return;
    setBusy('phone');
    try {
      const sent = await requestOtp({ phone, vouchToken });
      setResendAt(Date.now() + sent.resendAfterSeconds * 1000);
      succeeded();
      notify(OTP_SENT);
      setCodeValue('');
      setStep('code');
    } catch (error) {
      fail(requestCodeFailure(error));
    } finally {
      setBusy(null);
    }
  };

  const verify = async () => {
    if (isBlank(code) || busy) return;
    setBusy('code');
    let result: SignedIn;
    try {
      result = await verifyOtp({ phone, otp: code, vouchToken });
    } catch (error) {
      fail(verifyFailure(error));
      setCodeValue('');
      if (isPhoneMismatch(error)) setStep('phone');
      setBusy(null);
      return;
    }
    succeeded();
    try {
      if (result.isNewUser && !vouchToken) {
        setStep('name');
        return;
      }
      if (result.isNewUser && vouchToken) {
        // Prefilled with the name the voucher typed, as the account now holds it.
        const user = await queryClient.fetchQuery({ ...currentUserQuery, staleTime: 0 }).catch(() => null);
        const typed = splitName(user?.name ?? '');
        setFirstName(typed.firstName);
        setLastName(typed.lastName);
        setConfirmingName(true);
        setStep('name');
        return;
      }
      if (welcomeToasts) notify(result.isNewUser ? WELCOME_NEW : WELCOME_BACK);
      await finish(result);
    } finally {
      setBusy(null);
    }
  };

  const register = async () => {
    if (!canRegister(firstName, lastName) || busy) return;
    setBusy('name');
    try {
      if (confirmingName) await confirmName({ firstName, lastName });
      else await completeRegistration({ firstName, lastName });
    } catch (error) {
      fail(registrationFailure(error));
      setBusy(null);
      return;
    }
    succeeded();
    try {
      if (welcomeToasts) notify(WELCOME_NEW);
      await finish({ isNewUser: true });
    } finally {
      setBusy(null);
    }
  };

  const backToPhone = () => {
    setCodeValue('');
    setStep('phone');
  };

  const reset = () => {
    setStep('phone');
    setPhoneValue('');
    setCodeValue('');
    setFirstName('');
    setLastName('');
    setConfirmingName(false);
    setBusy(null);
  };

  return {
    step,
    busy,
    phone,
    /** Formats as typed: "(415) 555-0123" (SPEC §5). */
    setPhone: (value: string) => setPhoneValue(formatPhoneForDisplay(value)),
    code,
    setCode: (value: string) => setCodeValue(cleanCode(value)),
    firstName,
    setFirstName,
    lastName,
    setLastName,
    /** The names step confirms the name a vouch link's account was given (not a new account). */
    confirmingName,
    sendCode,
    verify,
    register,
    backToPhone,
    reset,
    /** Epoch ms from which Resend code may be used (sendCode again, on the code step). */
    resendAt,
  };
}

export type SignInFlow = ReturnType<typeof useSignInFlow>;
