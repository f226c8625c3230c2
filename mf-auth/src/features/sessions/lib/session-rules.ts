/** What the sessions page says of each session (issue 43), free of React so it is tested on its own. */
import { formatTimeAgo, type SessionSummary } from '@vouch/contracts';

/** "This device", else when it was last used: "Last used 3 hours ago". */
export function lastUsedText(session: Pick<SessionSummary, 'current' | 'lastUsedAt'>, now: Date): string {
  return session.current ? 'This device' : `Last used ${formatTimeAgo(session.lastUsedAt, now)}`;
}

/** "Signed in Mar 4, 2026 · from 203.0.113.0/24": when, and the network it was last used from. */
export function signedInText(session: Pick<SessionSummary, 'signedInAt' | 'place'>): string {
  const day = new Date(session.signedInAt).toLocaleDateString('en-US', { month: 'short', day: 'numeric', year: 'numeric', timeZone: 'UTC' });
  return session.place ? `Signed in ${day} · from ${session.place}` : `Signed in ${day}`;
}

/** The sentence after signing out everywhere else. */
export function endedText(ended: number): string {
  if (ended === 0) return 'No other session was signed in.';
  return `${ended} other ${ended === 1 ? 'session was' : 'sessions were'} signed out.`;
}
