/**
 * The session a page's HTML was served for (issue 41): the gateway knows the session when it
 * serves the page and inlines it as a JSON data block (@vouch/contracts SESSION_ELEMENT_ID), so
 * the shell and its remotes start without asking GET /api/auth/session. In base: the landing page
 * reads it too. And the page views: which answers count as current for the page on screen.
 */
import { SESSION_ELEMENT_ID, type PageSession } from '@vouch/contracts';
import { useLocation } from 'react-router-dom';

let inlined: { session: PageSession | undefined } | undefined;

function parse(text: string | null | undefined): PageSession | undefined {
  if (!text) return undefined;
  try {
    const value = JSON.parse(text) as Partial<PageSession> | null;
    return value && typeof value === 'object' && 'user' in value ? { user: value.user ?? null } : undefined;
  } catch {
    return undefined;
  }
}

/**
 * The session in this page's HTML, or undefined when it carries none (a remote's standalone page,
 * a gateway that could not read the session): then the app asks the server as before. Read once.
 */
export function pageSession(): PageSession | undefined {
  inlined ??= { session: typeof document === 'undefined' ? undefined : parse(document.getElementById(SESSION_ELEMENT_ID)?.textContent) };
  return inlined.session;
}

let viewStartedAt: number | undefined;
let viewKey: string | undefined;

/**
 * When the page on screen was opened, on react-query's clock (Date.now(), which stamps every
 * answer): -Infinity while the document's first page is on screen, for which every answer read so
 * far is current. Not performance.timeOrigin: Chromium fixes it from a monotonic clock when the
 * renderer starts, and the wall clock can be ahead of or behind it by more than a page view lasts.
 */
export function pageViewStartedAt(): number {
  return viewStartedAt ?? -Infinity;
}

/** Whether the page on screen is the one the document was served for (no navigation yet). */
export function isFirstPageView(): boolean {
  return viewStartedAt === undefined;
}

/**
 * Counts the app's page views: call it once, inside the router, above every route. It notes the
 * navigation while rendering (not in an effect: the new page's queries subscribe in their own
 * effects, which run before a parent's), once per history entry.
 */
export function usePageViews(): void {
  const { key } = useLocation();
  if (viewKey === key) return;
  if (viewKey !== undefined) viewStartedAt = Date.now();
  viewKey = key;
}
