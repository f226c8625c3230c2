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
  'OTP_INCORRECT',
  'OTP_NOT_REQUESTED',
  'OTP_ATTEMPTS_EXHAUSTED',
  'VOUCH_ALREADY_REVOKED',
  'OWN_VOUCH',
  'OWN_REQUEST',
  'NOT_REQUESTER',
  'NOT_INTRODUCTION_TARGET',
  'NOT_IN_NETWORK',
  'PLANS_NOT_OFFERED',
  'LOCAL_ONLY',
  'INTRODUCTION_EXPIRED',
  'ALREADY_ON_PLAN',
  'NO_PAID_PLAN',
  'PUSH_NOT_CONFIGURED',
  'IDEMPOTENCY_KEY_REUSED',
  'IDEMPOTENCY_IN_PROGRESS',
  'PROFILE_URL_TAKEN',
  'OWN_ASK',
  'NOT_ASKED_MEMBER',
  'ASK_ANSWERED',
  'ASK_OUT_OF_REACH',
  'ASK_DECLINED_RECENTLY',
  'ASKED_TOO_OFTEN',
  'ASKS_BLOCKED',
  'SYNC_TOKEN_INVALID',
  'SYNC_TOKEN_EXPIRED',
  'DELETED_WITH_ACCOUNT',
  'REVERIFICATION_REQUIRED',
  'PROFILE_URL_RELEASED',
  'PROFILE_URL_CHANGES_USED',
  'ALREADY_CONNECTED',
  'NOT_FIRST_DEGREE',
  'CONNECTOR_DOES_NOT_KNOW_TARGET',
  'ALREADY_ASKED',
  'NOT_CONNECTOR',
  'NOT_AWAITING_CONNECTOR',
  'REQUEST_EXPIRED',
] as const;
export type ProblemCode = (typeof PROBLEM_CODES)[number];

/**
 * What each code means and what a client does about it: the page GET /docs/errors serves (each
 * code its own #anchor, which every problem's `type` names) and the source of docs/errors.md.
 * A Record, so a new code does not compile until it is explained here.
 */
