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
  retryAfterOf,
  verifyFailure,
} from './sign-in-rules';
import { formatPhoneForDisplay, splitName } from '@vouch/contracts';

export type SignInStep = 'phone' | 'code' | 'name';

export interface SignedIn {
  /** The phone had no member before this sign-in. */
  isNewUser: boolean;
  /** A member is signed in; false after a `join: false` verification of a phone without one (issue 44). */
  member: boolean;
}

export interface SignInFlowOptions {
  /**
   * From a public vouch link (see the dialog): sent with both calls. A new member's account is made
   * from the name the voucher typed; the names step then asks them to confirm or correct it (issue 28).
   */
  vouchToken?: string;
  /**
   * With a vouchToken: false proves the phone without making an account when it has none (to
   * decline without joining, issue 44): no names step, `onSignedIn` gets `member: false`.
   */
  join?: boolean;
  /** Show Welcome back! / Welcome to Vouch! (the sign-in screen does; the vouch dialog leaves it to its caller). */
  welcomeToasts?: boolean;
  /** Runs after the session exists and the current-user query was refreshed; the busy button waits for it. */
  onSignedIn: (result: SignedIn) => Promise<void> | void;
}

/** The flow's typed values and where it stands. */
function useSignInState() {
  const [step, setStep] = useState<SignInStep>('phone');
  const [phone, setPhoneValue] = useState('');
  const [code, setCodeValue] = useState('');
  const [firstName, setFirstName] = useState('');
  const [lastName, setLastName] = useState('');
  // The visibility chosen on the names step (issue 44), sent with the name.
  const [isPublic, setIsPublic] = useState(true);
  const [busy, setBusy] = useState<SignInStep | null>(null);
  // The names step confirms the account the vouch link made, rather than creating one.
  const [confirmingName, setConfirmingName] = useState(false);
  // When Resend code comes back: the server says how long after each code (issue 28), or how long
  // a refused request must wait (its Retry-After: the screen says when to try again, issue 43).
  const [resendAt, setResendAt] = useState(0);
  const [blockedUntil, setBlockedUntil] = useState(0);
  // The sign-in attempt the code on its way belongs to: verify-otp checks the code in it alone.
  const [attemptId, setAttemptId] = useState('');
  return {
    step, setStep, phone, setPhoneValue, code, setCodeValue, firstName, setFirstName, lastName, setLastName, isPublic, setIsPublic,
    busy, setBusy, confirmingName, setConfirmingName, resendAt, setResendAt, blockedUntil, setBlockedUntil, attemptId, setAttemptId,
  };
}

type SignInState = ReturnType<typeof useSignInState>;

/**
 * The last failure's toast: it goes when a later step succeeds (issue 28: "Verification Failed"
 * stayed on the names step after the right code).
 */
function useFailureToast() {
  const failureToast = useRef<string | null>(null);
  const fail = (options: NotifyOptions) => {
    failureToast.current = notify(options);
  };
  const succeeded = () => {
    if (failureToast.current) removeToast(failureToast.current);
    failureToast.current = null;
  };
  return { fail, succeeded };
}

