/**
 * `POST /api/vouches/:id/revoke` (issue 10): the voucher withdraws a pending vouch. It stays in
 * Sent marked Revoked (issue 28) and leaves the recipient's pending list; its public page then says it was removed by
 * its sender. The monthly allowance it used is not given back.
 */
import { api, ApiError, useMutation, useQueryClient } from '@vouch/shell-sdk';
import { refreshAfterVouchChange } from '../../../lib/query-keys';

export const revokeVouch = (id: number): Promise<{ id: number; status: 'revoked' }> => api.post(`/api/vouches/${id}/revoke`, {});

/** The toast after a failed revocation: the server's sentence when it gave one (409: already answered). */
export function revokeFailureText(error: unknown): string {
  return error instanceof ApiError && error.status < 500 && error.detail ? error.detail : 'Failed to revoke Vouch';
}

export function useRevokeVouch() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: revokeVouch,
    // Refresh on failure too: a 409 means the recipient answered meanwhile.
    onSettled: () => {
      void refreshAfterVouchChange(queryClient);
    },
  });
}
