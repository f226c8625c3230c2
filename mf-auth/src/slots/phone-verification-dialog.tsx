/**
 * `./PhoneVerificationDialog`: the phone-then-code dialog the public Vouch page opens before
 * an answer (SPEC "Public Vouch page"). Placeholder until the auth issue: the contract (props)
 * is fixed here so mf_vouches can wire it already.
 */
import { AppDialog, Button, Text } from '@vouch/ui';

export interface PhoneVerificationDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  vouchToken: string;
  /** "Accept Vouch" or "Decline Vouch". */
  confirmLabel: string;
  onVerified?: () => void;
}

export default function PhoneVerificationDialog({ open, onOpenChange, confirmLabel }: PhoneVerificationDialogProps) {
  return (
    <AppDialog open={open} onOpenChange={onOpenChange} title="Verify your phone" footer={<Button disabled>{confirmLabel}</Button>}>
      <Text color="fg.muted">Phone verification arrives with the sign-in feature.</Text>
    </AppDialog>
  );
}
