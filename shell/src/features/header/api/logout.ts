/**
 * POST /api/auth/logout {} (SPEC §7). On success the cached data is cleared and the member goes
 * to /; a failure shows Error / Failed to log out (SPEC §8) and keeps them signed in.
 */
import { api, ApiError, useNavigate, useQueryClient } from '@vouch/shell-sdk';
import { notify } from '@vouch/ui';
import { useState } from 'react';

export async function logout(): Promise<{ success: boolean }> {
  try {
    return await api.post('/api/auth/logout', {});
  } catch (error) {
    // 401: no session left to end (signed out in another tab): already where Sign Out leads.
    if (error instanceof ApiError && error.status === 401) return { success: true };
    throw error;
  }
}

export function useSignOut() {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const [pending, setPending] = useState(false);
  const signOut = async () => {
    if (pending) return;
    setPending(true);
    try {
      await logout();
    } catch {
      notify({ title: 'Error', description: 'Failed to log out', variant: 'destructive' });
      setPending(false);
      return;
    }
    // Leave the signed-in screens first, so the auth gate does not flash the sign-in screen.
    navigate('/');
    queryClient.clear();
  };
  return { signOut, pending };
}