/** The flow's three calls (Send code, Verify, the names step's Continue) and their toasts. */
function useSignInCalls(state: SignInState, { vouchToken, join = true, welcomeToasts = true, onSignedIn }: SignInFlowOptions) {
  const queryClient = useQueryClient();
  const { fail, succeeded } = useFailureToast();
  const { phone, code, firstName, lastName, isPublic, busy, confirmingName, attemptId } = state;
  const { setStep, setCodeValue, setFirstName, setLastName, setBusy, setConfirmingName, setResendAt, setBlockedUntil, setAttemptId } = state;

  /** Refreshes the current user (so the auth gate sees the member), then hands over to the caller. */
  const finish = async (result: SignedIn) => {
    await queryClient.invalidateQueries({ queryKey: CURRENT_USER_QUERY_KEY });
    await onSignedIn(result);
  };

  const sendCode = async () => {
    if (isBlank(phone) || busy) return;
    setBusy('phone');
    try {
      const sent = await requestOtp({ phone, vouchToken });
      setAttemptId(sent.attemptId);
      setResendAt(Date.now() + sent.resendAfterSeconds * 1000);
      succeeded();
      notify(OTP_SENT);
      setCodeValue('');
      setStep('code');
    } catch (error) {
      const wait = retryAfterOf(error);
      if (wait !== null) setBlockedUntil(Date.now() + wait * 1000);
      fail(requestCodeFailure(error));
    } finally {
      setBusy(null);
    }
  };

  const verify = async () => {
    if (isBlank(code) || busy) return;
    setBusy('code');
    let result: { isNewUser: boolean };
    try {
      result = await verifyOtp({ phone, otp: code, attemptId, vouchToken, ...(vouchToken && !join ? { join: false } : {}) });
    } catch (error) {
      fail(verifyFailure(error));
      setCodeValue('');
      if (isPhoneMismatch(error)) setStep('phone');
      setBusy(null);
      return;
    }
    succeeded();
    try {
      if (result.isNewUser && vouchToken && !join) {
        // The phone is proven and no account was made: the caller declines without joining.
        await finish({ isNewUser: true, member: false });
        return;
      }
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
      await finish({ isNewUser: result.isNewUser, member: true });
    } finally {
      setBusy(null);
    }
  };

  const register = async () => {
    if (!canRegister(firstName, lastName) || busy) return;
    setBusy('name');
    try {
      if (confirmingName) await confirmName({ firstName, lastName, isPublic });
      else await completeRegistration({ firstName, lastName, isPublic });
    } catch (error) {
      fail(registrationFailure(error));
      setBusy(null);
      return;
    }
    succeeded();
    try {
      if (welcomeToasts) notify(WELCOME_NEW);
      await finish({ isNewUser: true, member: true });
    } finally {
      setBusy(null);
    }
  };

  return { sendCode, verify, register };
}

export function useSignInFlow(options: SignInFlowOptions) {
  const state = useSignInState();
  const { sendCode, verify, register } = useSignInCalls(state, options);
  const { step, setStep, phone, setPhoneValue, code, setCodeValue, firstName, setFirstName, lastName, setLastName, isPublic, setIsPublic } = state;
  const { busy, setBusy, confirmingName, setConfirmingName, resendAt, setResendAt, blockedUntil, setBlockedUntil, setAttemptId } = state;

  const backToPhone = () => {
    setCodeValue('');
    setStep('phone');
  };

  const setPhone = (value: string) => {
    const next = formatPhoneForDisplay(value);
    // Another number has its own allowance: a wait told for the last one does not hold for it.
    if (next !== phone) setBlockedUntil(0);
    setPhoneValue(next);
  };

  const reset = () => {
    setStep('phone');
    setPhoneValue('');
    setCodeValue('');
    setFirstName('');
    setLastName('');
    setIsPublic(true);
    setConfirmingName(false);
    setBusy(null);
    setAttemptId('');
    setResendAt(0);
    setBlockedUntil(0);
  };

  return {
    step,
    busy,
    phone,
    /** Formats as typed: "(415) 555-0123" (SPEC §5). */
    setPhone,
    code,
    setCode: (value: string) => setCodeValue(cleanCode(value)),
    firstName,
    setFirstName,
    lastName,
    setLastName,
    /** Public (true) or private, chosen on the names step. */
    isPublic,
    setIsPublic,
    /** The names step confirms the name a vouch link's account was given (not a new account). */
    confirmingName,
    sendCode,
    verify,
    register,
    backToPhone,
    reset,
    /** Epoch ms from which Resend code may be used (sendCode again, on the code step). */
    resendAt: Math.max(resendAt, blockedUntil),
    /** Epoch ms until which the server refused more codes for this number (its 429's Retry-After); 0 when it did not. */
    blockedUntil,
  };
}

export type SignInFlow = ReturnType<typeof useSignInFlow>;
