// `npm start` runs this compiled (api-gateway/dist/server.js, scripts/build-server.mjs), `npm run dev`
// through tsx: open the database, migrate every service, serve on PORT.
import { createLogger, IncompleteConfiguration, listen, migrateUnlessStopped, openDatabase, parseDatabaseUrl, refuseIncompleteConfig, statementTimeoutSetting } from '@vouch/service-core';
import { flushProfileViews, profileViewCounts } from '@vouch/service-vouches';
import { createApp, productionConfigProblems } from './app';
import { allMigrations, allServices } from './services';

async function main() {
  const env = process.env;
  // Before the database is touched: an incomplete production configuration names what is missing.
  refuseIncompleteConfig(env, productionConfigProblems(env, allServices));
  const logger = createLogger({ env, name: 'gateway' });
  const target = parseDatabaseUrl(env.DATABASE_URL);
  logger.info({ database: target.dialect === 'sqlite' ? target.storage : 'mysql' }, 'opening database');
  // A stalled database answers 503 within the statement timeout instead of holding requests (docs/deployment.md).
  const db = await openDatabase(env.DATABASE_URL, { statementTimeoutMs: statementTimeoutSetting(env) });
  // A stop asked for while migrating (a deploy that gives up, Ctrl-C) waits for the migration in progress, then exits 0.
  if ((await migrateUnlessStopped(db, allMigrations, logger)).stoppedBy) {
    // Nothing else was started: the process ends by itself, with 0 (under npm start too: the supervisor test).
    await db.close();
    return;
  }
  const app = createApp({ db, env, logger });
  const port = Number(env.PORT ?? 3000);
  const listening = await listen(app, { port, host: env.HOST, logger, handleSignals: true, onClose: async () => {
    // Profile views wait a few seconds in memory before they are written: write them first.
    await flushProfileViews(db).catch((error: unknown) => logger.error({ err: error, ...profileViewCounts(db) }, 'profile views not written before stopping: lost'));
    await db.close();
  } });
  logger.info(`Vouch is listening on http://localhost:${new URL(listening.url).port}`);
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  if (error instanceof Error && error.stack && !(error instanceof IncompleteConfiguration)) console.error(error.stack);
  process.exit(1);
});
