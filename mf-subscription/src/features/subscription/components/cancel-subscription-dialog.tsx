/** Asks before cancelling: what happens differs between local billing (at once) and Stripe (at period end). */
import { ConfirmDialog, Stack, Text } from '@vouch/ui';
import type { BillingProvider } from '@vouch/contracts';

export interface CancelSubscriptionDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  planName: string;
  freePlanName: string;
  provider: BillingProvider;
  pending: boolean;
  onConfirm: () => void;
}

export function CancelSubscriptionDialog({ open, onOpenChange, planName, freePlanName, provider, pending, onConfirm }: CancelSubscriptionDialogProps) {
  return (
    <ConfirmDialog
      open={open}
      onOpenChange={onOpenChange}
      title="Cancel your subscription?"
      keepLabel={`Keep ${planName}`}
      confirmLabel="Cancel Subscription"
      pendingLabel="Cancelling…"
      pending={pending}
      onConfirm={onConfirm}
    >
      <Stack gap="3">
        {provider === 'stripe' ? (
          <Text>
            Your {planName} plan stays active until the end of the current billing period. After that you move to {freePlanName} and are not
            charged again.
          </Text>
        ) : (
          <Text>You move to {freePlanName} right away.</Text>
        )}
        <Text color="fg.muted" fontSize="sm">
          {freePlanName}&apos;s monthly limits then apply to what you have already used this month.
        </Text>
      </Stack>
    </ConfirmDialog>
  );
}
