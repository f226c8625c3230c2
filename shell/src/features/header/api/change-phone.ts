/**
 * `PUT /api/account/phone` (issue 43): the member signs in with another phone from now on. The
 * session must have confirmed it is them with a fresh code (reverify.ts) in the last 10 minutes,
 * and the new phone proves itself with the code texted to it. The header's phone follows.
 */
import { formatStoredPhone, type ChangePhoneInput, type UserProfile } from '@vouch/contracts';
import { api, CURRENT_USER_QUERY_KEY, useMutation, useQueryClient } from '@vouch/shell-sdk';
import { notify } from '@vouch/ui';

export const changePhone = (input: ChangePhoneInput): Promise<{ user: UserProfile }> => api.put<{ user: UserProfile }>('/api/account/phone', input);

export function useChangePhone() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: changePhone,
    onSuccess: ({ user }) => {
      queryClient.setQueryData(CURRENT_USER_QUERY_KEY, user);
      notify({ title: 'Phone Number Changed', description: `You now sign in with ${formatStoredPhone(user.phone)}.` });
    },
  });
}
