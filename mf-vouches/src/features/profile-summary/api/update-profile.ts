/** `PATCH /api/profile { isPublic?, customBio? }`: the member's profile settings. */
import type { MySummary, UpdateProfileInput, UpdateProfileResponse } from '@vouch/contracts';
import { api, useMutation, useQueryClient } from '@vouch/shell-sdk';
import { profileKeys } from './my-summary';

export const updateProfile = (body: UpdateProfileInput): Promise<UpdateProfileResponse> => api.patch<UpdateProfileResponse>('/api/profile', body);

export function useUpdateProfile() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateProfile,
    onSuccess: ({ profile }) => {
      // The answer is the new profile: show it at once, then let the public page re-read.
      queryClient.setQueryData<MySummary | null>(profileKeys.mySummary, (old) => (old ? { ...old, profile } : old));
      return queryClient.invalidateQueries({ queryKey: profileKeys.all });
    },
  });
}
