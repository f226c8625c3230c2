// What search engines read besides the pages themselves (issue 17): robots.txt, a sitemap of the
// public profiles, and the card image link previews show. Page heads are pages.ts.
import path from 'node:path';
import { Router } from 'express';
import type { Database } from '@vouch/service-core';
import { publicProfilePath } from '@vouch/contracts';
import { highestProfileId, publicProfilesInRange } from '@vouch/service-vouches';
import { escapeHtml, OG_IMAGE } from './profile-page';
import { siteUrl } from './pages';

/** The sitemap protocol's limit of URLs per file: profiles are split into parts by id range. */
export const SITEMAP_PART_IDS = 50_000;

const ASSETS = path.resolve(__dirname, '..', 'assets');

export interface SeoRoutesOptions {
  db: Database;
  /** PUBLIC_URL (default: the request's own origin). */
  publicUrl?: string;
  /** Profile ids per sitemap part (tests use a small one). */
  partIds?: number;
}

/**
 * GET /robots.txt, GET /sitemap.xml (a sitemap index: the site's pages, then one part per
 * `partIds` profile ids) and GET /sitemaps/profiles-<n>.xml (the public profiles with ids in
 * (n·partIds, (n+1)·partIds], streamed page by page), GET /og-image.png.
 */
export function seoRoutes(options: SeoRoutesOptions): Router {
  const partIds = options.partIds ?? SITEMAP_PART_IDS;
  const router = Router();
  const site = (req: { protocol: string; get(name: string): string | undefined }) => siteUrl(options.publicUrl, `${req.protocol}://${req.get('host')}`);

  router.get('/robots.txt', (req, res) => {
    // Nothing is disallowed: the pages not to index say so themselves (noindex), which a crawler
    // can only read on a page it may fetch.
    res.setHeader('Cache-Control', 'public, max-age=3600');
    res.type('text/plain').send(`User-agent: *\nAllow: /\n\nSitemap: ${site(req)}/sitemap.xml\n`);
  });

  router.get('/sitemap.xml', async (req, res) => {
    const parts = Math.max(1, Math.ceil((await highestProfileId(options.db)) / partIds));
    const base = site(req);
    const entries = [`${base}/sitemaps/pages.xml`, ...Array.from({ length: parts }, (_, n) => `${base}/sitemaps/profiles-${n}.xml`)];
    res.setHeader('Cache-Control', 'public, max-age=3600');
    res
      .type('application/xml')
      .send(`<?xml version="1.0" encoding="UTF-8"?>\n<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${entries.map((url) => `<sitemap><loc>${escapeHtml(url)}</loc></sitemap>`).join('\n')}\n</sitemapindex>\n`);
  });

  router.get('/sitemaps/pages.xml', (req, res) => {
    res.setHeader('Cache-Control', 'public, max-age=3600');
    res.type('application/xml').send(`${URLSET_OPEN}<url><loc>${escapeHtml(`${site(req)}/`)}</loc></url>\n${URLSET_CLOSE}`);
  });

  router.get('/sitemaps/profiles-:part.xml', async (req, res, next) => {
    const part = /^\d{1,9}$/.test(req.params.part) ? Number(req.params.part) : NaN;
    if (!(part * partIds < Math.max(partIds, await highestProfileId(options.db)))) {
      next();
      return;
    }
    const base = site(req);
    res.setHeader('Cache-Control', 'public, max-age=3600');
    res.type('application/xml');
    res.write(URLSET_OPEN);
    for await (const page of publicProfilesInRange(options.db, { afterId: part * partIds, throughId: (part + 1) * partIds })) {
      res.write(page.map((profile) => `<url><loc>${escapeHtml(`${base}${publicProfilePath(profile.slug)}`)}</loc><lastmod>${profile.updatedAt.toISOString()}</lastmod></url>\n`).join(''));
    }
    res.end(URLSET_CLOSE);
  });

  router.get(OG_IMAGE.path, (_req, res) => {
    res.sendFile(path.join(ASSETS, 'og-image.png'), { headers: { 'Cache-Control': 'public, max-age=86400' } });
  });

  return router;
}

const URLSET_OPEN = '<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n';
const URLSET_CLOSE = '</urlset>\n';
