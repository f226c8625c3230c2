import type { IncomingMessage, ServerResponse } from 'node:http';
import pino, { type DestinationStream, type Logger, type LoggerOptions } from 'pino';

export type { Logger } from 'pino';

/** Secrets and personal data never reach the logs, wherever they sit in a logged object. */
const SENSITIVE = ['phone', 'otp', 'code', 'token', 'cookie', 'authorization', 'password', 'secret', 'clientSecret'];

export const REDACTED_PATHS = [
  ...SENSITIVE,
  ...SENSITIVE.map((key) => `*.${key}`),
  ...SENSITIVE.map((key) => `*.*.${key}`),
  'req.headers.cookie',
  'req.headers.authorization',
  'req.headers["x-vouch-auth"]',
  'req.headers["x-vouch-auth-signature"]',
  'res.headers["set-cookie"]',
  'headers.cookie',
  'headers.authorization',
];

const CENSOR = '[redacted]';
const SENSITIVE_KEYS = new Set(SENSITIVE);

export interface CreateLoggerOptions {
  /** Default: `LOG_LEVEL`, else 'silent' under jest (NODE_ENV=test), else 'info'. */
  level?: string;
  name?: string;
  /** Where lines go (default stdout). Tests pass a stream to read them. */
  destination?: DestinationStream;
  env?: NodeJS.ProcessEnv;
}

/** A pino logger that redacts phone, otp, code, token, cookie and authorization values. */
export function createLogger(options: CreateLoggerOptions = {}): Logger {
  const env = options.env ?? process.env;
  const level = options.level ?? env.LOG_LEVEL ?? (env.NODE_ENV === 'test' ? 'silent' : 'info');
  const config: LoggerOptions = {
    level,
    redact: { paths: REDACTED_PATHS, censor: CENSOR },
    base: options.name ? { name: options.name } : undefined,
    serializers: { err: safeError },
  };
  // Standard output without blocking: while one write is on its way, the lines logged meanwhile
  // gather and go out together in the next, so a busy gateway makes one write per batch instead
  // of one synchronous write per request line (~40 µs a request, bench/gateway.bench.mjs). pino
  // writes what is still pending synchronously when the process exits.
  return pino(config, options.destination ?? pino.destination({ dest: 1, sync: false }));
}

/**
 * `logger` for the request log (requestLog below), without redaction: its lines have a fixed shape
 * with no sensitive key in it (`req` `{ id, method, url }`, the URL through loggableUrl; `res`
 * `{ statusCode }`; `err` through safeError, which drops every sensitive key at any depth), so
 * redaction never changed one and only cost ~3 µs per line, on every request (bench/gateway.bench.mjs).
 * Log nothing else through it.
 */
export function requestLogLogger(logger: Logger): Logger {
  return logger.child({}, { redact: { paths: [], censor: CENSOR }, serializers: { err: safeError } });
}

export interface RequestLogOptions {
  /** Requests not to log (the health check). Asked with the URL as it arrived. */
  ignore?: (req: IncomingMessage) => boolean;
}

type LoggedRequest = IncomingMessage & { requestId?: string; originalUrl?: string };

/**
 * The gateway's request log: the line pino-http wrote (`req` `{ id, method, url }` with query values
 * and vouch tokens left out, `res` `{ statusCode }`, `responseTime`; "request completed", "request
 * aborted", or "request errored" with `err` through safeError for a 5xx), at info level, once per
 * request. Without pino-http's child logger per request (its bindings serialised the whole request,
 * its query parsed, on every call: ~25 µs, bench/gateway.bench.mjs), so there is no `req.log`.
 */
export function requestLog(logger: Logger, options: RequestLogOptions = {}): (req: IncomingMessage, res: ServerResponse, next: () => void) => void {
  const log = requestLogLogger(logger);
  return (req, res, next) => {
    if (options.ignore?.(req)) {
      next();
      return;
    }
    const started = Date.now();
    const { requestId, originalUrl, method } = req as LoggedRequest;
    const line = { id: requestId ?? '', method, url: loggableUrl(originalUrl ?? req.url ?? '') };
    // 'close' comes once for every response, sent or not (after 'finish' when it was sent): one
    // listener instead of three to add and remove; an error that ended the response is res.errored.
    res.on('close', () => {
      const responseTime = Date.now() - started;
      const failed = res.errored ?? (res.statusCode >= 500 ? new Error(`failed with status code ${res.statusCode}`) : undefined);
      if (failed) log.info({ req: line, res: { statusCode: res.statusCode }, err: failed, responseTime }, 'request errored');
      else log.info({ req: line, res: { statusCode: res.statusCode }, responseTime }, !req.readableAborted && res.writableFinished ? 'request completed' : 'request aborted');
    });
    next();
  };
}

/** Digit runs that may be phone numbers ('+15551234567', '1:+15551234567', '(555) 123-4567'). */
const PHONE_LIKE = /\+?\d[\d\s().-]{7,}\d/g;

/**
 * Errors as pino logs them, minus what may hold personal data: the SQL and its parameters
 * (a driver error carries the statement, with phones and tokens in it) are dropped, sensitive
 * keys (phone, token, code…) are redacted at any depth, and phone-like digit runs in messages and
 * stacks are masked. The error's type, message and stack stay. The logger's serializer of `err`.
 */
export function safeError(error: unknown): unknown {
  const serialized = pino.stdSerializers.err(error as Error) as unknown as Record<string, unknown>;
  return scrub(serialized, 0);
}

function scrub(value: unknown, depth: number): unknown {
  if (typeof value === 'string') return value.replace(PHONE_LIKE, (match) => maskPhone(match));
  if (!value || typeof value !== 'object' || depth > 4) return value;
  const out: Record<string, unknown> = {};
  for (const [key, inner] of Object.entries(value)) {
    if (key === 'sql' || key === 'parameters' || key === 'sqlMessage') continue;
    if (SENSITIVE_KEYS.has(key)) {
      out[key] = CENSOR;
      continue;
    }
    out[key] = scrub(inner, depth + 1);
  }
  return out;
}

/** '+15551234567' → '+1•••••••4567': enough to recognise one's own number, nothing more. */
export function maskPhone(phone: string): string {
  const digits = phone.replace(/\D/g, '');
  const last4 = digits.slice(-4);
  if (digits.length <= 4) return '•'.repeat(Math.max(digits.length, 4));
  const prefix = phone.trim().startsWith('+1') ? '+1' : phone.trim().startsWith('+') ? '+' : '';
  return `${prefix}•••••••${last4}`;
}

/** Paths whose last segment is a vouch link's token: whoever holds it may answer the vouch. */
const TOKEN_PATH = /^(\/vouch\/|\/api\/vouches\/public\/)[^/?]+/;

/**
 * A URL as the request log shows it: query values and vouch tokens left out.
 * '/api/dev/sms-outbox?phone=+1555…' → '/api/dev/sms-outbox?phone=…', '/vouch/Xy12…' → '/vouch/…'
 */
export function loggableUrl(url: string): string {
  const [pathname = '', query] = url.split('?', 2);
  const path = pathname.replace(TOKEN_PATH, '$1…');
  if (query === undefined) return path;
  return `${path}?${query.split('&').map((pair) => `${pair.split('=', 1)[0]}=…`).join('&')}`;
}
