/** problem+json (RFC 9457): the one error shape every endpoint answers with. */

export interface FieldError {
  /** Dotted path of the offending input, e.g. `recipientPhone` or `skills.0`. */
  field: string;
  /** A sentence a person reads, e.g. "Recipient phone is required." */
  message: string;
}

/**
 * Stable, machine-readable kinds of problem (`code` in every problem body, an enum in the
 * OpenAPI document). A client branches on these, never on the English `detail`. Add to the
 * end; never rename or reuse one.
 */
export const PROBLEM_CODES = [
  'INVALID_REQUEST',
  'VALIDATION_FAILED',
  'SESSION_MISSING',
  'SESSION_EXPIRED',
  'SESSION_REVOKED',
  'REGISTRATION_INCOMPLETE',
  'PLAN_LIMIT',
  'FORBIDDEN',
  'FOREIGN_ORIGIN',
  'NO_VOUCH_YET',
  'PLAN_TIER',
  'PHONE_MISMATCH',
  'NOT_FOUND',
  'METHOD_NOT_ALLOWED',
  'CONFLICT',
  'ALREADY_RESPONDED',
  'ALREADY_REGISTERED',
  'DUPLICATE',
  'NOT_OPEN',
  'GONE',
  'VOUCH_EXPIRED',
  'VOUCH_REVOKED',
  'CODE_EXPIRED',
  'BODY_TOO_LARGE',
  'UNSUPPORTED_MEDIA_TYPE',
  'RATE_LIMITED',
  'INTERNAL_ERROR',
  'UPSTREAM_FAILED',
  'UNAVAILABLE',
  'IDEMPOTENCY_KEY_REUSED',
  'IDEMPOTENCY_IN_PROGRESS',
] as const;
export type ProblemCode = (typeof PROBLEM_CODES)[number];

/** The code of a problem nobody named more precisely. */
const STATUS_CODES: Record<number, ProblemCode> = {
  400: 'INVALID_REQUEST',
  401: 'SESSION_MISSING',
  402: 'PLAN_LIMIT',
  403: 'FORBIDDEN',
  404: 'NOT_FOUND',
  405: 'METHOD_NOT_ALLOWED',
  409: 'CONFLICT',
  410: 'GONE',
  413: 'BODY_TOO_LARGE',
  415: 'UNSUPPORTED_MEDIA_TYPE',
  429: 'RATE_LIMITED',
  502: 'UPSTREAM_FAILED',
  503: 'UNAVAILABLE',
};

export interface ProblemOptions {
  title?: string;
  type?: string;
  code?: ProblemCode;
  errors?: FieldError[];
  headers?: Record<string, string>;
  /** A 409 DUPLICATE: the id of the object that already exists (open it instead of creating another). */
  existingId?: number;
}

/** Standard reason phrases used as titles (RFC 9457 `about:blank` semantics). */
export const STATUS_TITLES: Record<number, string> = {
  400: 'Bad Request',
  401: 'Unauthorized',
  402: 'Payment Required',
  403: 'Forbidden',
  404: 'Not Found',
  405: 'Method Not Allowed',
  409: 'Conflict',
  410: 'Gone',
  413: 'Content Too Large',
  415: 'Unsupported Media Type',
  422: 'Unprocessable Content',
  429: 'Too Many Requests',
  500: 'Internal Server Error',
  502: 'Bad Gateway',
  503: 'Service Unavailable',
};

/**
 * An error that is meant for the caller: thrown anywhere in a request, it becomes a
 * problem+json response with this status and `detail` (see problemHandler).
 */
export class Problem extends Error {
  readonly status: number;
  readonly title: string;
  readonly detail: string;
  readonly type: string;
  readonly code: ProblemCode;
  readonly errors?: FieldError[];
  readonly headers?: Record<string, string>;
  readonly existingId?: number;

  constructor(status: number, detail: string, options: ProblemOptions = {}) {
    super(detail);
    this.name = 'Problem';
    this.status = status;
    this.detail = detail;
    this.title = options.title ?? STATUS_TITLES[status] ?? 'Error';
    this.type = options.type ?? 'about:blank';
    this.code = options.code ?? STATUS_CODES[status] ?? (status < 500 ? 'INVALID_REQUEST' : 'INTERNAL_ERROR');
    if (options.errors) this.errors = options.errors;
    if (options.headers) this.headers = options.headers;
    if (options.existingId !== undefined) this.existingId = options.existingId;
  }

  /** The response body. */
  toJSON(): ProblemBody {
    const body: ProblemBody = { type: this.type, title: this.title, status: this.status, detail: this.detail, code: this.code };
    if (this.errors) body.errors = this.errors;
    if (this.existingId !== undefined) body.existingId = this.existingId;
    return body;
  }
}

export interface ProblemBody {
  type: string;
  title: string;
  status: number;
  detail: string;
  code: ProblemCode;
  /** The request's X-Request-Id, added when the problem is sent: quote it to support. */
  requestId?: string;
  errors?: FieldError[];
  existingId?: number;
}

const coded = (code?: ProblemCode): ProblemOptions => (code ? { code } : {});

export const problems = {
  badRequest: (detail: string, errors?: FieldError[]) => new Problem(400, detail, errors ? { errors, code: 'VALIDATION_FAILED' } : {}),
  unauthorized: (detail = 'Not authenticated', code?: ProblemCode) =>
    new Problem(401, detail, {
      ...coded(code),
      // RFC 6750: name the scheme; a token that worked once but no longer does is "invalid_token".
      headers: { 'WWW-Authenticate': code === 'SESSION_EXPIRED' || code === 'SESSION_REVOKED' ? 'Bearer realm="vouch", error="invalid_token"' : 'Bearer realm="vouch"' },
    }),
  paymentRequired: (detail: string) => new Problem(402, detail),
  forbidden: (detail: string, code?: ProblemCode) => new Problem(403, detail, coded(code)),
  notFound: (detail: string) => new Problem(404, detail),
  methodNotAllowed: (detail: string, allow: string[]) => new Problem(405, detail, { headers: { Allow: allow.join(', ') } }),
  conflict: (detail: string, code?: ProblemCode) => new Problem(409, detail, coded(code)),
  /** 409 DUPLICATE naming the object that already exists. */
  duplicate: (detail: string, existingId: number) => new Problem(409, detail, { code: 'DUPLICATE', existingId }),
  gone: (detail: string, code?: ProblemCode) => new Problem(410, detail, coded(code)),
  payloadTooLarge: (detail: string) => new Problem(413, detail),
  unsupportedMediaType: (detail: string) => new Problem(415, detail),
  /** 429 with Retry-After, and any further headers (RateLimit-Policy / RateLimit). */
  tooManyRequests: (detail: string, retryAfterSeconds: number, headers: Record<string, string> = {}) =>
    new Problem(429, detail, { headers: { ...headers, 'Retry-After': String(Math.max(1, Math.ceil(retryAfterSeconds))) } }),
  internal: (detail = 'Something went wrong on our side. Please try again.') => new Problem(500, detail),
  badGateway: (detail: string) => new Problem(502, detail),
  serviceUnavailable: (detail: string, retryAfterSeconds?: number) =>
    new Problem(503, detail, retryAfterSeconds === undefined ? undefined : { headers: { 'Retry-After': String(Math.max(1, Math.ceil(retryAfterSeconds))) } }),
};

export function isProblem(error: unknown): error is Problem {
  return error instanceof Problem;
}
