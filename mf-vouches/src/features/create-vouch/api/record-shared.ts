/**
 * `POST /api/vouches/:id/shared` (issue 16): the voucher copied or texted a pending vouch's link;
 * My Vouches → Sent then says when. The share itself already happened on the device, so a
 * failed stamp is not the member's problem: no toast, the list just keeps the older time.
 */
import { api, useMutation, useQueryClient } from '@vouch/shell-sdk';
import { vouchKeys } from '../../../lib/query-keys';

export const recordVouchShared = (id: number): Promise<{ id: number; lastSharedAt: string }> => api.post(`/api/vouches/${id}/shared`, {});

export function useRecordVouchShared() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: recordVouchShared,
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: vouchKeys.my });
    },
  });
}
