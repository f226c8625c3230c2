import fs from 'node:fs';
import path from 'node:path';
import type { ServerResponse } from 'node:http';
import type { Express, Request, RequestHandler, Response } from 'express';
import expressStaticGzip from 'express-static-gzip';
import { problems, type AuthContext } from '@vouch/service-core';
import { whenBuilt } from './build-file';
import type { PageRenderer } from './pages';
import { REMOTES } from './registry';

const NO_CACHE = /(^|\/)(index\.html|remoteEntry\.js|mf-manifest\.json|mf-stats\.json)$/;
const HASHED = /[.-][0-9a-f]{8,}\.[a-z0-9]+$/i;

const SOURCE_MAP = /\.map(\.br|\.gz)?$/i;

/** The precompressed copies the build writes beside each file (packages/mf-config). */
const ENCODED_COPY = /\.(br|gz)$/;

/** Entry files are revalidated on every load (a redeployed remote is picked up at once);
 *  content-hashed files never change under their name. `file` may be a `.br`/`.gz` copy: the
 *  policy is the original's. */
function setCacheHeaders(res: ServerResponse, file: string) {
  const name = path.basename(file).replace(ENCODED_COPY, '');
  if (NO_CACHE.test(name) || name.endsWith('.html')) res.setHeader('Cache-Control', 'no-cache');
  else if (HASHED.test(name)) res.setHeader('Cache-Control', 'public, max-age=31536000, immutable');
  else res.setHeader('Cache-Control', 'no-cache');
}

/**
 * Development mode only: a script or stylesheet with a map beside it names the map in a
 * `SourceMap` header (devtools read it as they read the comment), since production builds carry
 * no `sourceMappingURL` comment (issue 43). Whether a map exists is looked up once per file.
 */
function sourceMapLinker(): (res: ServerResponse, file: string) => void {
  const known = new Map<string, string | null>();
  return (res, file) => {
    const original = file.replace(ENCODED_COPY, '');
    if (!/\.(js|css)$/.test(original)) return;
    let map = known.get(original);
    if (map === undefined) {
      map = fs.existsSync(`${original}.map`) ? `${path.basename(original)}.map` : null;
      known.set(original, map);
    }
    if (map) res.setHeader('SourceMap', map);
  };
}

/**
 * Files of one build folder: the `.br` or `.gz` copy the client accepts (brotli first), with
 * `Content-Encoding`, `Vary: Accept-Encoding` and the copy's own ETag; the file itself for
 * `identity`. The folder is scanned for copies once, here: a rebuild needs a restart. With
 * `sourceMaps` (development mode), each script names its map in a header.
 */
function serveBuild(dir: string, sourceMaps: boolean): RequestHandler {
  const linkMap = sourceMaps ? sourceMapLinker() : null;
  const serve = expressStaticGzip(dir, {
    index: false,
    enableBrotli: true,
    orderPreference: ['br', 'gzip'],
    serveStatic: {
      index: false,
      redirect: false,
      setHeaders: (res, file) => {
        setCacheHeaders(res, file);
        linkMap?.(res, file);
      },
    },
  });
  // It answers a path with broken percent-encoding with a bare 400 of its own; no built file has
  // such a name, so the request goes on to the page fallback (a 404 page).
  return (req, res, next) => {
    try {
      decodeURIComponent(req.path);
    } catch {
      next();
      return;
    }
    serve(req, res, next);
  };
}

/**
 * The page request's session through the same layer as /api (`readSession`: resolveAuth, its
 * session cache included): the session, null for none, undefined when it could not be read (the
 * page then carries no session and the app asks for it).
 */
async function pageSession(readSession: RequestHandler, req: Request, res: Response): Promise<AuthContext | null | undefined> {
  try {
    const failed = await new Promise<boolean>((resolve, reject) => {
      Promise.resolve(readSession(req, res, (error?: unknown) => resolve(error !== undefined && error !== null))).catch(reject);
    });
    return failed ? undefined : (req.auth ?? null);
  } catch {
    return undefined;
  }
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
 * through `renderPage`, with the page's head tags and status (404 for a page that does not exist:
 * the app still renders its 404 page) and `X-Robots-Tag: noindex` for a page not to index.
 */
export function mountStatic(app: Express, rootDir: string, renderPage: PageRenderer, options: { sourceMaps: boolean; readSession: RequestHandler }): void {
  // Source maps carry the whole source: served in development mode only (a 404 elsewhere).
  if (!options.sourceMaps) {
    app.use((req, _res, next) => next(SOURCE_MAP.test(req.path) ? problems.notFound(`Nothing is served at ${req.path}.`) : undefined));
  }
  for (const remote of REMOTES) {
    const dir = path.join(rootDir, remote.folder, 'dist');
    app.use(
      `/mf/${remote.mount}`,
      (_req, res, next) => {
        res.setHeader('Access-Control-Allow-Origin', '*');
        res.setHeader('Cross-Origin-Resource-Policy', 'cross-origin');
        next();
      },
      serveBuild(dir, options.sourceMaps),
    );
  }

  const shellDist = path.join(rootDir, 'shell', 'dist');
  const indexFile = path.join(shellDist, 'index.html');
  const shellIndex = whenBuilt(indexFile, () => fs.readFileSync(indexFile, 'utf8'));
  app.use(serveBuild(shellDist, options.sourceMaps));
  const isPage = (req: Request) => (req.method === 'GET' || req.method === 'HEAD') && !/^\/(api|mf)(\/|$)/.test(req.path) && !path.posix.basename(req.path).includes('.');
  app.use(async (req, res, next) => {
    if (!isPage(req)) {
      next();
      return;
    }
    const index = shellIndex();
    if (index === null) {
      res.status(503).setHeader('Cache-Control', 'no-store').type('html').send(NOT_BUILT_PAGE);
      return;
    }
    // The page names who it was served for (issue 41): a shared cache keys it by the cookie, and
    // one rendered for a session is stored by none (below).
    res.vary('Cookie');
    res.setHeader('Cache-Control', 'no-cache');
    const page = { path: req.path, origin: `${req.protocol}://${req.get('host')}`, auth: await pageSession(options.readSession, req, res) };
    const rendered = await renderPage(page, index);
    if (rendered.personal) res.setHeader('Cache-Control', 'private, no-store');
    if (rendered.status === 301 && rendered.location) {
      // Relative to this origin; the query string (utm_… of a shared link) goes along.
      const query = req.originalUrl.includes('?') ? req.originalUrl.slice(req.originalUrl.indexOf('?')) : '';
      res.redirect(301, `${rendered.location}${query}`);
      return;
    }
    if (!rendered.indexable) res.setHeader('X-Robots-Tag', 'noindex');
    res.status(rendered.status).type('html').send(rendered.html);
  });
}
