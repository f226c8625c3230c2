// Responses built per request (API JSON, the HTML pages) are compressed on the fly; the web
// app's built files are not, they are served precompressed from disk (static.ts).
import type { RequestHandler } from 'express';
import compression from 'compression';

/** Bodies that must reach the client as they are written: a member's data export is a download
 *  streamed part by part, and zlib would hold its parts back until its window fills. */
const STREAMED = new Set(['/api/account/export']);

/**
 * Brotli or gzip (the client's preference, `Vary: Accept-Encoding`) for compressible bodies of
 * 1 KB and more. Smaller bodies, already encoded ones (precompressed assets), incompressible
 * types (images), `Cache-Control: no-transform` and the streamed paths above go out as they are.
 */
export function compressResponses(): RequestHandler {
  return compression({
    threshold: 1024,
    filter: (req, res) => !STREAMED.has(req.path) && compression.filter(req, res),
  });
}
