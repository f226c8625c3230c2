/**
 * Resend code on the code step (issue 28): counts down to the moment the server said another code
 * may be asked for (after each code, or the Retry-After of a refusal), then sends one to the same
 * phone (OTP Sent again; the step stays), in a new sign-in attempt.
 */
import { Button, Text } from '@vouch/ui';
import { countdownLabel, tryAgainText } from '../lib/sign-in-rules';
import { useMsUntil } from '../lib/use-ms-until';
import type { SignInFlow } from '../lib/use-sign-in-flow';

/**
 * Under Send Verification Code, after the server refused more codes for the number (429): when
 * another may be asked for (issue 43); the button waits until then.
 */
export function TryAgainNote({ flow }: { flow: SignInFlow }) {
  const left = useMsUntil(flow.blockedUntil);
  if (left <= 0) return null;
  return (
    <Text role="status" fontSize="sm" color="orange.700" data-testid="try-again">
      {tryAgainText(left)}
    </Text>
  );
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
