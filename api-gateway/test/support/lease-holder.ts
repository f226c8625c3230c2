// A worker that takes the reputation lease and never finishes its run (its introduction facts
// never come), renewing the lease every third of it as any run does, until it is killed: the
// holder worker-coordination.api.test.ts kills. DATABASE_URL and LEASE_HOLDER from the environment.
import { openDatabase } from '@vouch/service-core';
import { runWantedReputation } from '@vouch/service-vouches/worker';

async function main() {
  const db = await openDatabase(process.env.DATABASE_URL);
  await runWantedReputation(db, { holder: process.env.LEASE_HOLDER ?? 'doomed', introductionFacts: () => new Promise(() => undefined) });
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
