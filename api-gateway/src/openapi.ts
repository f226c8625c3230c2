import { extendZodWithOpenApi, OpenAPIRegistry, OpenApiGeneratorV31 } from '@asteasolutions/zod-to-openapi';
import { problemResponse, PUBLIC, type ServiceDefinition } from '@vouch/service-core';
import { z } from 'zod';

extendZodWithOpenApi(z);

type RouteConfig = Parameters<OpenAPIRegistry['registerPath']>[0];
const FOREIGN_ORIGIN = 'FOREIGN_ORIGIN: a write signed in by cookie from another site is refused ("This request came from another site and was refused."); bearer requests are not';

/**
 * The gateway refuses every cookie-authenticated write from a foreign Origin (session.ts), so
 * every such operation may answer 403 FOREIGN_ORIGIN: declared here once rather than in each
 * service's registration.
 */
export function withForeignOriginRefusal(route: RouteConfig): RouteConfig {
  const cookie = route.security?.some((requirement) => 'sessionCookie' in requirement);
  if (route.method === 'get' || !cookie) return route;
  const declared = route.responses[403];
  if (declared && !('description' in declared)) return route;
  const forbidden = declared ? { ...declared, description: `${declared.description}; or ${FOREIGN_ORIGIN}` } : problemResponse(FOREIGN_ORIGIN);
  return { ...route, responses: { ...route.responses, 403: forbidden } };
}

const IN_PROGRESS = 'IDEMPOTENCY_IN_PROGRESS: a request with this Idempotency-Key is still running (Retry-After: 1)';
const idempotencyKeyHeader = z.object({
  'Idempotency-Key': z
    .string()
    .min(1)
    .max(255)
    .optional()
    .describe('A new UUID per operation: a retry with the same key and body within 24 hours replays the first answer (with Idempotent-Replayed: true) instead of running again (docs/api-versioning.md)'),
});

/**
 * Every POST goes through the gateway's idempotency layer (services/core idempotency.ts): its
 * header and the two answers it adds are declared here once. Stripe's webhook is Stripe's call.
 */
export function withIdempotencyKey(route: RouteConfig): RouteConfig {
  if (route.method !== 'post' || route.path.includes('webhook') || route.request?.headers) return route;
  const conflict = route.responses[409];
  const inProgress = conflict && 'description' in conflict ? { ...conflict, description: `${conflict.description}; or ${IN_PROGRESS}` } : problemResponse(IN_PROGRESS);
  return {
    ...route,
    request: { ...route.request, headers: idempotencyKeyHeader },
    responses: { ...route.responses, 409: inProgress, 422: problemResponse('IDEMPOTENCY_KEY_REUSED: this Idempotency-Key was used with another method, path or body') },
  };
}

/** The whole /api surface, generated from the zod schemas each service registers. */
export function buildOpenApiDocument(services: ServiceDefinition[]) {
  const registry = new OpenAPIRegistry();
  registry.registerPath({
    method: 'get',
    path: '/api/health',
    operationId: 'getHealth',
    tags: ['gateway'],
    security: PUBLIC,
    summary: 'Liveness and database readiness',
    responses: {
      200: { description: 'Up', content: { 'application/json': { schema: z.object({
            status: z.literal('ok'),
            database: z.literal('ok'),
            pool: z.object({ inUse: z.number().int(), idle: z.number().int(), size: z.number().int(), max: z.number().int(), waiting: z.number().int() }).describe('MySQL/MariaDB connections (all 0 on SQLite)'),
            statementTimeoutMs: z.number().int().describe('DATABASE_STATEMENT_TIMEOUT_MS in force (0: none)'),
            stalls: z.object({ count: z.number().int(), lastAt: z.iso.datetime().nullable() }).describe('Statements stopped by the statement timeout, a lock wait or the pool wait since start, and when the last one was'),
            profileViews: z.object({ waiting: z.number().int(), lost: z.number().int(), dropped: z.number().int() }).describe('Profile views held in memory to be written, given up after every retry failed, and not noted because too many waited'),
          }), } } },
      503: problemResponse('The database is unavailable, or stalled (a statement was stopped by the statement timeout within the last timeout)'),
    },
  });
  // A component: the 200 and the 503 carry the same fields.
  const workerHealthBody = registry.register('WorkerHealth', z.object({
    status: z.enum(['ok', 'behind']),
    behind: z.array(z.string()).describe('What has waited longer than behindAfterSeconds, one sentence each (empty when ok)'),
    behindAfterSeconds: z.number().int(),
    reputation: z.object({ waitingSince: z.iso.datetime().nullable().describe('The oldest reputation change not yet covered by a worker run'), lastRunFinishedAt: z.iso.datetime().nullable() }),
    notifications: z.object({ waiting: z.number().int().describe('Notifications not yet fanned out (counted up to 10,000)'), deliveriesWaiting: z.number().int().describe('Texts and pushes not yet sent (counted up to 10,000)'), oldestWaitingSince: z.iso.datetime().nullable().describe('The oldest notification not fanned out, or the longest-due text or push (one waiting out a retry pause is not due yet)') }),
  }));
  registry.registerPath({
    method: 'get',
    path: '/api/health/worker',
    operationId: 'getWorkerHealth',
    tags: ['gateway'],
    security: PUBLIC,
    summary: "Whether the worker keeps up: for a monitor's alert, not a load balancer (a gateway serves without a worker)",
    responses: {
      200: { description: 'The worker keeps up', content: { 'application/json': { schema: workerHealthBody } } },
      503: { description: 'Work has waited longer than behindAfterSeconds: no worker runs, or it keeps failing', content: { 'application/json': { schema: workerHealthBody } } },
    },
  });
  const register = registry.registerPath.bind(registry);
  registry.registerPath = (route) => register(withIdempotencyKey(withForeignOriginRefusal(route)));
  for (const service of services) service.openapi?.(registry);
  const document = new OpenApiGeneratorV31(registry.definitions).generateDocument({
    openapi: '3.1.0',
    info: {
      title: 'Vouch API',
      version: '0.1.0',
      description:
        'Every path is also served under /api/v1 (stable; /api is the current version\'s alias), with Deprecation and Sunset headers once a version is deprecated (docs/api-versioning.md). ' +
        'Errors are application/problem+json (RFC 9457) with a stable `code` (ProblemCode) and the `requestId`. Lists page with ?limit= and ?cursor=; the next page is in Link rel="next". ' +
        'Per-member reads are Cache-Control: private, no-cache with an ETag.',
      license: { name: 'Proprietary', identifier: 'LicenseRef-Proprietary' },
    },
    servers: [
      { url: '/api/v1', description: 'Version 1 (stable; recommended for apps)' },
      { url: '/api', description: "The current version's unversioned alias (the web app)" },
    ],
  });
  return finishDocument(document);
}

