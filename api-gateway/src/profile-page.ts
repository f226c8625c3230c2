// Link previews of public profiles: the HTML sent for /profile/:slug carries the page title,
// description, Open Graph and Twitter card tags, so previews work without JavaScript (SPEC §2
// "Public profile page"). pages.ts decides which page gets which tags. Only tags are added;
// never a script (the CSP allows none inline).
import { PROFILE_MESSAGES } from '@vouch/contracts';
import type { PublicProfilePreview } from '@vouch/service-vouches';

/** Text for an HTML attribute or element: & < > " ' escaped. */
export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);
}

/** The card image of link previews (api-gateway/assets), served at `path`. */
export const OG_IMAGE = { path: '/og-image.png', width: 1200, height: 630, alt: 'Vouch: the professional trust network' } as const;

/** The description of a preview: the generated summary, else the fallback sentence of the page. */
function describe(preview: PublicProfilePreview): string {
  return preview.summary ?? `${PROFILE_MESSAGES.fallbackSummary}.`;
}

/** The tags of one public profile (title, description, Open Graph with the site's card image, Twitter card). */
export function profileMetaTags(preview: PublicProfilePreview, pageUrl: string, imageUrl: string): string {
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
    meta('property', 'og:image', imageUrl),
    meta('property', 'og:image:width', String(OG_IMAGE.width)),
    meta('property', 'og:image:height', String(OG_IMAGE.height)),
    meta('property', 'og:image:alt', OG_IMAGE.alt),
    meta('name', 'twitter:card', 'summary_large_image'),
    meta('name', 'twitter:title', title),
    meta('name', 'twitter:description', description),
    meta('name', 'twitter:image', imageUrl),
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
