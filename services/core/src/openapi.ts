// Shared pieces of every service's OpenAPI registration, so each document describes
// responses, problems and sign-in the same way.
import { z } from 'zod';
import { DEFAULT_PAGE_LIMITS, type PageLimits } from './paging';
import { PROBLEM_CODES } from './problems';
import type { ServiceDefinition } from './service';
import { SYNC_REMOVAL_REASONS } from './sync-log';

export type OpenApiRegistry = Parameters<NonNullable<ServiceDefinition['openapi']>>[0];

/** Problem (RFC 9457): one named component, referenced by every error response. */
export const problemSchema = z
  .object({
    type: z.string().describe('The code\'s entry on the errors page: `/docs/errors#<code>`, a URI reference resolved against the API\'s origin'),
    title: z.string(),
    status: z.number().int(),
    detail: z.string().describe('The sentence a person reads, in English (Content-Language: en)'),
    code: z.enum(PROBLEM_CODES).meta({ id: 'ProblemCode', description: 'What went wrong, for a program to branch on (stable; new codes may be added)' }),
    requestId: z.string().describe('The X-Request-Id of the request: quote it to support'),
    errors: z.array(z.object({ field: z.string(), message: z.string() })).optional().describe('Each invalid field (400)'),
    existingId: z.number().int().optional().describe('409 DUPLICATE: the id of the object that already exists (e.g. the pending vouch to this phone); open it instead of creating another'),
  })
  .meta({ id: 'Problem' });

const problemContent = { 'application/problem+json': { schema: problemSchema } };

/** A JSON success response. */
export const jsonResponse = (schema: z.ZodType, description: string) => ({ description, content: { 'application/json': { schema } } });

/**
 * A JSON request body with the example a client's developer reads first (the contract test
 * checks every example against its schema, so none can drift from what the server accepts).
 */
export const jsonRequestBody = (schema: z.ZodType, example: unknown, required = true) => ({ required, content: { 'application/json': { schema, example } } });

/** An `application/problem+json` error response (RFC 9457). */
export const problemResponse = (description: string) => ({ description, content: problemContent });

const integerHeader = (description: string) => ({ schema: { type: 'integer' as const, minimum: 1 }, description });

/** 401: no usable session; the answer names the scheme to use. */
export const unauthorizedResponse = (description = 'Not signed in, or registration not complete') => ({
  description,
  headers: { 'WWW-Authenticate': { schema: { type: 'string' as const }, description: 'Bearer realm="vouch"' } },
  content: problemContent,
});

/** The quota headers a rate-limited endpoint sends on every answer (IETF draft-ietf-httpapi-ratelimit-headers). */
export const RATE_LIMIT_HEADERS = {
  'RateLimit-Policy': { schema: { type: 'string' as const }, description: 'Each quota: `"otp-send-phone";q=5;w=600` (requests per window of w seconds), comma-separated' },
  RateLimit: { schema: { type: 'string' as const }, description: 'What is left of each: `"otp-send-phone";r=4;t=598` (r requests in the next t seconds); sent on success too' },
};

/** 429 with the seconds to wait and the quotas. */
export const tooManyRequestsResponse = (description: string) => ({
  description,
  headers: { 'Retry-After': integerHeader('Seconds to wait before trying again'), ...RATE_LIMIT_HEADERS },
  content: problemContent,
});

/** What an expensive signed-in read may also answer (EXPENSIVE_READS_CONCURRENT, EXPENSIVE_READS_PER_MINUTE per member). */
export const EXPENSIVE_READ_PROBLEMS = {
  429: tooManyRequestsResponse('Too many network searches by this member at once or in the last minute'),
};

/** What any operation that takes a JSON body may also answer (the gateway's body parser). */
export const BODY_PROBLEMS = {
  413: problemResponse('The request body is too large (the limit is 1 MB)'),
  415: problemResponse('The body is not JSON (Content-Type: application/json)'),
};

