/**
 * Answering a vouch made for me (SPEC §7): `PUT /api/vouches/respond` from My Vouches and
 * Pending Vouches (signed in), `POST /api/vouches/accept` from the public page (after phone
 * verification). Both take `{ vouchToken, action }` and, accepting, an optional corrected
 * `relationship` (the voucher's side, as stored); afterwards pending, my-vouches, profile
 * and activities refresh.
 */
import type { RespondVouchInput, RespondVouchResponse } from '@vouch/contracts';
import { api, useMutation, useQueryClient } from '@vouch/shell-sdk';
import { refreshAfterVouchChange } from '../../../lib/query-keys';

export type RespondVia = 'respond' | 'accept';

export function respondToVouch(body: RespondVouchInput, via: RespondVia = 'respond'): Promise<RespondVouchResponse> {
  return via === 'accept'
    ? api.post<RespondVouchResponse>('/api/vouches/accept', body)
    : api.put<RespondVouchResponse>('/api/vouches/respond', body);
}

export function useRespondToVouch(via: RespondVia = 'respond') {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: RespondVouchInput) => respondToVouch(body, via),
    // Refresh on failure too (a 409/410 means the screen is out of date). Not awaited: the
    // caller's toast should not wait for the lists, which may also unmount the caller.
    onSettled: () => {
      void refreshAfterVouchChange(queryClient);
    },
  });
}
