import type { OpenAPIRegistry } from '@asteasolutions/zod-to-openapi';
import type { RequestHandler, Router } from 'express';
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

/** Whether `path` is one of the service's: a prefix itself or under it ('/api/auth', '/api/auth/…'). */
export function servesPath(service: Pick<ServiceDefinition, 'prefixes'>, path: string): boolean {
  return service.prefixes.some((prefix) => path === prefix || (path.startsWith(prefix) && path[prefix.length] === '/'));
}

/**
 * The service's router, asked only for the service's own paths: every other request passes on
 * untouched instead of being matched against each of its routes (Express tries every route of
 * every router mounted at the root: most of a read's routing CPU, bench/gateway.bench.mjs).
 * The router's routes stay visible (`stack`), so a 405 still names the methods they allow.
 */
export function serviceRoutes(service: Pick<ServiceDefinition, 'prefixes'>, router: Router): RequestHandler & { stack: unknown[] } {
  const gate: RequestHandler = (req, res, next) => {
    if (servesPath(service, req.path)) router(req, res, next);
    else next();
  };
  return Object.assign(gate, { stack: router.stack });
}

/** The env variable that, when set, makes the gateway proxy this service: AUTH_SERVICE_URL, … */
export function serviceUrlVariable(name: ServiceName): string {
  return `${name.toUpperCase()}_SERVICE_URL`;
}
