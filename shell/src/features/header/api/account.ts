/**
 * The member's data rights from the avatar menu (issue 10): `GET /api/account/export` saved as
 * a JSON file, and `DELETE /api/account` (after the dialog's confirmation and a fresh code texted
 * to the member's phone, issue 43), which signs out everywhere and lands on / with a toast.
 */
import type { ReverifyInput } from '@vouch/contracts';
import { api, ApiError, useMutation, useNavigate, useQueryClient } from '@vouch/shell-sdk';
import { notify } from '@vouch/ui';
import { exportFileName } from '../header-rules';
import { reverify } from './reverify';

/** What a failed data-rights call says: the server's sentence for a 4xx/502/503, else a plain one. */
export function accountFailureText(error: unknown, fallback: string): string {
  return error instanceof ApiError && error.status !== 500 && error.detail ? error.detail : fallback;
}

/** Fetches the export and hands it to the browser as a download (so a failure can be a toast, not a page). */
export async function downloadMyData(): Promise<void> {
  const data = await api.get<{ exportedAt?: string }>('/api/account/export');
  const url = URL.createObjectURL(new Blob([JSON.stringify(data, null, 2)], { type: 'application/json' }));
  const link = document.createElement('a');
  link.href = url;
  link.download = exportFileName(data.exportedAt);
  document.body.append(link);
  link.click();
  link.remove();
  // After the click has been handled: revoking at once can cancel the download in some browsers.
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}

export async function exportMyData(): Promise<void> {
  try {
    await downloadMyData();
    notify({ title: 'Data Exported', description: 'Your data was downloaded as a JSON file.' });
  } catch (error) {
    notify({ title: 'Export Failed', description: accountFailureText(error, 'Failed to export your data'), variant: 'destructive' });
  }
}

export const deleteAccount = (): Promise<null> => api.delete<null>('/api/account');

/** Confirms it is the member with the code (POST /api/auth/reverify), then deletes the account. */
export async function deleteAccountWithCode(confirmation: ReverifyInput): Promise<null> {
  await reverify(confirmation);
  return deleteAccount();
}

export function useDeleteAccount() {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  return useMutation({
    mutationFn: deleteAccountWithCode,
    onSuccess: () => {
      // Leave the signed-in screens first, so the auth gate does not flash the sign-in screen.
      navigate('/');
      queryClient.clear();
      notify({ title: 'Account Deleted', description: 'Your account and your data have been deleted.' });
    },
  });
}
