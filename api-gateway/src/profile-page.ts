// Link previews of public profiles: the HTML sent for /profile/:slug carries the page title,
// description, Open Graph and Twitter card tags, so previews work without JavaScript (SPEC §2
// "Public profile page"). Unknown and private profiles get the plain shell: the SPA then shows
// "Profile Not Found". Only tags are added; never a script (the CSP allows none inline).
import type { Database, Logger } from '@vouch/service-core';
import { PROFILE_MESSAGES, publicProfilePath } from '@vouch/contracts';
import { publicProfilePreview, type PublicProfilePreview } from '@vouch/service-vouches';

const PROFILE_PATH = /^\/profile\/([^/]+)\/?$/;

/** Text for an HTML attribute or element: & < > " ' escaped. */
export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);
}

/** The description of a preview: the generated summary, else the fallback sentence of the page. */
function describe(preview: PublicProfilePreview): string {
  return preview.summary ?? `${PROFILE_MESSAGES.fallbackSummary}.`;
}

/** The tags of one public profile (title, description, Open Graph, Twitter card). */
export function profileMetaTags(preview: PublicProfilePreview, pageUrl: string): string {
  const title = `${preview.name} | Vouch`;
  const description = describe(preview);
  const meta = (attribute: 'name' | 'property', key: string, content: string) => `<meta ${attribute}="${key}" content="${escapeHtml(content)}">`;
  return [
    `<title>${escapeHtml(title)}</title>`,
    meta('name', 'description', description),
    `<link rel="canonical" href="${escapeHtml(pageUrl)}">`,
    meta('property', 'og:type', 'profile'),
    meta('property', 'og:site_name', 'Vouch'),
    meta('property', 'og:title', title),
    meta('property', 'og:description', description),
    meta('property', 'og:url', pageUrl),
    meta('name', 'twitter:card', 'summary'),
    meta('name', 'twitter:title', title),
    meta('name', 'twitter:description', description),
  ].join('');
}

const TITLE = /<title>[\s\S]*?<\/title>/i;
const DESCRIPTION = /<meta\s+name=["']?description["']?[^>]*>/gi;

/** The shell's index.html with its title and description replaced by `tags` (added before </head> when it has none). */
export function withHeadTags(indexHtml: string, tags: string): string {
  const html = indexHtml.replace(DESCRIPTION, '');
  if (TITLE.test(html)) return html.replace(TITLE, () => tags);
  return html.replace(/<\/head>/i, () => `${tags}</head>`);
}

export interface ProfilePageOptions {
  db: Database;
  logger: Logger;
  /** PUBLIC_URL: the site's address for og:url (default: the request's own origin). */
  publicUrl?: string;
}

/** The page for a path with its own head tags, or null for the plain shell. `loadIndex` reads the shell's index.html. */
export type PageRenderer = (page: { path: string; origin: string }, loadIndex: () => Promise<string>) => Promise<string | null>;

/**
 * Renders /profile/:slug for a public profile (null for any other path, an unknown or private
 * profile, or when the profile cannot be read: the plain shell is sent then). Reads only; the
 * page's own API call counts the view.
 */
export function profilePageRenderer(options: ProfilePageOptions): PageRenderer {
  const base = options.publicUrl?.replace(/\/+$/, '');
  return async ({ path, origin }, loadIndex) => {
    const match = PROFILE_PATH.exec(path);
    if (!match) return null;
    let slug: string;
    try {
      slug = decodeURIComponent(match[1]!);
    } catch {
      return null;
    }
    try {
      const preview = await publicProfilePreview(options.db, slug);
      if (!preview) return null;
      const pageUrl = `${base ?? origin}${publicProfilePath(preview.slug)}`;
      return withHeadTags(await loadIndex(), profileMetaTags(preview, pageUrl));
    } catch (error) {
      options.logger.warn({ err: error }, 'profile page tags could not be rendered; sending the plain page');
      return null;
    }
  };
}
