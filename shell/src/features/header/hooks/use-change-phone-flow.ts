/**
 * The steps of Change phone number (issue 43): a fresh code on the current phone confirms it is
 * the member (POST /api/auth/reverify), then the new number and the code texted to it
 * (PUT /api/account/phone). A failed step says the server's sentence and stays where it is;
 * a confirmation that has run out (403 REVERIFICATION_REQUIRED) starts again from the first step.
 */
import { normalizePhoneForSending } from '@vouch/contracts';
import { ApiError } from '@vouch/shell-sdk';
import { notify } from '@vouch/ui';
import { useState } from 'react';
import { accountFailureText } from '../api/account';
import { useChangePhone } from '../api/change-phone';
import { requestConfirmationCode, reverify } from '../api/reverify';
import { isCodeComplete, isPhoneComplete } from '../header-rules';

export type ChangePhoneStep = 'start' | 'current-code' | 'new-phone' | 'new-code';

const FAILURES: Record<ChangePhoneStep, string> = {
  start: 'Failed to send a confirmation code',
  'current-code': 'Failed to check the code',
  'new-phone': 'Failed to send a code to the new number',
  'new-code': 'Failed to change your phone number',
};

const needsReverification = (error: unknown) => error instanceof ApiError && error.status === 403 && (error.body as { code?: string } | null)?.code === 'REVERIFICATION_REQUIRED';

export function useChangePhoneFlow(currentPhone: string, onDone: () => void) {
  const [step, setStep] = useState<ChangePhoneStep>('start');
  const [attemptId, setAttemptId] = useState('');
  const [code, setCode] = useState('');
  const [newPhone, setNewPhone] = useState('');
  const [busy, setBusy] = useState(false);
  const change = useChangePhone();
  const newPhoneE164 = normalizePhoneForSending(newPhone);

  const reset = () => {
    setStep('start');
    setAttemptId('');
    setCode('');
    setNewPhone('');
  };
  const sendCodeTo = async (phone: string, next: ChangePhoneStep) => {
    setAttemptId((await requestConfirmationCode(phone)).attemptId);
    setCode('');
    setStep(next);
  };
  const run = async (work: () => Promise<void>) => {
    setBusy(true);
    try {
      await work();
    } catch (error) {
      notify({ title: 'Error', description: accountFailureText(error, FAILURES[step]), variant: 'destructive' });
      if (needsReverification(error)) reset();
    } finally {
      setBusy(false);
    }
  };

  const next = () =>
    run(async () => {
      if (step === 'start') await sendCodeTo(currentPhone, 'current-code');
      else if (step === 'current-code') {
        await reverify({ attemptId, otp: code });
        setCode('');
        setStep('new-phone');
      } else if (step === 'new-phone') await sendCodeTo(newPhoneE164, 'new-code');
      else {
        await change.mutateAsync({ phone: newPhoneE164, attemptId, otp: code });
        reset();
        onDone();
      }
    });
  const resend = () => run(() => sendCodeTo(step === 'new-code' ? newPhoneE164 : currentPhone, step));

  const ready = step === 'start' || (step === 'new-phone' ? isPhoneComplete(newPhone) : isCodeComplete(code));
  return { step, code, setCode, newPhone, setNewPhone, newPhoneE164, busy, ready, next, resend, reset };
}
