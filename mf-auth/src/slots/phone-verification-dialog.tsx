/**
 * `./PhoneVerificationDialog`: phone step, then code step, in a modal. The public Vouch page
 * (mf_vouches) opens it before Accept / Decline (SPEC "Public Vouch page"). Load it with
 *
 *   <RemoteSlot remote="mf_auth" module="./PhoneVerificationDialog" fallback={null} props={{
 *     open, onOpenChange: setOpen, vouchToken, confirmLabel: 'Accept Vouch',
 *     onVerified: async ({ isNewUser }) => { await accept(); navigate(isNewUser ? '/dashboard?newUser=true' : '/dashboard') },
 *   }} />
 *
 * Contract (props, all serialisable except the callbacks):
 * - `open` — controlled; render the slot always, toggle `open`.
 * - `onOpenChange(open)` and/or `onClose()` — called when the member closes it (Escape, ×, outside
 *   click) and after `onVerified` settles.
 * - `title`, `description` — optional; default "Verify your phone number" and a short sentence.
 * - `vouchToken` — sent with request-otp and verify-otp. The server refuses any phone but the
 *   recipient's (403 → toast "Phone Number Mismatch" / "Please enter the phone number associated
 *   with this Vouch.", no code is sent), and signs a new recipient up from the vouch's recipient
 *   name; the names step, prefilled with it, then lets them confirm or correct it (PATCH
 *   /api/profile) before `onVerified`.
 * - `join` — with `vouchToken`; default true. False (Decline) proves a phone that has no account
 *   without making one (issue 44): no names step, `onVerified({ isNewUser: true, member: false })`.
 * - `confirmLabel` — the code step's final button ("Accept Vouch", "Decline Vouch").
 * - `onVerified({ isNewUser, member })` — the session exists and the current-user query was refreshed;
 *   may return a promise: the final button keeps spinning until it settles, then the dialog
 *   closes (also when it rejects: report your own errors, e.g. "Error / Failed to respond to Vouch").
 * Without a `vouchToken`, a phone with no member yet gets the names step (Create Account) first.
 * Toasts: OTP Sent; Error with the server message; Verification Failed with the message. No
 * welcome toast: the caller says what happened (e.g. Vouch Accepted).
 */
import { AppDialog, Stack, Text } from '@vouch/ui';
import { CodeStep, NameStep, PhoneStep } from '../features/sign-in/components/sign-in-steps';
import { useSignInFlow, type SignedIn } from '../features/sign-in/lib/use-sign-in-flow';

export interface PhoneVerificationDialogProps {
  open: boolean;
  onOpenChange?: (open: boolean) => void;
  onClose?: () => void;
  title?: string;
  description?: string;
  vouchToken?: string;
  /** False: a phone without an account is proven without making one (to decline without joining). */
  join?: boolean;
  /** The code step's final button: "Accept Vouch" or "Decline Vouch". */
  confirmLabel: string;
  onVerified: (result: SignedIn) => Promise<void> | void;
}

export const DEFAULT_TITLE = 'Verify your phone number';
export const DEFAULT_DESCRIPTION = 'To keep Vouches safe, confirm it is you with a code sent to your phone.';
/** A first sign-in through a vouch link: the account holds the name the voucher typed (issue 28). */
export const NAME_CHECK = 'Welcome! Your account uses the name your voucher typed. Confirm it, or correct it: it is your name everywhere, and your profile address is made from it.';

export default function PhoneVerificationDialog({
  open,
  onOpenChange,
  onClose,
  title = DEFAULT_TITLE,
  description = DEFAULT_DESCRIPTION,
  vouchToken,
  join = true,
  confirmLabel,
  onVerified,
}: PhoneVerificationDialogProps) {
  const close = () => {
    flow.reset();
    onOpenChange?.(false);
    onClose?.();
  };
  const flow = useSignInFlow({
    vouchToken,
    join,
    welcomeToasts: false,
    onSignedIn: async (result) => {
      try {
        await onVerified(result);
      } finally {
        close();
      }
    },
  });

  return (
    <AppDialog
      open={open}
      onOpenChange={(next) => {
        if (next) onOpenChange?.(true);
        else if (flow.busy === null) close();
      }}
      title={title}
      size="sm"
    >
      <Stack gap="5" pb="2" data-testid="phone-verification-dialog" data-step={flow.step}>
        <Text color="fg.muted" fontSize="sm">
          {flow.step !== 'name' ? description : flow.confirmingName ? NAME_CHECK : 'Welcome! Tell us your name to create your account.'}
        </Text>
        {flow.step === 'phone' ? (
          <PhoneStep flow={flow} autoFocus />
        ) : flow.step === 'code' ? (
          <CodeStep flow={flow} confirmLabel={confirmLabel} />
        ) : (
          <NameStep flow={flow} />
        )}
      </Stack>
    </AppDialog>
  );
}
