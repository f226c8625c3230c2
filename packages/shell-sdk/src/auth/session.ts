import type { UserProfile } from '@vouch/contracts';
import { api } from '../api/api-client';

/**
 * The signed-in member from GET /api/auth/session, or null when signed out: it answers 200
 * either way, so a visitor's page logs no failed request. In base: the landing page asks too.
 */
export async function fetchCurrentUser(): Promise<UserProfile | null> {
  const response = await api.read<{ user: UserProfile | null }>('/api/auth/session');
  return response?.user ?? null;
}
