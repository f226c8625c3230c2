/** POST /api/auth/complete-registration (SPEC §7): names the member of a verified new session, with the visibility they chose (issue 44). */
import type { CompleteRegistrationInput, UserResponse } from '@vouch/contracts';
import { api } from '@vouch/shell-sdk';

export function completeRegistration({ firstName, lastName, isPublic }: CompleteRegistrationInput): Promise<UserResponse> {
  const body: CompleteRegistrationInput = { firstName: firstName.trim(), lastName: lastName.trim(), ...(isPublic === undefined ? {} : { isPublic }) };
  return api.post('/api/auth/complete-registration', body);
}
