/** `GET /api/profile/my-reputation` (issue 44 item 5): what makes up my score and what moved it last. */
import type { ReputationExplanation } from '@vouch/contracts';
import { api, useQuery } from '@vouch/shell-sdk';
import { profileKeys } from '../../../lib/query-keys';

export function useMyReputation() {
  return useQuery({ queryKey: profileKeys.myReputation, queryFn: ({ signal }) => api.get<ReputationExplanation>('/api/profile/my-reputation', { signal }) });
}
