import type { OpenAPIRegistry } from '@asteasolutions/zod-to-openapi';
import type { Router } from 'express';
import type { Database } from './database';
import type { Logger } from './logger';
import type { MemberReadCache } from './member-read-cache';
import type { Migration } from './migrations';
import type { ConfigCheck } from './runtime-mode';

export type ServiceName = 'auth' | 'subscriptions' | 'vouches' | 'network' | 'introductions' | 'notifications';

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
  /**
   * Outside development mode: a sentence per setting this service needs and lacks (runtime-mode.ts).
   * The gateway and runService ask every service they run before building any router, and refuse
   * to start naming all of them at once.
   */
  checkConfig?: ConfigCheck;
}

/** The env variable that, when set, makes the gateway proxy this service: AUTH_SERVICE_URL, … */
export function serviceUrlVariable(name: ServiceName): string {
  return `${name.toUpperCase()}_SERVICE_URL`;
}
