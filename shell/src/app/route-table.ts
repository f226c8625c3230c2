/**
 * Every route of SPEC §2 that a remote renders: the remote, the key in its `./routes` module and
 * who may open it. `/` (landing) and the 404 page are the shell's own. architecture.md mirrors
 * this table; change both together.
 */
import type { RemoteName } from '@vouch/shell-sdk/base';

export type Access = 'public' | 'login';

export interface RemoteRoute {
  path: string;
  remote: RemoteName;
  /** Key in the remote's `./routes` default export (the path as the remote declares it). */
  key: string;
  access: Access;
}

export const REMOTE_ROUTES: readonly RemoteRoute[] = [
  { path: '/auth', remote: 'mf_auth', key: '/auth', access: 'public' },
  { path: '/vouch/:vouchToken', remote: 'mf_vouches', key: '/vouch/:vouchToken', access: 'public' },
  { path: '/profile/:slug', remote: 'mf_vouches', key: '/profile/:slug', access: 'public' },
  { path: '/dashboard', remote: 'mf_vouches', key: '/dashboard', access: 'login' },
  { path: '/my-vouches', remote: 'mf_vouches', key: '/my-vouches', access: 'login' },
  { path: '/pending-vouches', remote: 'mf_vouches', key: '/pending-vouches', access: 'login' },
  { path: '/stats', remote: 'mf_vouches', key: '/stats', access: 'login' },
  { path: '/introduction-requests', remote: 'mf_introductions', key: '/introduction-requests', access: 'login' },
  { path: '/network', remote: 'mf_network', key: '/network', access: 'login' },
  { path: '/subscription', remote: 'mf_subscription', key: '/subscription', access: 'login' },
];

/** What a signed-out visitor sees on a login-only route (SPEC §2). */
export const SIGN_IN_SCREEN = { remote: 'mf_auth', key: '/auth' } as const satisfies Pick<RemoteRoute, 'remote' | 'key'>;
