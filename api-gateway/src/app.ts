import path from 'node:path';
import express, { type Express } from 'express';
import { pinoHttp } from 'pino-http';
import {
  checkDatabase,
  createLogger,
  jsonBody,
  loggableUrl,
  notFoundOrMethodNotAllowed,
  problemHandler,
  problems,
  requestId,
  requestLogLogger,
  safeError,
  serviceUrlVariable,
  type Database,
  type Logger,
  type ServiceContext,
  type ServiceDefinition,
  type ServiceHooks,
} from '@vouch/service-core';
import { buildOpenApiDocument } from './openapi';
import { profilePageRenderer } from './profile-page';
import { proxyService } from './proxy';
import { buildRegistry, remoteOrigins } from './registry';
import { securityHeaders } from './security';
import { allServices, resolveSession as authResolveSession, serviceHooks } from './services';
import { refuseForeignWrites, resolveAuth, type ResolveSession } from './session';
import { createSessionCache, sessionCacheTtlMs } from './session-cache';
import { mountStatic } from './static';

export interface CreateAppOptions {
  db: Database;
  env?: NodeJS.ProcessEnv;
  logger?: Logger;
  /** Default: all five services. */
  services?: ServiceDefinition[];
  /** Default: auth's public resolveSession. */
  resolveSession?: ResolveSession;
  /** Default: vouchRecipient from the vouches service. */
  hooks?: ServiceHooks;
  /** Where shell/dist and mf-* /dist live (default: the repository root). */
  rootDir?: string;
}

/** TRUST_PROXY → Express's `trust proxy` value: '2' → 2 hops, 'true'/'false' → boolean, else the addresses as given. */
export function trustProxySetting(raw: string): number | boolean | string {
  const value = raw.trim();
  if (/^\d+$/.test(value)) return Number(value);
  if (value === 'true' || value === 'false') return value === 'true';
  return value;
}

export const REPO_ROOT = path.resolve(__dirname, '..', '..');

/**
 * The gateway: security headers, request ids and logs, sessions → req.auth, the /api surface
 * (services in-process, or proxied to `<NAME>_SERVICE_URL`), the remote registry and the web app.
 * Configuration errors (bad registry, proxy without a secret) throw here, at start.
 */
export function createApp(options: CreateAppOptions): Express {
  const { db } = options;
  const env = options.env ?? process.env;
  const logger = options.logger ?? createLogger({ env });
  const services = options.services ?? allServices;
  const registry = buildRegistry(env);
  const ctx: ServiceContext = { db, logger, env, hooks: options.hooks ?? serviceHooks(db) };

  const app = express();
  app.disable('x-powered-by');
  // Behind a load balancer: which X-Forwarded-For hops to believe, so req.ip (per-IP rate limits)
  // and req.protocol name the client. A hop count ('1'), 'true'/'false', or addresses and
  // subnets ('loopback', '10.0.0.0/8'); docs/deployment.md.
  if (env.TRUST_PROXY) app.set('trust proxy', trustProxySetting(env.TRUST_PROXY));

  app.use(requestId());
  app.use(
    pinoHttp({
      // Explicit redaction paths: the line's shape is fixed by the serializers below.
      logger: requestLogLogger(logger),
      genReqId: (req) => (req as express.Request).requestId ?? '',
      autoLogging: { ignore: (req) => req.url === '/api/health' },
      // Query strings can carry personal data (the dev outbox takes ?phone=): log the path only.
      // The response's status is what a reader needs; its headers (CSP, cookies) would be a
      // kilobyte of the same text on every line.
      serializers: {
        req: (req: { id: unknown; method: string; url: string }) => ({ id: req.id, method: req.method, url: loggableUrl(req.url) }),
        res: (res: { statusCode: number }) => ({ statusCode: res.statusCode }),
        err: safeError,
      },
    }),
  );
  app.use(securityHeaders(env, remoteOrigins(registry)));

  app.get('/mf-registry.json', (_req, res) => {
    res.setHeader('Cache-Control', 'no-cache');
    res.json(registry);
  });

  app.get('/api/health', async (_req, res) => {
    await checkDatabase(db);
    res.setHeader('Cache-Control', 'no-store');
    res.json({ status: 'ok', database: 'ok' });
  });
  let openapi: unknown;
  app.get('/api/openapi.json', (_req, res) => {
    openapi ??= buildOpenApiDocument(services);
    res.json(openapi);
  });

  const sessions = createSessionCache({ ttlMs: sessionCacheTtlMs(env) });
  app.use('/api', refuseForeignWrites(env), resolveAuth(db, options.resolveSession ?? authResolveSession, sessions));

  // Proxied services first: their bodies must stream through unparsed.
  const inProcess: ServiceDefinition[] = [];
  for (const service of services) {
    const url = env[serviceUrlVariable(service.name)];
    if (!url) {
      inProcess.push(service);
      continue;
    }
    if (!env.INTERNAL_SERVICE_SECRET) {
      throw new Error(`${serviceUrlVariable(service.name)} is set but INTERNAL_SERVICE_SECRET is not: the proxied service could not trust who is calling.`);
    }
    logger.info({ service: service.name, url }, 'proxying service');
    app.use(proxyService(service, url, env.INTERNAL_SERVICE_SECRET, logger));
  }

  app.use('/api', jsonBody());
  for (const service of inProcess) app.use(service.router(ctx));
  app.use('/api', notFoundOrMethodNotAllowed(app));

  mountStatic(app, options.rootDir ?? REPO_ROOT, profilePageRenderer({ db, logger, publicUrl: env.PUBLIC_URL }));
  app.use((req, _res, next) => next(problems.notFound(`Nothing is served at ${req.path}.`)));
  app.use(problemHandler(logger));
  return app;
}
