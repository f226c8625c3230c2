/**
 * A signed-in page load without the shell's own chain (issue 41): the page's HTML says who is
 * signed in, so the signed-in frame's chunks (the query root, the sign-in gate, the header) and the
 * federation runtime are requested at once, side by side, instead of each after the one that
 * renders it (query root → gate → header → remote slot: four round trips on a phone). The remote's
 * own files are preloaded by the HTML. Nothing is evaluated twice: `lazy()` meets the same chunks.
 */
import { matchPage } from '@vouch/contracts';
import { pageSession, warmRemotes } from '@vouch/shell-sdk/base';

export function startSignedInPage(pathname: string): void {
  const page = matchPage(pathname)?.page;
  if (!page || page.access !== 'login' || !pageSession()?.user) return;
  // Failures are met (and shown) where the chunks render; here they are only started.
  const start = (load: () => Promise<unknown>) => void load().catch(() => undefined);
  start(() => import('./query-root'));
  start(() => import('./require-sign-in'));
  start(() => import('./signed-in-layout'));
  if (page.remote) warmRemotes();
}
