import path from 'node:path';
import express, { type Express } from 'express';
import { sessionCookieName } from '@vouch/contracts';
import { billingProviderName } from '@vouch/service-subscriptions';
import {
  answerConditionalRequests,
  checkDatabase,
  createLogger,
  createMemberReadCache,
  idempotentWrites,
  isDevelopmentMode,
  jsonBody,
  memberReadCacheTtlMs,
  modeProblems,
  notFoundOrMethodNotAllowed,
  problemHandler,
  PROBLEM_TYPE_BASE,
  problems,
  publicUrlProblems,
  refuseIncompleteConfig,
  requestId,
  requestLog,
  routeAnswers,
  serviceRoutes,
  serviceUrlVariable,
  type Database,
  type Logger,
  type ServiceContext,
  type ServiceDefinition,
} from '@vouch/service-core';
import { apiVersions } from './api-version';
import { compressResponses } from './compression';
import { bearerOnlyFrom, corsForApi, corsOrigins } from './cors';
import { buildOpenApiDocument } from './openapi';
import { errorsPage } from './errors-page';
import { landingSlideReader } from './first-screen';
import { pageRenderer } from './pages';
import { remotePreloader } from './preload';
import { workerHealth } from './worker-health';
import { proxyService } from './proxy';
import { buildRegistry, remoteOrigins } from './registry';
import { securityHeaders } from './security';
import { seoRoutes } from './seo';
import { appLinksRoutes, readAppLinksConfig } from './app-links';
import { allServices, explainSessionRefusal, memberWriteStamps, profileViewCounts, resolveSession as authResolveSession } from './services';
import { refuseForeignWrites, resolveAuth, type ExplainSessionRefusal, type ResolveSession } from './session';
import { createSessionCache, sessionCacheTtlMs } from './session-cache';
import { mountStatic } from './static';

