/** `PATCH /api/profile { firstName?, lastName?, headline?, customBio?, isPublic? }`: the member's profile settings. */
import type { MySummary, UpdateProfileInput, UpdateProfileResponse } from '@vouch/contracts';
import { api, CURRENT_USER_QUERY_KEY, useMutation, useQueryClient } from '@vouch/shell-sdk';
import { profileKeys } from '../../../lib/query-keys';

export const updateProfile = (body: UpdateProfileInput): Promise<UpdateProfileResponse> => api.patch<UpdateProfileResponse>('/api/profile', body);

export function useUpdateProfile() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateProfile,
    onSuccess: ({ profile }) => {
      // The answer is the new profile: show it at once, then let the public page re-read.
      queryClient.setQueryData<MySummary | null>(profileKeys.mySummary, (old) => (old ? { ...old, profile } : old));
      // A new name shows in the header, the greeting and everywhere the member is named.
      return Promise.all([queryClient.invalidateQueries({ queryKey: profileKeys.all }), queryClient.invalidateQueries({ queryKey: CURRENT_USER_QUERY_KEY })]);
    },
  });
}
