/**
 * Resend code on the code step (issue 28): counts down to the moment the server said another code
 * may be asked for, then sends one to the same phone (OTP Sent again; the step stays).
 */
import { Button } from '@vouch/ui';
import { useEffect, useState } from 'react';
import { countdownLabel } from '../lib/sign-in-rules';
import type { SignInFlow } from '../lib/use-sign-in-flow';

function useMsUntil(at: number): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (at <= Date.now()) return undefined;
    const tick = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(tick);
  }, [at]);
  return Math.max(0, at - now);
}

export function ResendCode({ flow }: { flow: SignInFlow }) {
  const left = useMsUntil(flow.resendAt);
  const waiting = left > 0;
  return (
    <Button type="button" variant="outline" size="sm" onClick={() => void flow.sendCode()} disabled={waiting || flow.busy !== null} loading={flow.busy === 'phone'} loadingText="Sending…" aria-live="polite">
      {waiting ? `Resend code in ${countdownLabel(left)}` : 'Resend code'}
    </Button>
  );
}
