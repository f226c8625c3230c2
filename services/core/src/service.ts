import type { OpenAPIRegistry } from '@asteasolutions/zod-to-openapi';
import type { Router } from 'express';
import type { Database } from './database';
import type { Logger } from './logger';
import type { MemberReadCache } from './member-read-cache';
import type { Migration } from './migrations';

export type ServiceName = 'auth' | 'subscriptions' | 'vouches' | 'network' | 'introductions';

export interface ServiceContext {
  db: Database;
  logger: Logger;
  env: NodeJS.ProcessEnv;
  /** The hot per-member reads' cache (member-read-cache.ts); none: every read runs. */
  memberReads?: MemberReadCache;
}

export interface ServiceDefinition {
  name: ServiceName;
  /** Path prefixes this service answers, e.g. ['/api/auth', '/api/user', '/api/dev']; used to proxy. */
  prefixes: string[];
  migrations: Migration[];
  /** Mounted at the app root; routes use full paths ('/api/auth/request-otp'). */
  router(ctx: ServiceContext): Router;
  /** Adds this service's paths to the OpenAPI document (zod-to-openapi registry). */
  openapi?(registry: OpenAPIRegistry): void;
}

/** The env variable that, when set, makes the gateway proxy this service: AUTH_SERVICE_URL, … */
export function serviceUrlVariable(name: ServiceName): string {
  return `${name.toUpperCase()}_SERVICE_URL`;
}
