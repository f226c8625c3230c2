/**
 * A page's code loads when the member shows they are about to open it (issue 41): pointing at a
 * link to it, touching it, focusing it with the keyboard, or reaching its item in the avatar menu.
 * Pointing comes 100–300 ms before the click, so the page's remote (its entry and `./routes`) is
 * often in when the page renders and the click does not wait for its code, as GitHub and Linear
 * load on hover. The federation runtime keeps what it loaded, so the page's own `RemoteSlot`
 * meets it. Each remote is asked for once; a failure is left for the page to meet and show (with
 * Retry), and the next intent asks again. A member who asked to save data (Save-Data) gets none.
 */
import { matchPage } from '@vouch/contracts';
import { loadRemoteModule } from '@vouch/shell-sdk/base';

const asked = new Set<string>();

function savesData(): boolean {
  return (navigator as Navigator & { connection?: { saveData?: boolean } }).connection?.saveData === true;
}

/** Loads the code of the page at `path` (an app path: `/network`, `/profile/maya-chen`) unless it is loaded or on its way. */
export function loadPageCode(path: string): void {
  const remote = matchPage(path)?.page.remote;
  if (!remote || asked.has(remote) || savesData()) return;
  asked.add(remote);
  loadRemoteModule(remote, './routes').catch(() => asked.delete(remote));
}

/** The app path a link leads to, or null for a link elsewhere (another site, a file, no link). */
export function linkPath(target: EventTarget | null, origin: string): string | null {
  const anchor = target instanceof Element ? target.closest('a[href]') : null;
  if (!(anchor instanceof HTMLAnchorElement) || anchor.target === '_blank' || anchor.hasAttribute('download')) return null;
  const url = new URL(anchor.href);
  return url.origin === origin ? url.pathname : null;
}

/** One listener on the document for every link, the shell's and the remotes' alike. */
export function loadPageCodeOnIntent(doc: Document = document): void {
  const onIntent = (event: Event) => {
    const path = linkPath(event.target, doc.location.origin);
    if (path) loadPageCode(path);
  };
  for (const type of ['pointerover', 'touchstart', 'focusin']) doc.addEventListener(type, onIntent, { passive: true, capture: true });
}
