import fs from 'node:fs';
import path from 'node:path';
import express, { type Express, type Response } from 'express';
import type { PageRenderer } from './profile-page';
import { REMOTES } from './registry';

const NO_CACHE = /(^|\/)(index\.html|remoteEntry\.js|mf-manifest\.json|mf-stats\.json)$/;
const HASHED = /[.-][0-9a-f]{8,}\.[a-z0-9]+$/i;

/** Entry files are revalidated on every load (a redeployed remote is picked up at once);
 *  content-hashed files never change under their name. */
function setCacheHeaders(res: Response, file: string) {
  const name = path.basename(file);
  if (NO_CACHE.test(name) || name.endsWith('.html')) res.setHeader('Cache-Control', 'no-cache');
  else if (HASHED.test(name)) res.setHeader('Cache-Control', 'public, max-age=31536000, immutable');
  else res.setHeader('Cache-Control', 'no-cache');
}

const NOT_BUILT_PAGE = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>Vouch is not built yet</title></head>
<body style="font-family: system-ui, sans-serif; max-width: 40rem; margin: 4rem auto; line-height: 1.5">
<h1>The web app is not built yet</h1>
<p>The API is running, but <code>shell/dist</code> does not exist. Run <code>npm run build</code>
(or <code>npm start</code>, which builds what is missing) and reload this page.</p>
</body></html>`;

/**
 * Serves each remote under /mf/<name>/ (with CORS, so a shell on another origin can load it)
 * and the shell at / with an SPA fallback: any GET that is not /api, /mf or a file gets index.html
 * (through `renderPage` first, which may return it with page-specific head tags).
 */
export function mountStatic(app: Express, rootDir: string, renderPage?: PageRenderer): void {
  for (const remote of REMOTES) {
    const dir = path.join(rootDir, remote.folder, 'dist');
    app.use(
      `/mf/${remote.mount}`,
      (_req, res, next) => {
        res.setHeader('Access-Control-Allow-Origin', '*');
        res.setHeader('Cross-Origin-Resource-Policy', 'cross-origin');
        next();
      },
      express.static(dir, { index: false, redirect: false, setHeaders: setCacheHeaders }),
    );
  }

  const shellDist = path.join(rootDir, 'shell', 'dist');
  const indexFile = path.join(shellDist, 'index.html');
  app.use(express.static(shellDist, { index: false, redirect: false, setHeaders: setCacheHeaders }));
  app.use(async (req, res, next) => {
    const isPage = (req.method === 'GET' || req.method === 'HEAD') && !/^\/(api|mf)(\/|$)/.test(req.path) && !path.posix.basename(req.path).includes('.');
    if (!isPage) {
      next();
      return;
    }
    if (!fs.existsSync(indexFile)) {
      res.status(503).setHeader('Cache-Control', 'no-store').type('html').send(NOT_BUILT_PAGE);
      return;
    }
    res.setHeader('Cache-Control', 'no-cache');
    const page = { path: req.path, origin: `${req.protocol}://${req.get('host')}` };
    const rendered = renderPage && (await renderPage(page, () => fs.promises.readFile(indexFile, 'utf8')));
    if (rendered) res.type('html').send(rendered);
    else res.sendFile(indexFile);
  });
}
