/**
 * Cancel request (SPEC §4 status `cancelled`): asks before cancelling, since a cancelled request
 * cannot be reopened and its waiting suggestions can no longer be answered.
 */
import type { IntroductionRequest } from '@vouch/contracts';
import { AppDialog, Button, HStack, notify, Stack, Text } from '@vouch/ui';
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
    <AppDialog
      open={open}
      onOpenChange={onOpenChange}
      title="Cancel this request?"
      footer={
        <HStack gap="3">
          <Button variant="ghost" onClick={() => onOpenChange(false)} disabled={cancel.isPending}>
            Keep Request
          </Button>
          <Button colorPalette="red" onClick={confirm} loading={cancel.isPending} loadingText="Cancelling…">
            Cancel Request
          </Button>
        </HStack>
      }
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
    </AppDialog>
  );
}
