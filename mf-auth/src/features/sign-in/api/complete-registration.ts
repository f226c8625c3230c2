/** POST /api/auth/complete-registration (SPEC §7): names the member of a verified new session. */
import { api, type CurrentUser } from '@vouch/shell-sdk';

export interface CompleteRegistrationInput {
  firstName: string;
  lastName: string;
}

export function completeRegistration({ firstName, lastName }: CompleteRegistrationInput): Promise<{ user: CurrentUser }> {
  return api.post('/api/auth/complete-registration', { firstName: firstName.trim(), lastName: lastName.trim() });
}
