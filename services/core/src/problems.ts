/** problem+json (RFC 9457): the one error shape every endpoint answers with. */

export interface FieldError {
  /** Dotted path of the offending input, e.g. `recipientPhone` or `skills.0`. */
  field: string;
  /** A sentence a person reads, e.g. "Recipient phone is required." */
  message: string;
}

export interface ProblemOptions {
  title?: string;
  type?: string;
  errors?: FieldError[];
  headers?: Record<string, string>;
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
  readonly errors?: FieldError[];
  readonly headers?: Record<string, string>;

  constructor(status: number, detail: string, options: ProblemOptions = {}) {
    super(detail);
    this.name = 'Problem';
    this.status = status;
    this.detail = detail;
    this.title = options.title ?? STATUS_TITLES[status] ?? 'Error';
    this.type = options.type ?? 'about:blank';
    if (options.errors) this.errors = options.errors;
    if (options.headers) this.headers = options.headers;
  }

  /** The response body. */
  toJSON(): ProblemBody {
    const body: ProblemBody = { type: this.type, title: this.title, status: this.status, detail: this.detail };
    if (this.errors) body.errors = this.errors;
    return body;
  }
}

export interface ProblemBody {
  type: string;
  title: string;
  status: number;
  detail: string;
  errors?: FieldError[];
}

export const problems = {
  badRequest: (detail: string, errors?: FieldError[]) => new Problem(400, detail, errors ? { errors } : {}),
  unauthorized: (detail = 'Not authenticated') => new Problem(401, detail),
  paymentRequired: (detail: string) => new Problem(402, detail),
  forbidden: (detail: string) => new Problem(403, detail),
  notFound: (detail: string) => new Problem(404, detail),
  methodNotAllowed: (detail: string, allow: string[]) => new Problem(405, detail, { headers: { Allow: allow.join(', ') } }),
  conflict: (detail: string) => new Problem(409, detail),
  gone: (detail: string) => new Problem(410, detail),
  payloadTooLarge: (detail: string) => new Problem(413, detail),
  unsupportedMediaType: (detail: string) => new Problem(415, detail),
  tooManyRequests: (detail: string, retryAfterSeconds: number) =>
    new Problem(429, detail, { headers: { 'Retry-After': String(Math.max(1, Math.ceil(retryAfterSeconds))) } }),
  internal: (detail = 'Something went wrong on our side. Please try again.') => new Problem(500, detail),
  badGateway: (detail: string) => new Problem(502, detail),
  serviceUnavailable: (detail: string) => new Problem(503, detail),
};

export function isProblem(error: unknown): error is Problem {
  return error instanceof Problem;
}
