// The HTML the gateway sends for a page of the web app: the shell's index.html with the page's
// own head (title, description, robots, link-preview tags) and a real status, so crawlers and
// link previews see what a visitor sees (issue 17): 404 for a path the app has no page for, an
// unknown or private profile and an unknown vouch link; `noindex` where PAGES says so. Public
// pages also carry their first screen (first-screen.ts), painted before any script runs. Every
// page carries the session it was served for (issue 41), and a signed-in screen preloads its
// remote and its first API reads, so a page load is not a chain of round trips, and paints its
// intro as its first screen.
import type { AuthContext, Database, Logger } from '@vouch/service-core';
import { dashboardState, firstReadsOf, matchPage, networkSize, NOT_FOUND_PAGE, pageIntroOf, publicProfilePath, SESSION_ELEMENT_ID, type BillingProvider, type PageHead, type PageSession, type UserProfile } from '@vouch/contracts';
import { sessionUser } from '@vouch/service-auth';
import { currentPlanPreview } from '@vouch/service-subscriptions';
import { isReleasedProfileUrl, publicProfilePreview, publicVouchPreview, vouchBacksFor } from '@vouch/service-vouches';
import { FIRST_SCREEN_STYLE, firstScreenHtml, withFirstScreen, type FirstScreen, type LandingSlide } from './first-screen';
import { registryDataBlock } from './preload';
import { escapeHtml, OG_IMAGE, profileMetaTags, withHeadTags } from './profile-page';
import type { RegistryEntry } from './registry';

export interface RenderedPage {
  status: 200 | 301 | 404 | 410;
  html: string;
  /** With 301: where the page lives now (an earlier profile URL → the current one). */
  location?: string;
  /** false: the response carries `X-Robots-Tag: noindex` (and the page a robots meta tag). */
  indexable: boolean;
  /** true: rendered for a session (it names the member): never stored by any cache. */
  personal: boolean;
}

/**
 * Renders the page at `path` into the shell's index.html (`index`). `auth`: the request's
 * session (null: none presented or none valid; undefined: it could not be read, so the page
 * carries no session and the shell asks GET /api/auth/session itself).
 */
export type PageRenderer = (page: { path: string; origin: string; auth?: AuthContext | null }, index: string) => Promise<RenderedPage>;

export interface PageRendererOptions {
  db: Database;
  logger: Logger;
  /** PUBLIC_URL: the site's address for canonical and og: URLs (default: the request's own origin). */
  publicUrl?: string;
  /** The remote registry, inlined into every page (the shell then does not fetch it). */
  registry: RegistryEntry[];
  /** The preload tags of a remote's page (preload.ts). */
  preloadsOf: (remote: string) => string;
  /** The landing slideshow's first picture (first-screen.ts landingSlideReader). */
  landingSlide?: () => LandingSlide | null;
  /** The server's billing provider (the subscriptions service's billingProviderName), for the Subscription page's first screen. */
  billingProvider: BillingProvider;
}

interface Head {
  status: 200 | 301 | 404 | 410;
  /** With 301: the page's current path. */
  location?: string;
  tags: string;
  indexable: boolean;
  /** The remote a visitor's browser loads for the page, to preload. */
  remote?: string;
  /** The page's first screen, in its HTML. */
  screen?: FirstScreen;
  /** The page's first API reads, preloaded. */
  data?: string[];
}

/**
 * A preload of the API read a page makes first, so it starts with the HTML instead of after the
 * scripts: the URL exactly as the page builds it (the path's own segment, encoded again) and
 * `use-credentials`, as the API client sends cookies; else the browser would fetch it twice.
 */
export function dataPreload(url: string): string {
  return `<link rel="preload" as="fetch" crossorigin="use-credentials" href="${escapeHtml(url)}">`;
}

/**
 * The JSON data block the shell seeds its session query from (@vouch/contracts SESSION_ELEMENT_ID),
 * never executed. `<`, `>` and `&` are written as JSON escapes, so no text a member wrote (a name
 * holding `</script>`) can end the element or start markup: the block parses back to the same value.
 */
