/**
 * PATCH /api/profile with the name only: a recipient whose account was made from the name their
 * voucher typed confirms or corrects it (issue 28 item 8); it becomes their member and profile name.
 */
import type { UpdateProfileInput, UpdateProfileResponse } from '@vouch/contracts';
import { api } from '@vouch/shell-sdk';

export function confirmName({ firstName, lastName }: { firstName: string; lastName: string }): Promise<UpdateProfileResponse> {
  const body: UpdateProfileInput = { firstName: firstName.trim(), lastName: lastName.trim() };
  return api.patch('/api/profile', body);
}
