// Several workers on one database run the reputation model once per burst of requests, through
// the lease row. Workers run in-process here; worker.api.test.ts spawns the real one.
import { createLogger } from '@vouch/service-core';
import { requestReputationRecompute } from '@vouch/service-vouches';
import { reputationRunState } from '@vouch/service-vouches/worker';
import { readWorkerConfig, startWorker, type RunningWorker } from '@vouch/worker';
import { describeEachDatabase, type TestContext } from './support';

const logger = createLogger({ level: 'silent' });

async function untilSettled(t: TestContext): Promise<void> {
  const deadline = Date.now() + 20_000;
  for (;;) {
    const state = await reputationRunState(t.db);
    if (state.doneSeq === state.requestedSeq && state.leaseHolder === null) return;
    if (Date.now() > deadline) throw new Error(`runs did not settle: ${JSON.stringify(state)}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/** A burst of `n` requests, as n accepts on several gateways would make. */
const burst = (t: TestContext, n: number) => Promise.all(Array.from({ length: n }, () => requestReputationRecompute(t.db)));

describeEachDatabase('two workers coordinated by the lease row', (t: TestContext) => {
  let workers: RunningWorker[] = [];
  beforeAll(async () => {
    // The burst must land within the delay: 2 s leaves room for a loaded CI database to open
    // the pool's connections for three concurrent UPDATEs (at 500 ms one burst once became two runs).
    const config = readWorkerConfig({ WORKER_POLL_MS: '50', REPUTATION_RECOMPUTE_DELAY_MS: '2000' });
    workers = await Promise.all([0, 1].map(() => startWorker({ db: t.db, config, logger })));
  });
  afterAll(async () => {
    await Promise.all(workers.map((w) => w.close()));
  });

  it('a burst of requests is one run, covering all of them', async () => {
    const before = await reputationRunState(t.db);
    await burst(t, 8);
    await untilSettled(t);
    const after = await reputationRunState(t.db);
    expect(after.runs).toBe(before.runs + 1);
    expect(after.doneSeq).toBe(before.requestedSeq + 8);
  });

  it('a second burst later is a second run', async () => {
    const before = await reputationRunState(t.db);
    await burst(t, 3);
    await untilSettled(t);
    expect((await reputationRunState(t.db)).runs).toBe(before.runs + 1);
  });
});
