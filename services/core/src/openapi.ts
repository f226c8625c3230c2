// Shared pieces of every service's OpenAPI registration, so each document describes
// responses, problems and sign-in the same way.
import { z } from 'zod';
import type { ServiceDefinition } from './service';

export type OpenApiRegistry = Parameters<NonNullable<ServiceDefinition['openapi']>>[0];

const problemSchema = z.object({
  type: z.string(),
  title: z.string(),
  status: z.number().int(),
  detail: z.string(),
  errors: z.array(z.object({ field: z.string(), message: z.string() })).optional(),
});

/** A JSON success response. */
export const jsonResponse = (schema: z.ZodType, description: string) => ({ description, content: { 'application/json': { schema } } });

/** An `application/problem+json` error response (RFC 9457). */
export const problemResponse = (description: string) => ({ description, content: { 'application/problem+json': { schema: problemSchema } } });

/** Security of a path that needs a signed-in member: the session cookie, or the same session as a bearer token. */
export const SIGNED_IN: Record<string, string[]>[] = [{ sessionCookie: [] }, { bearerAuth: [] }];