export interface CreateAppOptions {
  db: Database;
  env?: NodeJS.ProcessEnv;
  logger?: Logger;
  /** Default: all five services (allServices; buildServices to change what auth is given). */
  services?: ServiceDefinition[];
  /** Default: auth's public resolveSession. */
  resolveSession?: ResolveSession;
  /** Default: auth's explainSessionRefusal (none with a custom resolveSession). */
  explainSessionRefusal?: ExplainSessionRefusal;
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

/**
 * Outside development mode, everything missing for the gateway and the services it runs itself
 * (a proxied service checks its own at its start), so one refusal names every variable.
 */
export function productionConfigProblems(env: NodeJS.ProcessEnv, services: readonly ServiceDefinition[]): string[] {
  if (isDevelopmentMode(env)) return [];
  const inProcess = services.filter((service) => !env[serviceUrlVariable(service.name)]);
  const found = [...modeProblems(env), ...publicUrlProblems(env), ...inProcess.flatMap((service) => service.checkConfig?.(env) ?? [])];
  // One sentence per variable (two parts may need the same one, e.g. PUBLIC_URL).
  const named = new Map<string, string>();
  for (const problem of found) if (!named.has(problem.split(' ', 1)[0]!)) named.set(problem.split(' ', 1)[0]!, problem);
  return [...named.values()];
}

export const REPO_ROOT = path.resolve(__dirname, '..', '..');

/**
 * The gateway: security headers, request ids and logs, sessions → req.auth, the /api surface
 * (services in-process, or proxied to `<NAME>_SERVICE_URL`), the remote registry and the web app.
 * Configuration errors (bad registry, proxy without a secret, a production setting missing)
 * throw here, at start.
 */
export function createApp(options: CreateAppOptions): Express {
  const { db } = options;
  const env = options.env ?? process.env;
  const logger = options.logger ?? createLogger({ env });
  const services = options.services ?? allServices;
  refuseIncompleteConfig(env, productionConfigProblems(env, services));
  const registry = buildRegistry(env);
  const appLinks = readAppLinksConfig(env);
  // One line per request: its id, method and path (query values can carry personal data: the dev
  // outbox takes ?phone=), its status (its headers, CSP and cookies, would be a kilobyte of the same
  // text on every line); no redaction pass: the line has that fixed shape and holds no secret.
  const logRequests = requestLog(logger, { ignore: (req) => req.url === '/api/health' });
  const sessions = createSessionCache({ ttlMs: sessionCacheTtlMs(env) });
  // The session cookie's name: __Host-vouch_session wherever cookies are Secure (outside development mode), as auth sets it.
  const cookieName = sessionCookieName(!isDevelopmentMode(env));
  // One cache of members' hot reads for every in-process service; any write answered here drops it,
  // and a member's write on any instance moves their stamp on, so their next read here is fresh.
  const memberReads = createMemberReadCache({
    ttlMs: memberReadCacheTtlMs(env),
    stamps: memberWriteStamps(db),
    onStampError: (error) => logger.warn({ err: error }, 'could not move the member’s write stamp on; other instances see the write within MEMBER_READ_CACHE_SECONDS'),
  });
  const ctx: ServiceContext = { db, logger, env, memberReads };

  const app = express();
  app.disable('x-powered-by');
  // A matching If-None-Match is a 304 even with Cache-Control: no-cache, which fetch adds to it.
  answerConditionalRequests(app);
  // Behind a load balancer: which X-Forwarded-For hops to believe, so req.ip (per-IP rate limits)
  // and req.protocol name the client. A hop count ('1'), 'true'/'false', or addresses and
  // subnets ('loopback', '10.0.0.0/8'); docs/deployment.md.
  if (env.TRUST_PROXY) app.set('trust proxy', trustProxySetting(env.TRUST_PROXY));

  app.use(requestId());
  app.use(logRequests);
  app.use(securityHeaders(env, remoteOrigins(registry)));
  app.use(compressResponses());
  // /api/v1/… is /api/… (docs/api-versioning.md); CORS only for CORS_ORIGINS, bearer-only.
  const crossOrigins = corsOrigins(env);
  app.use(apiVersions(env));
  app.use('/api', corsForApi(crossOrigins), bearerOnlyFrom(crossOrigins));

  // Universal links and App Links: the apps' association files, from configuration (404 without).
  app.use(appLinksRoutes(appLinks));

  app.get('/mf-registry.json', (_req, res) => {
    res.setHeader('Cache-Control', 'no-cache');
    res.json(registry);
  });

  // A load balancer's probe: 503 (problem+json) when the database does not answer in 2 s or is
  // stalled (statements stopped by the statement timeout just now: checkDatabase); the pool tells
  // an operator whether requests are queueing for a connection, the rest what was given up.
  app.get('/api/health', async (_req, res) => {
    res.setHeader('Cache-Control', 'no-store');
    await checkDatabase(db);
    const stalls = db.stalls();
    res.json({
      status: 'ok',
      database: 'ok',
      pool: db.pool(),
      statementTimeoutMs: db.statementTimeoutMs(),
      stalls: { count: stalls.count, lastAt: stalls.lastAt === null ? null : new Date(stalls.lastAt).toISOString() },
      profileViews: profileViewCounts(db),
    });
  });
  app.get('/api/health/worker', workerHealth(db));
  let openapi: unknown;
  app.get('/api/openapi.json', (_req, res) => {
    openapi ??= buildOpenApiDocument(services);
    res.json(openapi);
  });

  const sessionResolver: ResolveSession = options.resolveSession ?? ((database, token, client) => authResolveSession(database, token, undefined, client));
  app.use('/api', memberReads.invalidateOnWrites(), refuseForeignWrites(env), resolveAuth(
      db,
      sessionResolver,
      sessions,
      // A custom resolver (tests) has its own notion of tokens: auth's tables may not even exist.
      options.explainSessionRefusal ?? (options.resolveSession ? undefined : explainSessionRefusal),
      cookieName,
    ));

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
  // A POST with an Idempotency-Key runs once; its retries replay the first answer (keys in the database).
  app.use('/api', idempotentWrites({ db, logger, knownRoute: (req) => routeAnswers(app, req) }));
  for (const service of inProcess) app.use(serviceRoutes(service, service.router(ctx)));
  app.use('/api', notFoundOrMethodNotAllowed(app));

  app.get(PROBLEM_TYPE_BASE, errorsPage());
  app.use(seoRoutes({ db, publicUrl: env.PUBLIC_URL }));
  const rootDir = options.rootDir ?? REPO_ROOT;
  // A page reads its session as /api does, through the same session cache (issue 41: the HTML
  // carries it, so the shell asks no one); why a token failed is not asked: a page says only "not signed in".
  const readPageSession = resolveAuth(db, sessionResolver, sessions, undefined, cookieName);
  const renderPage = pageRenderer({
    db,
    logger,
    publicUrl: env.PUBLIC_URL,
    registry,
    preloadsOf: remotePreloader(rootDir, registry),
    landingSlide: landingSlideReader(rootDir),
    billingProvider: billingProviderName(env),
  });
  mountStatic(app, rootDir, renderPage, { sourceMaps: isDevelopmentMode(env), readSession: readPageSession });
  app.use((req, _res, next) => next(problems.notFound(`Nothing is served at ${req.path}.`)));
  app.use(problemHandler(logger));
  return app;
}
