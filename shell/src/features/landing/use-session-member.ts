import type { UserProfile } from '@vouch/contracts';
import { api } from '@vouch/shell-sdk/base';
import { useEffect, useState } from 'react';

/**
 * Who is visiting the landing page: `undefined` until the session answers, then the member or
 * null. GET /api/auth/session answers 200 either way, so a visitor's page logs no failed request;
 * a plain call, as the landing page carries no query client.
 */
export function useSessionMember(): UserProfile | null | undefined {
  const [member, setMember] = useState<UserProfile | null | undefined>(undefined);
  useEffect(() => {
    let shown = true;
    api.read<{ user: UserProfile | null }>('/api/auth/session').then(
      (answer) => shown && setMember(answer?.user ?? null),
      () => shown && setMember(null),
    );
    return () => {
      shown = false;
    };
  }, []);
  return member;
}
