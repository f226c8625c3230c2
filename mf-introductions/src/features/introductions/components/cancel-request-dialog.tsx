/**
 * Cancel request (SPEC §4 status `cancelled`): asks before cancelling, since a cancelled request
 * cannot be reopened and its waiting suggestions can no longer be answered.
 */
import type { IntroductionRequest } from '@vouch/contracts';
import { ConfirmDialog, notify, Stack, Text } from '@vouch/ui';
import { useCancelIntroductionRequest } from '../api/introduction-requests';
import { fallbackWithReason } from '../lib/toast-errors';

export function CancelRequestDialog({ request, open, onOpenChange }: { request: IntroductionRequest; open: boolean; onOpenChange: (open: boolean) => void }) {
  const cancel = useCancelIntroductionRequest(request.id);
  const confirm = () =>
    cancel.mutate(undefined, {
      onSuccess: () => {
        onOpenChange(false);
        notify({ title: 'Request Cancelled', description: 'Your network no longer sees this request.' });
      },
      onError: (error) => {
        onOpenChange(false);
        notify({ title: 'Error', description: fallbackWithReason(error, 'Failed to cancel introduction request'), variant: 'destructive' });
      },
    });
  return (
    <ConfirmDialog
      open={open}
      onOpenChange={onOpenChange}
      title="Cancel this request?"
      keepLabel="Keep Request"
      confirmLabel="Cancel Request"
      pendingLabel="Cancelling…"
      pending={cancel.isPending}
      onConfirm={confirm}
    >
      <Stack gap="3">
        <Text>
          Your {request.requestType} request leaves your network&apos;s lists and takes no new suggestions. You can&apos;t reopen it.
        </Text>
        {request.pendingSuggestionCount > 0 ? (
          <Text color="fg.muted" fontSize="sm" data-testid="cancel-pending-warning">
            {request.pendingSuggestionCount === 1 ? 'The suggestion waiting for you' : `The ${request.pendingSuggestionCount} suggestions waiting for you`} can no longer be
            accepted.
          </Text>
        ) : null}
      </Stack>
    </ConfirmDialog>
  );
}
