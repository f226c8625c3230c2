/**
 * Every route of SPEC §2 that a remote renders: the remote, the key in its `./routes` module and
 * who may open it. `/` (landing) and the 404 page are the shell's own. architecture.md mirrors
 * this table; change both together.
 */
import { PAGES } from '@vouch/contracts';
import type { RemoteName } from '@vouch/shell-sdk/base';

export type Access = 'public' | 'login';

export interface RemoteRoute {
  path: string;
  remote: RemoteName;
  /** Key in the remote's `./routes` default export (the path as the remote declares it). */
  key: string;
  access: Access;
}

// From contracts' PAGES, which the gateway also reads (a page's status, head and preloads), so
// the two cannot disagree on which paths exist.
export const REMOTE_ROUTES: readonly RemoteRoute[] = PAGES.flatMap((page) => (page.remote ? [{ path: page.path, remote: page.remote, key: page.path, access: page.access }] : []));

/** What a signed-out visitor sees on a login-only route (SPEC §2). */
export const SIGN_IN_SCREEN = { remote: 'mf_auth', key: '/auth' } as const satisfies Pick<RemoteRoute, 'remote' | 'key'>;

/** The network map is a route of its own (mf_network), so the avatar menu always offers it. */
export const NETWORK_MAP_PATH = '/network';
