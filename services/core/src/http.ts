import { randomUUID } from 'node:crypto';
import express, { type Express, type RequestHandler } from 'express';
import { loggableUrl, type Logger } from './logger';
import { problems } from './problems';

const REQUEST_ID = /^[\w.:-]{1,128}$/;

/** The id of a request: the caller's X-Request-Id when it looks sane, else a new one. */
export function requestIdFor(incoming: string | string[] | undefined): string {
  return typeof incoming === 'string' && REQUEST_ID.test(incoming) ? incoming : randomUUID();
}

/** Keeps a caller's X-Request-Id (when it looks sane) or makes one; echoes it on the response. */
export function requestId(): RequestHandler {
  return (req, res, next) => {
    const id = requestIdFor(req.headers['x-request-id']);
    req.requestId = id;
    res.setHeader('X-Request-Id', id);
    next();
  };
}

/** One line per request for processes without pino-http (standalone services); the URL as loggableUrl shows it. */
export function requestLogger(logger: Logger): RequestHandler {
  return (req, res, next) => {
    const started = process.hrtime.bigint();
    res.on('finish', () => {
      const ms = Number(process.hrtime.bigint() - started) / 1e6;
      // As the gateway logs it: query values (a phone) and vouch tokens left out.
      logger.info({ reqId: req.requestId, method: req.method, url: loggableUrl(req.originalUrl), status: res.statusCode, ms: Math.round(ms * 10) / 10 }, 'request completed');
    });
    next();
  };
}

/**
 * Marks a per-member read: `private` (no shared cache keeps it) and `no-cache` (the browser or
 * app may keep it but asks again each time; the ETag makes an unchanged answer a 304).
 */
export function memberRead(res: express.Response): express.Response {
  return res.set('Cache-Control', 'private, no-cache');
}

/** The entity tags of an If-None-Match list (`"a", W/"b"`), or '*'. */
function entityTags(header: string): string[] | '*' {
  if (header.trim() === '*') return '*';
  return header.split(',').map((tag) => tag.trim()).filter(Boolean);
}

/** RFC 9110 §8.8.3.2 weak comparison: W/"x" and "x" match. */
const weakly = (tag: string) => tag.replace(/^W\//, '');

/**
 * Whether a GET or HEAD with If-None-Match (or, without it, If-Modified-Since) names what the
 * response is about to send: then Express answers 304 instead of the body. Express's own check (the
 * `fresh` module) says no whenever the request carries `Cache-Control: no-cache`, and fetch adds
 * that header to every request it sends with If-None-Match (the Fetch standard's cache mode turns
 * "no-store"), so no app on fetch ever got a 304. A request's no-cache tells caches on the way to
 * ask the origin, which is what the request is doing: the origin may still answer 304 (RFC 9111
 * §5.2.1.4, RFC 9110 §13.1.2). So this check ignores it.
 */
export function isFresh(req: express.Request, res: express.Response): boolean {
  if (req.method !== 'GET' && req.method !== 'HEAD') return false;
  const status = res.statusCode;
  if (!((status >= 200 && status < 300) || status === 304)) return false;
  const noneMatch = req.headers['if-none-match'];
  if (noneMatch) {
    const tags = entityTags(noneMatch);
    if (tags === '*') return true;
    const etag = res.get('ETag');
    return etag !== undefined && tags.some((tag) => weakly(tag) === weakly(etag));
  }
  const modifiedSince = Date.parse(req.headers['if-modified-since'] ?? '');
  const lastModified = Date.parse(res.get('Last-Modified') ?? '');
  return !Number.isNaN(modifiedSince) && !Number.isNaN(lastModified) && lastModified <= modifiedSince;
}

/** Makes every request of `app` answer conditional GETs by isFresh (Express's `req.fresh`, read by `res.send`). */
export function answerConditionalRequests(app: express.Express): void {
  Object.defineProperty(app.request, 'fresh', {
    configurable: true,
    enumerable: true,
    get(this: express.Request) {
      return isFresh(this, this.res!);
    },
  });
}

/**
 * Marks a personal read: one that carries the member's own phone or a credential-like secret (a
 * vouch link's token, another member's phone once shared). `no-store` (issue 43): no copy is kept
 * on the device either, where it outlives the session (a shared computer, a backup, a cache dump).
 */
export function personalRead(res: express.Response): express.Response {
  return res.set('Cache-Control', 'private, no-store');
}

export const JSON_LIMIT = '1mb';
const WRITE_METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);
const JSON_TYPES = ['application/json', 'application/*+json'];
/** Webhooks come in their sender's format (Twilio posts a form) and read their own, signed, bodies. */
const WEBHOOK_PATH = /^\/api(\/v\d+)?\/webhooks\//;

