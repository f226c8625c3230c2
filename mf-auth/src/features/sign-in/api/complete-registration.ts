/** POST /api/auth/complete-registration (SPEC §7): names the member of a verified new session. */
import type { CompleteRegistrationInput, UserResponse } from '@vouch/contracts';
import { api } from '@vouch/shell-sdk';

export function completeRegistration({ firstName, lastName }: CompleteRegistrationInput): Promise<UserResponse> {
  const body: CompleteRegistrationInput = { firstName: firstName.trim(), lastName: lastName.trim() };
  return api.post('/api/auth/complete-registration', body);
}
