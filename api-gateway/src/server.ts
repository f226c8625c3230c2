// `npm start` runs this compiled (api-gateway/dist/server.js, scripts/build-server.mjs), `npm run dev`
// through tsx: open the database, migrate every service, serve on PORT.
import { createLogger, listen, openDatabase, parseDatabaseUrl, runMigrations } from '@vouch/service-core';
import { createApp } from './app';
import { allMigrations } from './services';

async function main() {
  const env = process.env;
  const logger = createLogger({ env, name: 'gateway' });
  const target = parseDatabaseUrl(env.DATABASE_URL);
  logger.info({ database: target.dialect === 'sqlite' ? target.storage : 'mysql' }, 'opening database');
  const db = await openDatabase(env.DATABASE_URL);
  await runMigrations(db, allMigrations);
  const app = createApp({ db, env, logger });
  const port = Number(env.PORT ?? 3000);
  await listen(app, { port, host: env.HOST, logger, handleSignals: true, onClose: () => db.close() });
  logger.info(`Vouch is listening on http://localhost:${port}`);
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  if (error instanceof Error && error.stack) console.error(error.stack);
  process.exit(1);
});
