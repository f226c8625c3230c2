// The HTML the gateway sends for a page of the web app: the shell's index.html with the page's
// own head (title, description, robots, link-preview tags) and a real status, so crawlers and
// link previews see what a visitor sees (issue 17): 404 for a path the app has no page for, an
// unknown or private profile and an unknown vouch link; `noindex` where PAGES says so. Public
// pages also carry their first screen (first-screen.ts), painted before any script runs.
import type { Database, Logger } from '@vouch/service-core';
import { matchPage, NOT_FOUND_PAGE, publicProfilePath, type PageHead } from '@vouch/contracts';
import { publicProfilePreview, publicVouchPreview } from '@vouch/service-vouches';
import { FIRST_SCREEN_STYLE, firstScreenHtml, withFirstScreen, type FirstScreen, type LandingSlide } from './first-screen';
import { registryDataBlock } from './preload';
import { escapeHtml, OG_IMAGE, profileMetaTags, withHeadTags } from './profile-page';
import type { RegistryEntry } from './registry';

export interface RenderedPage {
  status: 200 | 301 | 404;
  html: string;
  /** With 301: where the page lives now (an earlier profile URL → the current one). */
  location?: string;
  /** false: the response carries `X-Robots-Tag: noindex` (and the page a robots meta tag). */
  indexable: boolean;
}

/** Renders the page at `path` into the shell's index.html (`index`). */
export type PageRenderer = (page: { path: string; origin: string }, index: string) => Promise<RenderedPage>;

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
}

interface Head {
  status: 200 | 301 | 404;
  /** With 301: the page's current path. */
  location?: string;
  tags: string;
  indexable: boolean;
  /** The remote a visitor's browser loads for the page, to preload. */
  remote?: string;
  /** The page's first screen, in its HTML. */
  screen?: FirstScreen;
  /** The page's first API read, preloaded. */
  data?: string;
}

/**
 * A preload of the API read a page makes first, so it starts with the HTML instead of after the
 * scripts: the URL exactly as the page builds it (the path's own segment, encoded again) and
 * `use-credentials`, as the API client sends cookies; else the browser would fetch it twice.
 */
export function dataPreload(url: string): string {
  return `<link rel="preload" as="fetch" crossorigin="use-credentials" href="${escapeHtml(url)}">`;
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

async function headFor(path: string, site: string, db: Database): Promise<Head> {
  const match = matchPage(path);
  if (!match) return { ...NOT_FOUND, screen: fixedScreen(undefined) };
  const { page, params } = match;
  if (page.path === '/profile/:slug') {
    const preview = await publicProfilePreview(db, params.slug!);
    if (!preview) return NOT_FOUND;
    // An earlier URL of the profile (a rename, a chosen URL): moved for good, to the current one.
    if (preview.slug !== params.slug) return { status: 301, location: publicProfilePath(preview.slug), tags: '', indexable: false };
    const tags = profileMetaTags(preview, `${site}${publicProfilePath(preview.slug)}`, `${site}${OG_IMAGE.path}`);
    const data = `/api/profile/public/${encodeURIComponent(params.slug!)}`;
    return { status: 200, indexable: true, remote: page.remote, tags, screen: { page: 'profile', profile: preview }, data };
  }
  let screen = fixedScreen(page.path);
  let data: string | undefined;
  if (page.path === '/vouch/:vouchToken') {
    const vouch = await publicVouchPreview(db, params.vouchToken!);
    if (!vouch) return NOT_FOUND;
    // The app asks for state answers: a revoked vouch's read is a 200 saying so (issue 28: a 410 is a console error).
    data = `/api/vouches/public/${encodeURIComponent(params.vouchToken!)}?states=true`;
    // A revoked link is a page that says so (200, the app's own screen), not a missing page.
    if (vouch !== 'removed') screen = { page: 'vouch', vouch };
  }
  // A login page's remote is known only once the shell knows who is visiting (else: sign-in).
  return { status: 200, indexable: page.indexable, remote: page.access === 'public' ? page.remote : undefined, tags: headTags(page, `${site}${page.path}`), screen, data };
}

/**
 * The page renderer of the SPA fallback. Reads only (a profile view is counted by the page's own
 * API call). When the database cannot answer, the page goes out as 200 with its generic head: the
 * app then shows what its own API calls find.
 */
export function pageRenderer(options: PageRendererOptions): PageRenderer {
  // The registry is fixed at start (config), so its data block is serialised once, not per page.
  const registryBlock = registryDataBlock(options.registry);
  return async ({ path, origin }, index) => {
    let head: Head;
    try {
      head = await headFor(path, siteUrl(options.publicUrl, origin), options.db);
    } catch (error) {
      options.logger.warn({ err: error }, 'the page head could not be rendered; sending the generic one');
      const page = matchPage(path)?.page;
      head = { status: 200, tags: headTags(page ?? NOT_FOUND_PAGE), indexable: page?.indexable ?? false, screen: fixedScreen(page?.path) };
    }
    if (head.status === 301) return { status: 301, location: head.location, indexable: false, html: '' };
    if (head.screen?.page === 'landing') head.screen = { page: 'landing', slide: options.landingSlide?.() ?? null };
    const tags = head.tags + (head.screen ? FIRST_SCREEN_STYLE : '') + registryBlock + (head.data ? dataPreload(head.data) : '') + (head.remote ? options.preloadsOf(head.remote) : '');
    const html = withHeadTags(index, tags);
    return { status: head.status, indexable: head.indexable, html: head.screen ? withFirstScreen(html, firstScreenHtml(head.screen)) : html };
  };
}