type GeneratedDocument = ReturnType<OpenApiGeneratorV31['generateDocument']>;
type Responses = Record<string, { description: string; headers?: Record<string, unknown>; content?: Record<string, unknown> }>;

/** A problem response in the generated document (the zod form is for registrations). */
const problemAnswer = (description: string) => ({ description, content: { 'application/problem+json': { schema: { $ref: '#/components/schemas/Problem' } } } });
const ETAG_HEADER = { schema: { type: 'string' }, description: 'A validator of this answer: send it back as If-None-Match to get 304 while it is unchanged' };

/**
 * What the services' registrations cannot say on their own, applied to the generated document:
 * - paths relative to the servers (`/api/v1`, `/api`): `/api/vouches/my` → `/vouches/my`;
 * - patterns as ECMA-262 sources: zod-to-openapi writes `regex.toString()` without the leading
 *   slash, so a `/u` regex ended in `/u` and matched nothing. JSON Schema patterns are read with
 *   Unicode semantics (ajv compiles them with the u flag), so `\p{L}` means the same there; a
 *   regex with any other flag cannot be said in a pattern and stops the build;
 * - on every GET answering JSON: the ETag header and 304 (Express tags every such answer and
 *   answers If-None-Match with 304);
 * - on every operation: 500 INTERNAL_ERROR, and 4XX: any other client error is a problem too.
 */
export function finishDocument(document: GeneratedDocument): GeneratedDocument {
  const paths: Record<string, Record<string, { responses: Responses }>> = {};
  for (const [route, methods] of Object.entries(document.paths ?? {})) {
    const operations = methods as Record<string, { responses: Responses }>;
    for (const [method, operation] of Object.entries(operations)) {
      const responses = operation.responses;
      const ok = responses['200'];
      if (method === 'get' && ok?.content?.['application/json']) {
        responses['200'] = { ...ok, headers: { ...ok.headers, ETag: ETAG_HEADER } };
        responses['304'] = { description: 'Not Modified: If-None-Match named the current ETag (no body)' };
      }
      responses['4XX'] ??= problemAnswer('Any other client error: a problem with its code (ProblemCode)');
      responses['500'] ??= problemAnswer('INTERNAL_ERROR: something failed on our side; quote the requestId');
    }
    paths[route.replace(/^\/api(?=\/)/, '')] = operations;
  }
  return JSON.parse(JSON.stringify({ ...document, paths }), (key, value: unknown) => (key === 'pattern' && typeof value === 'string' ? ecmaPattern(value) : value)) as GeneratedDocument;
}

/** `^a$/u` (zod-to-openapi's rendering of /^a$/u) → `^a$`; no flag but u has a JSON Schema meaning. */
function ecmaPattern(rendered: string): string {
  const flags = /\/([a-z]+)$/.exec(rendered);
  if (!flags) return rendered;
  if (flags[1] !== 'u') throw new Error(`The pattern ${rendered} has flags a JSON Schema pattern cannot carry: write the regex without them.`);
  return rendered.slice(0, -flags[0].length);
}
