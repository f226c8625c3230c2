/**
 * PATCH /api/profile with the name and visibility: a recipient whose account was made from the
 * name their voucher typed confirms or corrects it (issue 28 item 8); it becomes their member and
 * profile name, and the URL made from the typed name follows it (issue 44); the visibility is
 * their choice (the account was private until then).
 */
import type { UpdateProfileInput, UpdateProfileResponse } from '@vouch/contracts';
import { api } from '@vouch/shell-sdk';

export function confirmName({ firstName, lastName, isPublic }: { firstName: string; lastName: string; isPublic: boolean }): Promise<UpdateProfileResponse> {
  const body: UpdateProfileInput = { firstName: firstName.trim(), lastName: lastName.trim(), isPublic };
  return api.patch('/api/profile', body);
}
