// Runs the introductions service as its own process: `tsx services/introductions/src/server.ts` (PORT or
// INTRODUCTIONS_SERVICE_PORT; DATABASE_URL; INTERNAL_SERVICE_SECRET to trust the gateway's identity headers).
import { runService } from '@vouch/service-core';
import service from './service';

runService(service, { handleSignals: true }).catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
