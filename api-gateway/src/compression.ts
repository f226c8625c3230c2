// Responses built per request (API JSON, the HTML pages) are compressed on the fly; the web
// app's built files are not, they are served precompressed from disk (static.ts).
import type { Request, RequestHandler, Response } from 'express';
import compression from 'compression';

/** Bodies that must reach the client as they are written: a member's data export is a download
 *  streamed part by part, and the bell's event stream a line at a time; zlib would hold their parts
 *  back until its window fills. */
const STREAMED = new Set(['/api/account/export', '/api/activities/events']);

/** The compression middleware's own test for `Cache-Control: no-transform`. */
const NO_TRANSFORM = /(?:^|,)\s*?no-transform\s*?(?:,|$)/;

/** What the compression middleware varies on: compressible types it may transform, the streamed paths aside. */
function variesByEncoding(req: Request, res: Response): boolean {
  if (STREAMED.has(req.path) || !compression.filter(req, res)) return false;
  const cacheControl = res.getHeader('Cache-Control');
  return !cacheControl || !NO_TRANSFORM.test(String(cacheControl));
}

/**
 * True when the client names some encoding: only then can the compression middleware choose br,
 * gzip or deflate. Without the header it sends identity (its default `enforceEncoding`).
 */
function mayCompressFor(acceptEncoding: string | undefined): boolean {
  return acceptEncoding !== undefined && acceptEncoding.trim() !== '';
}

/** writeHead's headers argument (object, flat or paired array), set on `res` and taken out of `args`. */
function moveHeadersOnto(res: Response, args: unknown[]): void {
  const at = typeof args[1] === 'string' ? 2 : 1;
  const headers = args[at];
  if (!headers || typeof headers !== 'object') return;
  if (Array.isArray(headers)) {
    const paired = Array.isArray(headers[0]);
    for (let i = 0; i < headers.length; i += paired ? 1 : 2) {
      const [name, value] = (paired ? headers[i] : [headers[i], headers[i + 1]]) as [string, string];
      res.appendHeader(name, value);
    }
  } else {
    for (const [name, value] of Object.entries(headers)) if (name) res.setHeader(name, value as string);
  }
  args.length = at;
}

/**
 * Calls `listener` once, just before `res` writes its headers, with any headers passed to
 * writeHead already set (what the on-headers package does for the compression middleware).
 */
function beforeHeaders(res: Response, listener: () => void): void {
  const writeHead = res.writeHead;
  res.writeHead = function writeHeadOnce(this: Response, ...args: unknown[]) {
    res.writeHead = writeHead;
    if (args.length > 1) moveHeadersOnto(this, args);
    if (typeof args[0] === 'number') this.statusCode = args[0];
    listener();
    args[0] = this.statusCode;
    return (writeHead as (...a: unknown[]) => Response).apply(this, args);
  } as Response['writeHead'];
}

/**
 * Brotli or gzip (the client's preference, `Vary: Accept-Encoding`) for compressible bodies of
 * 1 KB and more. Smaller bodies, already encoded ones (precompressed assets), incompressible
 * types (images), `Cache-Control: no-transform` and the streamed paths above go out as they are.
 *
 * A request without Accept-Encoding (API clients, load tools) can get nothing but identity, so it
 * skips the middleware's per-request wrapping of write, end and on (~30 µs, bench/gateway.bench.mjs)
 * and only gets the `Vary` the middleware would have added.
 */
export function compressResponses(): RequestHandler {
  const middleware = compression({
    threshold: 1024,
    filter: (req, res) => !STREAMED.has(req.path) && compression.filter(req, res),
  });
  return (req, res, next) => {
    if (mayCompressFor(req.headers['accept-encoding'])) {
      middleware(req, res, next);
      return;
    }
    beforeHeaders(res, () => {
      if (variesByEncoding(req, res)) res.vary('Accept-Encoding');
    });
    next();
  };
}
