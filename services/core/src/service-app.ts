import express, { type Express } from 'express';
import { DEFAULT_STATEMENT_TIMEOUT_MS, openDatabase, statementTimeoutSetting, type Database } from './database';
import { problemHandler } from './error-handler';
import { answerConditionalRequests, jsonBody, notFoundOrMethodNotAllowed, requestId, requestLogger, routeAnswers } from './http';
import { CORE_MIGRATIONS } from './dev-sms-outbox';
import { idempotentWrites } from './idempotency';
import { internalAuth, signedBody } from './internal-auth';
import { createLogger, type Logger } from './logger';
import { createMemberReadCache, memberReadCacheTtlMs } from './member-read-cache';
import { migrateUnlessStopped, runMigrations, type Migration } from './migrations';
import { isDevelopmentMode, missingSetting, modeProblems, refuseIncompleteConfig } from './runtime-mode';
import { Problem, problems } from './problems';
import { listen, type Listening } from './server';
import type { ServiceContext, ServiceDefinition } from './service';

/**
 * One service as its own Express app, with the same middleware and errors the gateway uses.
 * Identity and the client's address come only from the gateway's signed headers
 * (INTERNAL_SERVICE_SECRET), which also bind the body and are good for one request.
 */
export function createServiceApp(definition: ServiceDefinition, ctx: ServiceContext): Express {
  const app = express();
  app.disable('x-powered-by');
  // A matching If-None-Match is a 304 even with Cache-Control: no-cache (what fetch sends).
  answerConditionalRequests(app);
  // The client's address is the one the gateway signed (internalAuth); X-Forwarded-For is not believed.
  app.set('trust proxy', false);
  app.use(requestId());
  app.use(requestLogger(ctx.logger));
  app.get('/healthz', async (_req, res) => {
    await checkDatabase(ctx.db);
    res.json({ status: 'ok', service: definition.name, database: 'ok' });
  });
  app.use(internalAuth(ctx.env.INTERNAL_SERVICE_SECRET, ctx.logger));
  if (ctx.memberReads) app.use(ctx.memberReads.invalidateOnWrites());
  app.use(jsonBody());
  app.use(signedBody());
  // The gateway streams a proxied service's body through unparsed: the service checks the key itself.
  app.use(idempotentWrites({ db: ctx.db, logger: ctx.logger, knownRoute: (req) => routeAnswers(app, req) }));
  app.use(definition.router(ctx));
  app.use(notFoundOrMethodNotAllowed(app));
  app.use(problemHandler(ctx.logger));
  return app;
}

const inFlight = new WeakMap<Database, Promise<void>>();

/**
 * `SELECT 1` within `timeoutMs`, else a 503 problem; and a 503 while the database is stalled: a
 * statement of this process was stopped by the statement timeout (or a lock wait, the busy
 * timeout, the pool's wait) within the last statement timeout. `SELECT 1` alone passes while a
 * table is locked and every request on it waits: a load balancer must see that instance as not
 * ready. One statement stopped once fails one probe at most (a balancer takes an instance out
 * after several); a stall fails every probe until the statements go through again.
 * Concurrent checks share one query (single flight): a health endpoint under load must not
 * become the database's main load.
 */
export function checkDatabase(db: Database, timeoutMs = 2_000): Promise<void> {
  const running = inFlight.get(db);
  if (running) return running;
  const check = pingDatabase(db, timeoutMs).finally(() => inFlight.delete(db));
  inFlight.set(db, check);
  return check.then(() => refuseWhileStalled(db, Date.now()));
}

function refuseWhileStalled(db: Database, now: number): void {
  const { lastAt } = db.stalls();
  const windowMs = Math.max(1_000, db.statementTimeoutMs() || DEFAULT_STATEMENT_TIMEOUT_MS);
  if (lastAt === null || now - lastAt >= windowMs) return;
  const ago = Math.max(0, (now - lastAt) / 1000).toFixed(1);
  throw problems.serviceUnavailable(`The database is stalled: a statement was stopped after waiting too long ${ago} s ago (statement timeout ${windowMs / 1000} s).`, Math.ceil(windowMs / 1000));
}

async function pingDatabase(db: Database, timeoutMs: number): Promise<void> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(problems.serviceUnavailable('The database did not answer in time.')), timeoutMs);
  });
  try {
    await Promise.race([db.sequelize.query('SELECT 1', { logging: false }), timeout]);
  } catch (error) {
    throw error instanceof Problem ? error : problems.serviceUnavailable('The database is unavailable.');
  } finally {
    clearTimeout(timer);
  }
}

/** Outside development mode: the shared secret (else every signed identity is refused) and the service's own settings. */
function standaloneConfigProblems(definition: ServiceDefinition, env: NodeJS.ProcessEnv): string[] {
  const secret = env.INTERNAL_SERVICE_SECRET ? [] : [missingSetting('INTERNAL_SERVICE_SECRET', 'the secret the gateway signs every forwarded request with (the same value on both).')];
  return [...modeProblems(env), ...secret, ...(definition.checkConfig?.(env) ?? [])];
}

export interface RunServiceOptions {
  env?: NodeJS.ProcessEnv;
  /** Default `<NAME>_SERVICE_PORT`, else `PORT`, else 0 (an ephemeral port). */
  port?: number;
  host?: string;
  /** Migrations to apply at start (default: the service's own and core's idempotency keys). */
  migrations?: Migration[];
  db?: Database;
  logger?: Logger;
  handleSignals?: boolean;
}

/**
 * Runs one service as its own HTTP process: opens DATABASE_URL, migrates, listens, and shuts
 * down gracefully on SIGTERM. `tsx services/<name>/src/server.ts` calls this.
 */
export async function runService(definition: ServiceDefinition, options: RunServiceOptions = {}): Promise<Listening & { db: Database }> {
  const env = options.env ?? process.env;
  if (!isDevelopmentMode(env)) refuseIncompleteConfig(env, standaloneConfigProblems(definition, env));
  const logger = options.logger ?? createLogger({ env, name: `service-${definition.name}` });
  const db = options.db ?? (await openDatabase(env.DATABASE_URL, { statementTimeoutMs: statementTimeoutSetting(env) }));
  const ownsDb = !options.db;
  const migrations = options.migrations ?? [...CORE_MIGRATIONS, ...definition.migrations];
  if (options.handleSignals) {
    // As the gateway: a stop asked for while migrating waits for the migration in progress, then exits 0.
    if ((await migrateUnlessStopped(db, migrations, logger)).stoppedBy) {
      if (ownsDb) await db.close();
      process.exit(0);
    }
  } else await runMigrations(db, migrations);
  // Writes answered by another service's process reach this one's cached reads within the cache's lifetime.
  const memberReads = createMemberReadCache({ ttlMs: memberReadCacheTtlMs(env) });
  const app = createServiceApp(definition, { db, logger, env, memberReads });
  const port = options.port ?? Number(env[`${definition.name.toUpperCase()}_SERVICE_PORT`] ?? env.PORT ?? 0);
  const listening = await listen(app, {
    port,
    host: options.host,
    logger,
    handleSignals: options.handleSignals ?? false,
    onClose: ownsDb ? () => db.close() : undefined,
  });
  logger.info({ url: listening.url }, `service ${definition.name} listening`);
  return { ...listening, db };
}
