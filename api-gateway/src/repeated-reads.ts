// A member's hot reads (GET /api/user/profile, GET /api/vouches/my: every page load) asked again
// while their body is kept (MEMBER_READ_CACHE_SECONDS) are answered here, before Express routes
// them, with what the whole pipeline answered to the same request a moment ago: its status and
// every header it sent (security headers, Vary, ETag, Cache-Control, Deprecation…), a new request
// id, the same request log line. Express's dispatch through every middleware and router costs
// several times the answer itself (issue 19, bench/gateway.bench.mjs).
import type { IncomingHttpHeaders, IncomingMessage, ServerResponse } from 'node:http';
import type { Express } from 'express';
import { requestIdFor, type SentMemberRead } from '@vouch/service-core';
import { sessionToken } from './session';
import { sessionKey, type SessionCache } from './session-cache';

/** node:http writes these itself, per connection and per response. */
const TRANSPORT_HEADERS = new Set(['connection', 'keep-alive', 'transfer-encoding', 'date']);
const REQUEST_ID_HEADER = 'x-request-id';
const DEFAULT_MAX_ANSWERS = 10_000;

interface KeptAnswer {
  memberId: number;
  status: number;
  /** Flat [name, value, …] as sent, the request id's value at `requestIdAt`. */
  headers: string[];
  requestIdAt: number;
  body: Buffer | undefined;
  stillCurrent: () => boolean;
}

export interface RepeatedReadsOptions {
  sessions: SessionCache;
  /** The request log and request id middleware's work for an answer given here (both run on plain node objects). */
  logRequest: (req: IncomingMessage, res: ServerResponse, next: () => void) => void;
  maxAnswers?: number;
  /** The session cookie's name in this mode (resolveAuth reads the same). */
  cookieName?: string;
}

export interface RepeatedReads {
  /** The member read cache's `onSent`: keeps what the pipeline answered, when the same request may be answered again here. */
  keep(sent: SentMemberRead): void;
  /** Answers `req` as the pipeline answered the same request while that answer is current: true when it did. */
  answer(req: IncomingMessage, res: ServerResponse): boolean;
  readonly size: number;
}

/**
 * What must be the same for two requests to get the same answer from the pipeline: the session,
 * the URL as called (/api/v1/… answers with Deprecation), and the headers the answer depends on
 * (encoding, the ETag check; a Link names a path, not a host). Null for a request the pipeline
 * treats otherwise: any method but GET, a body, Origin (CORS, bearer-only origins),
 * If-Modified-Since, no session.
 */
function shapeOf(method: string | undefined, url: string | undefined, headers: IncomingHttpHeaders, cookieName: string | undefined): { key: string; sessionKey: string } | null {
  if (method !== 'GET' || headers.origin !== undefined || headers['content-length'] !== undefined || headers['transfer-encoding'] !== undefined || headers['if-modified-since'] !== undefined) return null;
  const token = sessionToken(headers, cookieName);
  if (!token) return null;
  const session = sessionKey(token);
  const key = `${session}\n${url ?? ''}\n${headers['accept-encoding'] ?? ''}\n${headers['if-none-match'] ?? ''}\n${headers['cache-control'] ?? ''}`;
  return { key, sessionKey: session };
}

export function createRepeatedReads(options: RepeatedReadsOptions): RepeatedReads {
  const { sessions, logRequest } = options;
  const maxAnswers = options.maxAnswers ?? DEFAULT_MAX_ANSWERS;
  const answers = new Map<string, KeptAnswer>();

  return {
    keep({ req, res, body, stillCurrent }) {
      const memberId = req.auth?.memberId;
      if (memberId == null || (res.statusCode !== 200 && res.statusCode !== 304) || res.hasHeader('set-cookie')) return;
      const shape = shapeOf(req.method, req.originalUrl, req.headers, options.cookieName);
      if (!shape || sessions.cached(shape.sessionKey)?.memberId !== memberId) return;
      const headers: string[] = [];
      let requestIdAt = -1;
      // As sent: raw names (`getHeaderNames` lower-cases them), in their order.
      for (const name of (res as unknown as { getRawHeaderNames(): string[] }).getRawHeaderNames()) {
        const lower = name.toLowerCase();
        if (TRANSPORT_HEADERS.has(lower)) continue;
        const value = res.getHeader(name)!;
        if (lower === REQUEST_ID_HEADER) requestIdAt = headers.length + 1;
        for (const one of Array.isArray(value) ? value : [value]) headers.push(name, String(one));
      }
      if (requestIdAt < 0) return;
      answers.delete(shape.key); // kept again: now the newest
      answers.set(shape.key, { memberId, status: res.statusCode, headers, requestIdAt, body, stillCurrent });
      // Oldest first, drop what is no longer current (expired, or every answer after a write), and
      // the oldest beyond the cap: what is kept stays what a moment's reads need.
      for (const [key, answer] of answers) {
        if (answers.size <= maxAnswers && answer.stillCurrent()) break;
        answers.delete(key);
      }
    },
    answer(req, res) {
      if (answers.size === 0) return false;
      const shape = shapeOf(req.method, req.url, req.headers, options.cookieName);
      if (!shape) return false;
      const kept = answers.get(shape.key);
      if (!kept) return false;
      // The session as the pipeline would resolve it now (its cache), and the body still the one kept.
      if (sessions.cached(shape.sessionKey)?.memberId !== kept.memberId || !kept.stillCurrent()) {
        answers.delete(shape.key);
        return false;
      }
      const headers = kept.headers.slice();
      const id = requestIdFor(req.headers[REQUEST_ID_HEADER]);
      headers[kept.requestIdAt] = id;
      (req as IncomingMessage & { requestId?: string }).requestId = id;
      logRequest(req, res, () => {});
      res.writeHead(kept.status, headers);
      res.end(kept.body);
      return true;
    },
    get size() {
      return answers.size;
    },
  };
}

type Handle = (req: IncomingMessage, res: ServerResponse, next?: (error?: unknown) => void) => void;

/**
 * Lets `answer` take each request before Express dispatches it. An Express app is the function
 * `(req, res, next) => app.handle(req, res, next)` (servers, supertest): its `handle` is where
 * every request enters, before the first middleware.
 */
export function answerBeforeRouting(app: Express, answer: (req: IncomingMessage, res: ServerResponse) => boolean): void {
  const target = app as unknown as { handle: Handle };
  const handle = target.handle.bind(app);
  target.handle = (req, res, next) => {
    if (!answer(req, res)) handle(req, res, next);
  };
}