function hasBody(req: express.Request): boolean {
  const length = req.headers['content-length'];
  return req.headers['transfer-encoding'] !== undefined || (length !== undefined && length !== '0');
}

/**
 * Parses JSON bodies (1 MB) and keeps their exact bytes in `req.rawBody` (webhook signatures).
 * A write that carries a body of another type is refused with 415: the API speaks JSON only.
 */
export function jsonBody(limit: string = JSON_LIMIT): RequestHandler {
  const parser = express.json({
    limit,
    type: JSON_TYPES,
    verify: (req, _res, buf) => {
      (req as express.Request).rawBody = buf;
    },
  });
  return (req, res, next) => {
    if (WEBHOOK_PATH.test(req.originalUrl)) {
      next();
      return;
    }
    if (req.headers['content-length'] === undefined && req.headers['transfer-encoding'] === undefined) {
      // No body at all (every GET): the parser would only leave req.body undefined, after its checks.
      next();
      return;
    }
    if (WRITE_METHODS.has(req.method) && hasBody(req) && !req.is(JSON_TYPES)) {
      // Drain the body so the connection can be reused, then refuse.
      req.resume();
      next(problems.unsupportedMediaType('Send the request body as JSON (Content-Type: application/json).'));
      return;
    }
    parser(req, res, next);
  };
}

type StackLayer = {
  route?: { methods: Record<string, boolean> };
  handle?: { stack?: StackLayer[] };
  match(path: string): false | { path: string };
};

/** The methods that some route of `stack` answers for `path` (walks mounted routers too). */
function allowedMethods(stack: StackLayer[], path: string, found = new Set<string>()): Set<string> {
  for (const layer of stack) {
    const matched = layer.match(path);
    if (!matched) continue;
    if (layer.route) {
      for (const [method, on] of Object.entries(layer.route.methods)) if (on && method !== '_all') found.add(method.toUpperCase());
    } else if (layer.handle?.stack) {
      allowedMethods(layer.handle.stack, path.slice(matched.path.length) || '/', found);
    }
  }
  return found;
}

/** The path `req` asks for as routed: a versioned call (/api/v1/…) is routed as /api/…. */
function routedPath(req: express.Request): string {
  return new URL(req.originalUrl, 'http://localhost').pathname.replace(/^\/api\/v\d+(?=\/|$)/, '/api');
}

/** Whether some route of `app` answers `req`'s method at its path (a known endpoint, not a 404 or 405 to come). */
export function routeAnswers(app: Express, req: express.Request): boolean {
  const stack = (app.router as unknown as { stack: StackLayer[] }).stack;
  return allowedMethods(stack, routedPath(req)).has(req.method);
}

/**
 * Last handler before the error handler: a path nobody routes is a 404 problem; a path some
 * route answers, but not with this method, is a 405 problem with `Allow`.
 */
export function notFoundOrMethodNotAllowed(app: Express, detail = 'There is no such API endpoint.'): RequestHandler {
  return (req, _res, next) => {
    const stack = (app.router as unknown as { stack: StackLayer[] }).stack;
    // originalUrl: this handler may be mounted under a path (app.use('/api', …)).
    const methods = allowedMethods(stack, routedPath(req));
    if (methods.size > 0 && !methods.has(req.method)) {
      if (methods.has('GET')) methods.add('HEAD');
      const allow = [...methods].sort();
      next(problems.methodNotAllowed(`${req.method} is not allowed here; use ${allow.join(', ')}.`, allow));
      return;
    }
    next(problems.notFound(detail));
  };
}
