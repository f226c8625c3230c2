// Several workers on one database run the reputation model once per burst of requests, through
// the lease row. Workers run in-process here; worker.api.test.ts spawns the real one. A worker
// killed while it holds the lease is replaced within seconds (issue 42): processes of their own.
import { spawn } from 'node:child_process';
import path from 'node:path';
import { createLogger } from '@vouch/service-core';
import { requestReputationRecompute } from '@vouch/service-vouches';
import { DEFAULT_LEASE_MS, reputationRunState } from '@vouch/service-vouches/worker';
import { readWorkerConfig, startWorker, type RunningWorker } from '@vouch/worker';
import { REPO_ROOT } from '../src';
import { describeEachDatabase, type TestContext } from './support';
import { startWorkerProcess, stopWorkerProcess, type WorkerProcess } from './support/worker-process';

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

describeEachDatabase('a worker killed while it holds the lease', (t: TestContext) => {
  it('is replaced within 10 s: its lease ends at most REPUTATION_LEASE_MS after its last renewal, and a standby worker runs the wanted run', async () => {
    await requestReputationRecompute(t.db);
    const holder = spawn(process.execPath, ['--import', 'tsx', path.join(REPO_ROOT, 'api-gateway', 'test', 'support', 'lease-holder.ts')], {
      cwd: REPO_ROOT,
      env: { ...process.env, DATABASE_URL: t.databaseUrl, LEASE_HOLDER: 'doomed-holder' },
      stdio: 'ignore',
    });
    const gone = new Promise((resolve) => holder.once('exit', resolve));
    // The standby starts once the holder has the lease: started together, either could take it
    // first, and a standby that did would run the wanted run and leave the holder nothing to hold.
    let standby: WorkerProcess | undefined;
    try {
      const deadline = Date.now() + 60_000;
      while ((await reputationRunState(t.db)).leaseHolder !== 'doomed-holder') {
        if (Date.now() > deadline) throw new Error('the holder never took the lease');
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
      standby = await startWorkerProcess(t.databaseUrl);
      // Held and renewed: the standby, polling all along, cannot run meanwhile.
      await new Promise((resolve) => setTimeout(resolve, DEFAULT_LEASE_MS / 2));
      const held = await reputationRunState(t.db);
      expect(held.leaseHolder).toBe('doomed-holder');
      expect(held.doneSeq).toBeLessThan(held.requestedSeq);

      holder.kill('SIGKILL');
      const killedAt = Date.now();
      await gone;
      const { leaseUntil, requestedSeq } = await reputationRunState(t.db);
      expect(leaseUntil).toBeLessThanOrEqual(killedAt + DEFAULT_LEASE_MS);
      // Taken over: the standby ran the wanted run (scores move again), within 10 s of the kill.
      for (;;) {
        const state = await reputationRunState(t.db);
        if (state.doneSeq >= requestedSeq && state.leaseHolder === null) break;
        if (Date.now() - killedAt > 10_000) throw new Error(`not taken over within 10 s: ${JSON.stringify(state)}`);
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
    } finally {
      holder.kill('SIGKILL');
      if (standby) await stopWorkerProcess(standby);
    }
  }, 120_000);
});
