/** `POST /api/vouches` (SPEC §7): on success the vouch lists, activities and profile refresh. */
import type { CreatedVouch, CreateVouchInput } from '@vouch/contracts';
import { api, useMutation, useQueryClient } from '@vouch/shell-sdk';
import { refreshAfterVouchChange } from '../../../lib/query-keys';

export const createVouch = (body: CreateVouchInput): Promise<CreatedVouch> => api.post<CreatedVouch>('/api/vouches', body);

export function useCreateVouch() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createVouch,
    // Not awaited: the review step shows at once, the lists catch up behind it.
    onSuccess: () => {
      void refreshAfterVouchChange(queryClient);
    },
  });
}
