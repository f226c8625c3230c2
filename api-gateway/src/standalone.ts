// Runs ONE service as its own process with what the gateway would give it: every service's
// migrations (tables reference each other) and, for auth, the functions the gateway passes in.
// Usage: `node scripts/service.mjs <name>` or `tsx api-gateway/src/standalone.ts <name>`;
// then point the gateway at it with <NAME>_SERVICE_URL and the same INTERNAL_SERVICE_SECRET.
import { IncompleteConfiguration, runService } from '@vouch/service-core';
import { allMigrations, allServices } from './services';

async function main() {
  const name = process.argv[2];
  const service = allServices.find((s) => s.name === name);
  if (!service) {
    console.error(`Usage: standalone.ts <${allServices.map((s) => s.name).join('|')}>`);
    process.exit(2);
  }
  await runService(service, { migrations: allMigrations, handleSignals: true });
}

void main().catch((error: unknown) => {
  console.error(error instanceof IncompleteConfiguration ? error.message : error);
  process.exit(1);
});
