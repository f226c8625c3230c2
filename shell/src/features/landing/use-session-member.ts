import type { UserProfile } from '@vouch/contracts';
import { fetchCurrentUser } from '@vouch/shell-sdk/base';
import { useEffect, useState } from 'react';

/**
 * Who is visiting the landing page: `undefined` until the session answers, then the member or
 * null. A plain call, as the landing page carries no query client.
 */
export function useSessionMember(): UserProfile | null | undefined {
  const [member, setMember] = useState<UserProfile | null | undefined>(undefined);
  useEffect(() => {
    let shown = true;
    fetchCurrentUser().then(
      (user) => shown && setMember(user),
      () => shown && setMember(null),
    );
    return () => {
      shown = false;
    };
  }, []);
  return member;
}