/** `?limit=&cursor=` of a paged list. */
export const pageQuery = (limits: PageLimits = DEFAULT_PAGE_LIMITS) =>
  z.object({
    limit: z
      .number()
      .int()
      .min(1)
      .max(limits.maxLimit)
      .optional()
      .describe(`Items per page: default ${limits.defaultLimit}, at most ${limits.maxLimit}`),
    cursor: z.string().optional().describe('Opaque: copy it from the previous page\'s Link rel="next"; never build it'),
  });

/** `?limit=&cursor=&updated_since=` of a list that also syncs (services/core sync.ts). */
export const syncPageQuery = (limits: PageLimits = DEFAULT_PAGE_LIMITS) =>
  pageQuery(limits).extend({
    updated_since: z.iso
      .datetime({ offset: true })
      .optional()
      .describe('For the web, best effort: only the items stamped at or after this instant (ISO 8601 with a time zone), oldest change first, paged the same way. A stamp is taken before its change commits, so a change committed late can be missed: apps keep a copy with the list\'s /sync and its sync_token instead'),
  });

/** `?limit=&sync_token=` of a list's `/sync` (services/core sync-log.ts). */
export const syncQuery = (limits: PageLimits = DEFAULT_PAGE_LIMITS) =>
  z.object({
    limit: z.number().int().min(1).max(limits.maxLimit).optional().describe(`Changes per answer: default ${limits.defaultLimit}, at most ${limits.maxLimit}`),
    sync_token: z
      .string()
      .optional()
      .describe('Opaque: the nextSyncToken of your last answer. Without it: every item of the list as it now is (in pages: follow hasMore), then a token for the changes from then on'),
  });

/** An item a copy drops (a tombstone): its id in the list, and why. */
export const removedItemSchema = z
  .object({
    id: z.number().int().describe('The id of the item in this list'),
    removed: z.literal(true),
    reason: z.enum(SYNC_REMOVAL_REASONS).describe('account_deleted: a member it involved deleted their account. New reasons may be added: drop the item whatever the reason'),
    detail: z.string().describe('A sentence a person may read'),
  })
  .meta({ id: 'RemovedItem' });

/** 200 of a list's `/sync`: the changes in commit order, the token to pass next, whether more wait now (component `id`). */
export const syncResponse = (item: z.ZodType, id: string, itemName: string) =>
  jsonResponse(
    z
      .object({
        changes: z
          .array(z.union([item, removedItemSchema]))
          .describe(`In the order they were committed: each ${itemName} as it now is (replace yours by id), or a RemovedItem (drop yours with that id). An item may come more than once`),
        nextSyncToken: z.string().describe('Opaque: pass it as sync_token next time; keep it once you have applied these changes'),
        hasMore: z.boolean().describe('true: more changes wait now, call again at once with nextSyncToken; false: your copy is up to date, sync again later with it'),
      })
      .meta({ id }),
    `The changes of this list since sync_token (without one: the whole list, in pages)`,
  );

/** What a `/sync` may answer besides 200 and 401. */
export const SYNC_PROBLEMS = {
  400: problemResponse('limit out of range, or SYNC_TOKEN_INVALID: a sync_token this list did not give out'),
  410: problemResponse('SYNC_TOKEN_EXPIRED: the token is older than the server keeps changes (SYNC_TOKEN_DAYS), or was given for another copy (the phone number changed since); sync again without it'),
};

/** A paged list: a bare JSON array, the next page (if any) in `Link: <…>; rel="next"`. */
export const pagedResponse = (schema: z.ZodType, description: string) => ({
  description: `${description}. One page; when more follow, the Link header points at the next one.`,
  headers: { Link: { schema: { type: 'string' as const }, description: '`</api/…?limit=50&cursor=…>; rel="next"` while more pages follow; absent on the last page' } },
  content: { 'application/json': { schema } },
});

/** Security of a path that needs a signed-in member: the session cookie, or the same session as a bearer token. */
export const SIGNED_IN: Record<string, string[]>[] = [{ sessionCookie: [] }, { bearerAuth: [] }];

/** Security of a public path: anyone may call it (declared, so a generated client sends no credentials). */
export const PUBLIC: Record<string, string[]>[] = [];