export function sessionDataBlock(session: PageSession): string {
  const json = JSON.stringify(session).replace(/[<>&\u2028\u2029]/g, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`);
  return `<script type="application/json" id="${SESSION_ELEMENT_ID}">${json}</script>`;
}

/** Title, description and (for a page not to index) the robots meta tag of a page. */
export function headTags(head: PageHead, canonicalUrl?: string): string {
  return [
    `<title>${escapeHtml(head.title)}</title>`,
    `<meta name="description" content="${escapeHtml(head.description)}">`,
    head.indexable ? '' : '<meta name="robots" content="noindex">',
    head.indexable && canonicalUrl ? `<link rel="canonical" href="${escapeHtml(canonicalUrl)}">` : '',
  ].join('');
}

// An unknown profile or vouch link gets no first screen: the app says which it was ("Profile Not Found").
const NOT_FOUND: Head = { status: 404, tags: headTags(NOT_FOUND_PAGE), indexable: false };

/** The first screens that need no data: the landing page, the sign-in screen, the 404 page. */
function fixedScreen(path: string | undefined): FirstScreen | undefined {
  if (path === undefined) return { page: 'not-found' };
  return path === '/' ? { page: 'landing', slide: null } : path === '/auth' ? { page: 'auth' } : undefined;
}

/** The site's base URL: PUBLIC_URL without its trailing slash, else the request's origin. */
export function siteUrl(publicUrl: string | undefined, origin: string): string {
  return publicUrl?.replace(/\/+$/, '') || origin;
}

async function headFor(path: string, site: string, db: Database, user: UserProfile | null, billingProvider: BillingProvider): Promise<Head> {
  const match = matchPage(path);
  if (!match) return { ...NOT_FOUND, screen: fixedScreen(undefined) };
  const { page, params } = match;
  if (page.path === '/profile/:slug') {
    const preview = await publicProfilePreview(db, params.slug!);
    // A URL whose member left (or let it go) is gone, not unknown (issue 43); the app shows Profile Not Found.
    if (!preview) return (await isReleasedProfileUrl(db, params.slug!)) ? { ...NOT_FOUND, status: 410 } : NOT_FOUND;
    // An earlier URL of the profile (a rename, a chosen URL): moved for good, to the current one.
    if (preview.slug !== params.slug) return { status: 301, location: publicProfilePath(preview.slug), tags: '', indexable: false };
    const tags = profileMetaTags(preview, `${site}${publicProfilePath(preview.slug)}`, `${site}${OG_IMAGE.path}`);
    const data = [`/api/profile/public/${encodeURIComponent(params.slug!)}`];
    return { status: 200, indexable: true, remote: page.remote, tags, screen: { page: 'profile', profile: preview }, data };
  }
  let screen = fixedScreen(page.path);
  let data: string[] | undefined;
  if (page.path === '/vouch/:vouchToken') {
    const vouch = await publicVouchPreview(db, params.vouchToken!);
    if (!vouch) return NOT_FOUND;
    // The app asks for state answers: a revoked vouch's read is a 200 saying so (issue 28: a 410 is a console error).
    data = [`/api/vouches/public/${encodeURIComponent(params.vouchToken!)}?states=true`];
    // A revoked link is a page that says so (200, the app's own screen), not a missing page.
    if (vouch !== 'removed') screen = { page: 'vouch', vouch };
  }
  const tags = headTags(page, `${site}${page.path}`);
  if (page.access !== 'login') return { status: 200, indexable: page.indexable, remote: page.remote, tags, screen, data };
  if (!user) return { status: 200, indexable: page.indexable, tags };
  // A login page for a signed-in member: its remote and first reads (contracts' FIRST_READS), fetched beside the shell's code,
  // and its intro (contracts' PAGE_INTROS) as the first screen, painted before that code has run.
  const intro = pageIntroOf(page.path, user, new Date());
  // The dashboard's Vouch back card comes first under the intro when there is one (its largest text on a phone).
  const vouchBack = page.path === '/dashboard' && dashboardState(user) !== 'no-vouches' ? (await vouchBacksFor(db, { memberId: user.id, phone: user.phone }))[0] : undefined;
  // Stats' first row of cards (its largest text on a phone) draws from the profile alone; locked (no vouch yet), the page says why instead.
  const stats = page.path === '/stats' && networkSize(user) > 0 ? user : undefined;
  // The Subscription page's current plan card (its largest text on a phone): one indexed read.
  const plan = page.path === '/subscription' ? { ...(await currentPlanPreview(db, user.id)), provider: billingProvider } : undefined;
  return { status: 200, indexable: page.indexable, remote: page.remote, tags, data: firstReadsOf(page.path, user), screen: intro && { page: 'signed-in', intro, vouchBack: vouchBack?.name, stats, plan } };
}

/**
 * The page renderer of the SPA fallback. Reads only (a profile view is counted by the page's own
 * API call). When the database cannot answer, the page goes out as 200 with its generic head: the
 * app then shows what its own API calls find.
 */
export function pageRenderer(options: PageRendererOptions): PageRenderer {
  // The registry is fixed at start (config), so its data block is serialised once, not per page.
  const registryBlock = registryDataBlock(options.registry);
  return async ({ path, origin, auth }, index) => {
    // Who is visiting, as GET /api/auth/session would say (auth's sessionUser); unknown (no block) when it cannot be read.
    let session: PageSession | undefined;
    try {
      session = auth === undefined ? undefined : { user: auth ? await sessionUser(options.db, auth) : null };
    } catch (error) {
      options.logger.warn({ err: error }, 'the session could not be read for the page; the app asks for it');
    }
    const personal = !!auth;
    let head: Head;
    try {
      head = await headFor(path, siteUrl(options.publicUrl, origin), options.db, session?.user ?? null, options.billingProvider);
    } catch (error) {
      options.logger.warn({ err: error }, 'the page head could not be rendered; sending the generic one');
      const page = matchPage(path)?.page;
      head = { status: 200, tags: headTags(page ?? NOT_FOUND_PAGE), indexable: page?.indexable ?? false, screen: fixedScreen(page?.path) };
    }
    if (head.status === 301) return { status: 301, location: head.location, indexable: false, personal, html: '' };
    if (head.screen?.page === 'landing') head.screen = { page: 'landing', slide: options.landingSlide?.() ?? null };
    const tags =
      head.tags +
      (head.screen ? FIRST_SCREEN_STYLE : '') +
      registryBlock +
      (session ? sessionDataBlock(session) : '') +
      (head.data ?? []).map(dataPreload).join('') +
      (head.remote ? options.preloadsOf(head.remote) : '');
    const html = withHeadTags(index, tags);
    return { status: head.status, indexable: head.indexable, personal, html: head.screen ? withFirstScreen(html, firstScreenHtml(head.screen)) : html };
  };
}