export const PROBLEM_CODE_DOCS: Record<ProblemCode, { status: number; meaning: string }> = {
  INVALID_REQUEST: { status: 400, meaning: 'The request could not be understood (malformed JSON, a malformed address). Fix the request; do not retry it as is.' },
  VALIDATION_FAILED: { status: 400, meaning: 'An input is missing or invalid: `errors` names each field with a sentence to show beside it.' },
  SESSION_MISSING: { status: 401, meaning: 'No session was sent (no cookie, no bearer token). Sign in.' },
  SESSION_EXPIRED: { status: 401, meaning: 'The session ran out (unused for its lifetime). Sign in again.' },
  SESSION_REVOKED: { status: 401, meaning: 'The session was ended (sign-out, account deleted). Sign in again.' },
  REGISTRATION_INCOMPLETE: { status: 401, meaning: 'The phone is verified but the member has no name yet: show the names step (POST /auth/complete-registration).' },
  PLAN_LIMIT: { status: 402, meaning: "This month's allowance of the plan is used up (vouches, invites, introduction requests or asks for a vouch). Show the upgrade; nothing was written." },
  FORBIDDEN: { status: 403, meaning: 'Not allowed, for a reason no more precise code names.' },
  FOREIGN_ORIGIN: { status: 403, meaning: 'A write signed in by cookie came from another site and was refused. Bearer requests never get this.' },
  NO_VOUCH_YET: { status: 403, meaning: 'Introduction requests need at least one accepted vouch, given or received.' },
  PLAN_TIER: { status: 403, meaning: 'The plan does not include this (an introduction degree, a self-suggestion): `detail` names the plan that does.' },
  PHONE_MISMATCH: { status: 403, meaning: 'The vouch was sent to another phone number than the signed-in one.' },
  NOT_FOUND: { status: 404, meaning: 'No such thing, or not visible to you.' },
  METHOD_NOT_ALLOWED: { status: 405, meaning: 'The path exists but not with this method: the Allow header lists the methods.' },
  CONFLICT: { status: 409, meaning: 'The request conflicts with the current state, for a reason no more precise code names.' },
  ALREADY_RESPONDED: { status: 409, meaning: 'It was already answered (accepted, rejected, agreed or declined): reload it.' },
  ALREADY_REGISTERED: { status: 409, meaning: 'This phone already belongs to a member.' },
  DUPLICATE: { status: 409, meaning: 'The same thing exists already (the same vouch to the same phone, the same suggestion).' },
  NOT_OPEN: { status: 409, meaning: 'The introduction request is no longer open (completed or cancelled).' },
  GONE: { status: 410, meaning: 'It existed but is gone for good.' },
  VOUCH_EXPIRED: { status: 410, meaning: 'The vouch was not answered in time and can no longer be.' },
  VOUCH_REVOKED: { status: 410, meaning: 'The voucher withdrew the vouch.' },
  CODE_EXPIRED: { status: 410, meaning: 'The sign-in code (OTP) expired: request a new one. (The OTP_ family predates its name; it stays for the clients that read it.)' },
  BODY_TOO_LARGE: { status: 413, meaning: 'The request body is over 1 MB.' },
  UNSUPPORTED_MEDIA_TYPE: { status: 415, meaning: 'The body is not JSON: send Content-Type: application/json.' },
  RATE_LIMITED: { status: 429, meaning: 'Too many requests: wait the Retry-After seconds.' },
  INTERNAL_ERROR: { status: 500, meaning: 'Something failed on our side. Retry later; quote the requestId to support.' },
  UPSTREAM_FAILED: { status: 502, meaning: 'A provider we depend on (SMS, payments) failed; nothing was changed. Retry later.' },
  UNAVAILABLE: { status: 503, meaning: 'The service or database is busy or down: retry after Retry-After seconds.' },
  PUSH_NOT_CONFIGURED: { status: 503, meaning: 'Push notifications for this platform are off on this server (FCM or Web Push is not configured): the device was not registered. Do not retry; the app works without push.' },
  IDEMPOTENCY_KEY_REUSED: { status: 422, meaning: 'This Idempotency-Key was used within 24 h for another request (another path or body). Use a new key for a new request.' },
  IDEMPOTENCY_IN_PROGRESS: { status: 409, meaning: 'The first request with this Idempotency-Key is still running: retry after Retry-After seconds to get its answer.' },
  OTP_INCORRECT: { status: 400, meaning: 'The sign-in code is wrong; `detail` says how many tries are left.' },
  OTP_NOT_REQUESTED: { status: 400, meaning: 'No sign-in code is waiting in this sign-in attempt (an unknown attemptId, another phone’s, or none requested): request one with POST /auth/request-otp and send its attemptId.' },
  OTP_ATTEMPTS_EXHAUSTED: { status: 400, meaning: 'Too many wrong codes: this code no longer works. Request a new one.' },
  VOUCH_ALREADY_REVOKED: { status: 409, meaning: 'You revoked this vouch already; nothing changed.' },
  OWN_VOUCH: { status: 403, meaning: 'You cannot answer a vouch you gave.' },
  OWN_REQUEST: { status: 403, meaning: 'You cannot suggest someone for your own introduction request.' },
  NOT_REQUESTER: { status: 403, meaning: 'Only the member who made the introduction request may do this (cancel it).' },
  NOT_INTRODUCTION_TARGET: { status: 403, meaning: 'Only the suggested person may agree to or decline an introduction.' },
  NOT_IN_NETWORK: { status: 403, meaning: "The person is not within the request's degree of you." },
  PLANS_NOT_OFFERED: { status: 403, meaning: 'This server sells no paid plans (PAID_PLANS=off): Network Builder, the free plan, is all there is.' },
  LOCAL_ONLY: { status: 403, meaning: 'A development tool that answers only requests made on the server itself.' },
  INTRODUCTION_EXPIRED: { status: 410, meaning: 'The suggested person did not answer in time; the introduction lapsed.' },
  ALREADY_ON_PLAN: { status: 409, meaning: 'You are on this plan already.' },
  NO_PAID_PLAN: { status: 409, meaning: 'There is no paid subscription to cancel.' },
  PROFILE_URL_TAKEN: { status: 409, meaning: 'Another member has this profile URL, or had it before (earlier URLs stay reserved for their owner): choose another. `errors` names the profileSlug field.' },
  OWN_ASK: { status: 400, meaning: 'You cannot ask yourself for a vouch.' },
  NOT_ASKED_MEMBER: { status: 403, meaning: 'Only the member who was asked for a vouch may decline the ask.' },
  ASK_ANSWERED: { status: 409, meaning: 'The ask for a vouch was already declined or fulfilled (the asked member vouched): reload it.' },
  ASK_OUT_OF_REACH: { status: 403, meaning: 'You can ask for a vouch only within your plan\'s reach (1° connections on Network Builder, 2° on the paid plans): `detail` says which.' },
  ASK_DECLINED_RECENTLY: { status: 409, meaning: 'This member declined your last ask less than 30 days ago: `detail` says when you can ask again.' },
  ASKED_TOO_OFTEN: { status: 429, meaning: 'This member has been asked for several vouches this week, by anyone: try again after Retry-After seconds.' },
  ASKS_BLOCKED: { status: 403, meaning: 'This member does not take asks for a vouch from you.' },
  SYNC_TOKEN_INVALID: { status: 400, meaning: 'The sync_token was not given out by this list (another list\'s, or altered). Sync again without a token.' },
  SYNC_TOKEN_EXPIRED: { status: 410, meaning: 'The sync_token is older than the server keeps changes (SYNC_TOKEN_DAYS, 30 by default), from before a restore, or given for another copy (the vouches to a phone number changed since). Sync again without a token: the whole list comes, then keep the new token.' },
  DELETED_WITH_ACCOUNT: { status: 410, meaning: 'It was removed because a member it involved deleted their account (a vouch to or from them, an introduction with them). Drop it from your copy; a sync says the same with a removed item.' },
  REVERIFICATION_REQUIRED: { status: 403, meaning: 'This needs a fresh sign-in code (deleting the account, changing the phone): request one for your phone (POST /auth/request-otp), confirm it with POST /auth/reverify, then try again within 10 minutes.' },
  PROFILE_URL_RELEASED: { status: 410, meaning: 'This profile URL belonged to a member who left (or who let it go): it no longer leads to a profile, and nobody may take it for a year.' },
  PROFILE_URL_CHANGES_USED: { status: 429, meaning: 'You changed your profile URL as often as a year allows: Retry-After says when the next change is possible.' },
  ALREADY_CONNECTED: { status: 409, meaning: 'The member you asked to be introduced to is already your direct (1°) connection: reach them yourself.' },
  NOT_FIRST_DEGREE: { status: 403, meaning: 'The connector you chose is not your direct (1°) connection: choose one from GET /api/introduction-requests/connectors.' },
  CONNECTOR_DOES_NOT_KNOW_TARGET: { status: 403, meaning: 'The connector you chose is not directly connected to the member: choose one from GET /api/introduction-requests/connectors.' },
  ALREADY_ASKED: { status: 409, meaning: 'You already have an open introduction request to this member: wait for it, or cancel it first.' },
  NOT_CONNECTOR: { status: 403, meaning: 'Only the connector the requester chose may forward or decline a request addressed to a member.' },
  NOT_AWAITING_CONNECTOR: { status: 409, meaning: 'The request no longer awaits its connector (already forwarded, declined or cancelled): reload it.' },
  REQUEST_EXPIRED: { status: 410, meaning: 'The connector did not answer a request addressed to a member within INTRODUCTION_ANSWER_DAYS; it lapsed.' },
};

/**
 * A problem's `type` (RFC 9457): the docs page's anchor for its code, as a URI reference that
 * resolves against the API's own origin (`https://<host>/docs/errors#OTP_INCORRECT`), so it is
 * the same on every deployment and always names a page that server serves (GET /docs/errors).
 */
export const PROBLEM_TYPE_BASE = '/docs/errors';
export const problemType = (code: ProblemCode): string => `${PROBLEM_TYPE_BASE}#${code}`;

/** The languages `detail` and `title` are written in. Only English so far: every problem says Content-Language: en. */
export const PROBLEM_LANGUAGES = ['en'] as const;

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

/** Standard reason phrases used as titles. */
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
    this.code = options.code ?? STATUS_CODES[status] ?? (status < 500 ? 'INVALID_REQUEST' : 'INTERNAL_ERROR');
    this.type = options.type ?? problemType(this.code);
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
  badRequest: (detail: string, errors?: FieldError[], code?: ProblemCode) => new Problem(400, detail, errors ? { errors, code: code ?? 'VALIDATION_FAILED' } : coded(code)),
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
