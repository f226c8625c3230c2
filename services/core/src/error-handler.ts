import type { ErrorRequestHandler, Request, Response } from 'express';
import { UniqueConstraintError } from 'sequelize';
import { ZodError } from 'zod';
import { isDatabaseBusy, isDatabaseUnavailable, isStatementTimeout } from './database';
import { loggableUrl, type Logger } from './logger';
import { Problem, PROBLEM_LANGUAGES, problems } from './problems';
import { summarise, toFieldErrors } from './validation';

/**
 * Writes a Problem as `application/problem+json` (with its headers: Allow, Retry-After…). Its
 * sentences exist in English only, whatever Accept-Language asks for, and say so.
 */
export function sendProblem(res: Response, problem: Problem): void {
  for (const [name, value] of Object.entries(problem.headers ?? {})) res.setHeader(name, value);
  res.setHeader('Content-Language', PROBLEM_LANGUAGES[0]);
  const body = problem.toJSON();
  const requestId = res.req?.requestId;
  if (requestId) body.requestId = requestId;
  res.status(problem.status).type('application/problem+json').send(JSON.stringify(body));
}

/** body-parser and http-errors failures are the caller's fault; each gets a plain sentence. */
const BODY_ERRORS: Record<string, () => Problem> = {
  'entity.parse.failed': () => problems.badRequest('The request body is not valid JSON.'),
  'entity.verify.failed': () => problems.badRequest('The request body could not be verified.'),
  'entity.too.large': () => problems.payloadTooLarge('The request body is too large (the limit is 1 MB).'),
  'parameters.too.many': () => problems.payloadTooLarge('The request has too many parameters.'),
  'encoding.unsupported': () => problems.unsupportedMediaType('The request body uses an unsupported content encoding.'),
  'charset.unsupported': () => problems.unsupportedMediaType('The request body uses an unsupported character set; send UTF-8.'),
  'request.aborted': () => problems.badRequest('The request was aborted before its body was received.'),
  'request.size.invalid': () => problems.badRequest('The request body does not match its Content-Length.'),
};

const GENERIC_CLIENT_DETAIL: Record<number, string> = {
  400: 'The request could not be understood.',
  404: 'Not found.',
  413: 'The request body is too large (the limit is 1 MB).',
  415: 'The request body has an unsupported content type.',
};

/** Retry-After of a 503: a write that lost a lock race can go again at once; a database that
 *  does not answer needs longer. */
const DATABASE_BUSY_RETRY_SECONDS = 1;
const DATABASE_DOWN_RETRY_SECONDS = 5;

/** Maps anything thrown in a request to the Problem the caller sees. Unknown errors → 500. */
export function toProblem(error: unknown): Problem {
  if (error instanceof Problem) return error;
  if (error instanceof ZodError) {
    const errors = toFieldErrors(error.issues);
    return problems.badRequest(summarise(errors), errors);
  }
  // A statement the database gave up on after the statement timeout: the database is stuck
  // (a lock held for long), so the client waits as long as for one that is down.
  if (isStatementTimeout(error)) return problems.serviceUnavailable('The database is taking too long to answer right now. Please try again shortly.', DATABASE_DOWN_RETRY_SECONDS);
  // Busy first: a pool that lent every connection out is a ConnectionError too, but only busy.
  if (isDatabaseBusy(error)) return problems.serviceUnavailable('The service is busy right now. Please try again in a moment.', DATABASE_BUSY_RETRY_SECONDS);
  if (isDatabaseUnavailable(error)) return problems.serviceUnavailable('The database is unavailable right now. Please try again shortly.', DATABASE_DOWN_RETRY_SECONDS);
  if (error instanceof UniqueConstraintError) return problems.conflict('This already exists.', 'DUPLICATE');
  const e = error as { type?: unknown; status?: unknown; statusCode?: unknown; expose?: unknown } | null;
  if (e && typeof e.type === 'string' && BODY_ERRORS[e.type]) return BODY_ERRORS[e.type]!();
  // The router could not decode a path parameter ('/api/…/%zz'): its status is 400 but not marked exposed.
  if (error instanceof URIError) return problems.badRequest('The address contains a malformed escape sequence.');
  const status = Number(e?.status ?? e?.statusCode);
  if (e?.expose === true && status >= 400 && status < 500) {
    return new Problem(status, GENERIC_CLIENT_DETAIL[status] ?? 'The request could not be processed.');
  }
  return problems.internal();
}

/**
 * The one error middleware: every error becomes problem+json. Server-side failures are logged
 * with the request id; the body never carries a stack, SQL or internal name.
 */
export function problemHandler(logger: Logger): ErrorRequestHandler {
  return (error: unknown, req: Request, res: Response, next) => {
    if (res.headersSent) {
      next(error);
      return;
    }
    const problem = toProblem(error);
    const log = (req as Request & { log?: Logger }).log ?? logger;
    if (problem.status >= 500) {
      log.error({ err: error, reqId: req.requestId, method: req.method, url: loggableUrl(req.originalUrl) }, `request failed: ${problem.status}`);
    } else if (!(error instanceof Problem)) {
      log.debug({ err: error, reqId: req.requestId }, `request refused: ${problem.status}`);
    }
    sendProblem(res, problem);
  };
}
