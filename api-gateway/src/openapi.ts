import { extendZodWithOpenApi, OpenAPIRegistry, OpenApiGeneratorV31 } from '@asteasolutions/zod-to-openapi';
import type { ServiceDefinition } from '@vouch/service-core';
import { z } from 'zod';

extendZodWithOpenApi(z);

/** The whole /api surface, generated from the zod schemas each service registers. */
export function buildOpenApiDocument(services: ServiceDefinition[]) {
  const registry = new OpenAPIRegistry();
  const problem = registry.register(
    'Problem',
    z.object({
      type: z.string(),
      title: z.string(),
      status: z.number().int(),
      detail: z.string().openapi({ description: 'The sentence a person reads.' }),
      errors: z.array(z.object({ field: z.string(), message: z.string() })).optional(),
    }),
  );
  registry.registerPath({
    method: 'get',
    path: '/api/health',
    tags: ['gateway'],
    summary: 'Liveness and database readiness',
    responses: {
      200: { description: 'Up', content: { 'application/json': { schema: z.object({ status: z.literal('ok'), database: z.literal('ok') }) } } },
      503: { description: 'The database is unavailable', content: { 'application/problem+json': { schema: problem } } },
    },
  });
  for (const service of services) service.openapi?.(registry);
  return new OpenApiGeneratorV31(registry.definitions).generateDocument({
    openapi: '3.1.0',
    info: { title: 'Vouch API', version: '0.1.0', description: 'Errors are application/problem+json (RFC 9457).' },
    servers: [{ url: '/' }],
  });
}
