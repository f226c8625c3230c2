import type { UserProfile } from '@vouch/contracts';
import { fetchCurrentUser, isFirstPageView, pageSession } from '@vouch/shell-sdk/base';
import { useEffect, useState } from 'react';

/**
 * Who is visiting the landing page: the session its HTML carries (issue 41: known at once, no
 * request), else `undefined` until the session answers, then the member or null. A plain call,
 * as the landing page carries no query client.
 */
export function useSessionMember(): UserProfile | null | undefined {
  // The HTML's session answers for the page it was served with; back here after a navigation, ask.
  const [member, setMember] = useState<UserProfile | null | undefined>(() => (isFirstPageView() ? pageSession()?.user : undefined));
  const known = member !== undefined;
  useEffect(() => {
    if (known) return;
    let shown = true;
    fetchCurrentUser().then(
      (user) => shown && setMember(user),
      () => shown && setMember(null),
    );
    return () => {
      shown = false;
    };
    // Asked once per mount, and only when the HTML's session is not the answer.
  }, [known]);
  return member;
}
