// The worker (worker/, `npm run worker`) as its own process beside a gateway, on SQLite and (with
// TEST_DATABASE_URL) MariaDB/MySQL: it stays up with nothing to do, turns an accept into the
// recipient's scores within the freshness bound in one run, stops cleanly, and while it
// recomputes a large network the gateway's event loop is as quiet as before.
import { monitorEventLoopDelay } from 'node:perf_hooks';
import type { Database } from '@vouch/service-core';
import { QueryTypes } from 'sequelize';
import { reputationRunState } from '@vouch/service-vouches/worker';
import { describeEachDatabase, GENEROUS_AUTH_LIMITS, newPhone, signIn, type Agent, type SignedInMember, type TestContext } from './support';
import { startWorkerProcess, stopWorkerProcess, type WorkerProcess } from './support/worker-process';

// Spawning tsx processes and signing members in is slow on a busy two-core machine.
jest.setTimeout(120_000);

/** docs/scaling.md: the recipient's scores are visible this long after an accept at most. */
const FRESHNESS_MS = 10_000;

/** The URL another process opens the suite's database with. */
function urlOf(db: Database): string {
  if (db.dialect === 'sqlite') return `sqlite:${(db.sequelize as unknown as { options: { storage: string } }).options.storage}`;
  const url = new URL(process.env.TEST_DATABASE_URL!);
  url.pathname = `/${db.sequelize.getDatabaseName()}`;
  return url.toString();
}

async function vouchAndAccept(from: SignedInMember, to: SignedInMember): Promise<void> {
  const body = { type: 'recommendation', recipientName: to.name, recipientPhone: to.phone, reason: 'We shipped together.', skills: 'Operations', characterTraits: null, accomplishments: null };
  const created = await from.agent.post('/api/vouches').send(body).expect(201);
  await to.agent.post('/api/vouches/accept').send({ vouchToken: created.body.vouchToken, action: 'accept' }).expect(200);
}

const user = async (agent: Agent) => (await agent.get('/api/user/profile').expect(200)).body.user;

/** Polls until `check` holds; resolves with the milliseconds it took, or rejects after `ms`. */
async function within(ms: number, check: () => Promise<boolean>): Promise<number> {
  const started = Date.now();
  while (!(await check())) {
    if (Date.now() - started > ms) throw new Error(`not within ${ms} ms`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return Date.now() - started;
}

describeEachDatabase(
  'the worker process beside a gateway',
  (t: TestContext) => {
    let worker: WorkerProcess;
    beforeAll(async () => {
      worker = await startWorkerProcess(urlOf(t.db), { WORKER_POLL_MS: '100', REPUTATION_RECOMPUTE_DELAY_MS: '200' });
    });
    afterAll(async () => {
      if (worker) await stopWorkerProcess(worker);
    });

    it('keeps running while no run is wanted (it does not exit once started)', async () => {
      await new Promise((resolve) => setTimeout(resolve, 1500));
      expect(worker.child.exitCode).toBeNull();
      expect(worker.child.signalCode).toBeNull();
    });

    it("an accept reaches the recipient's profile within the freshness bound, computed by the worker in one run", async () => {
      const [voucher, recipient] = [await signIn(t, ['Vera', 'Voucher']), await signIn(t, ['Remy', 'Recipient'])];
      const before = await reputationRunState(t.db);
      expect((await user(recipient.agent)).connectionsCount).toBe(0);

      await vouchAndAccept(voucher, recipient);
      // The accept counts the connection itself; the scores are the worker's.
      expect((await user(recipient.agent)).connectionsCount).toBe(1);
      expect((await user(voucher.agent)).connectionsCount).toBe(1);
      const took = await within(FRESHNESS_MS, async () => {
        const state = await reputationRunState(t.db);
        return state.runs > before.runs && state.doneSeq === state.requestedSeq;
      });
      expect(took).toBeLessThan(FRESHNESS_MS);
      const after = await reputationRunState(t.db);
      expect(after.runs).toBe(before.runs + 1);
      const seen = await user(recipient.agent);
      const [row] = await t.db.sequelize.query<{ reputation_score: number; vouch_score: number }>('SELECT reputation_score, vouch_score FROM members WHERE id = :id', { replacements: { id: seen.id }, type: QueryTypes.SELECT });
      expect([seen.reputationScore, seen.vouchScore]).toEqual([Number(row!.reputation_score), Number(row!.vouch_score)]);
      expect(after.doneSeq).toBe(after.requestedSeq);
      expect(after.leaseHolder).toBeNull();
    });

    it('stops on SIGTERM with exit code 0', async () => {
      expect(await stopWorkerProcess(worker)).toBe(0);
    });
  },
  { env: GENEROUS_AUTH_LIMITS },
);

/** Members and accepted vouches written straight into the tables: a network too big to sign in one by one. */
async function syntheticNetwork(db: Database, members: number, vouches: number): Promise<void> {
  const now = new Date().toISOString().slice(0, 23).replace('T', ' ');
  const { sequelize } = db;
  // One transaction, and on SQLite a page cache that holds the vouches' indexes (its default,
  // 2 MB, re-read pages for every row of random ids): 140,000 rows in ≈ 8 s here, not 27.
  const insert = (sql: string, rows: unknown[][]) =>
    db.transaction(async (transaction) => {
      if (db.dialect === 'sqlite') await sequelize.query('PRAGMA cache_size = -65536', { transaction });
      for (let i = 0; i < rows.length; i += 500) {
        const chunk = rows.slice(i, i + 500);
        await sequelize.query(`${sql} VALUES ${chunk.map((r) => `(${r.map(() => '?').join(', ')})`).join(', ')}`, { replacements: chunk.flat(), transaction });
      }
    });
  const first = 1_000_000; // far from the ids the API hands out
  await insert(
    'INSERT INTO members (id, phone, name, created_at, updated_at)',
    Array.from({ length: members }, (_, i) => [first + i, `+1646${String(2_000_000 + i)}`, `Member ${i}`, now, now]),
  );
  let seed = 7;
  const next = () => (seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31) % members;
  await insert(
    'INSERT INTO vouches (type, status, token, voucher_id, recipient_name, recipient_phone, recipient_id, reason, skills, created_at, accepted_at, responded_at, expires_at)',
    Array.from({ length: vouches }, (_, i) => {
      const [voucher, recipient] = [next(), next()];
      return ['recommendation', 'accepted', `synthetic${i}`, first + voucher, 'Member', `+1646${String(2_000_000 + recipient)}`, first + recipient, 'Colleague', 'Ops', now, now, now, now];
    }),
  );
}

describeEachDatabase(
  "a recompute of a large network and the gateway's event loop",
  (t: TestContext) => {
    it('the event loop is no slower while the worker recomputes than when it is quiet (p99 delay, as a ratio)', async () => {
      await syntheticNetwork(t.db, 20_000, 120_000);
      const worker = await startWorkerProcess(urlOf(t.db), { WORKER_POLL_MS: '100', REPUTATION_RECOMPUTE_DELAY_MS: '0' });
      try {
        const reader = await signIn(t, ['Quinn', 'Reader']);
        /** The gateway's p99 event-loop delay while it answers profile reads, until `until` resolves. */
        const delayWhile = async (until: Promise<unknown>) => {
          const histogram = monitorEventLoopDelay({ resolution: 5 });
          let done = false;
          void until.finally(() => (done = true));
          histogram.enable();
          let reads = 0;
          while (!done) {
            await reader.agent.get('/api/user/profile').expect(200);
            reads += 1;
          }
          histogram.disable();
          return { p99: histogram.percentile(99) / 1e6, reads };
        };
        const quiet = await delayWhile(new Promise((resolve) => setTimeout(resolve, 2000)));

        const before = await reputationRunState(t.db);
        const [voucher, recipient] = [await signIn(t, ['Vic', 'Voucher']), await signIn(t, ['Ria', 'Recipient'])];
        await voucher.agent
          .post('/api/vouches')
          .send({ type: 'recommendation', recipientName: recipient.name, recipientPhone: newPhone(), reason: 'Ran a team with me.', skills: 'Ops', characterTraits: null, accomplishments: null })
          .expect(201);
        await vouchAndAccept(voucher, recipient);
        const busy = await delayWhile(within(60_000, async () => (await reputationRunState(t.db)).runs > before.runs));

        const run = await reputationRunState(t.db);
        expect(run.lastMembers).toBeGreaterThanOrEqual(20_000);
        // The run is long enough that doing it on the gateway's loop would show many times over.
        expect(run.lastFinishedAt! - run.lastStartedAt!).toBeGreaterThan(300);
        expect(busy.reads).toBeGreaterThan(0);
        expect(busy.p99 / quiet.p99).toBeLessThan(5);
      } finally {
        await stopWorkerProcess(worker);
      }
    });
  },
  { env: GENEROUS_AUTH_LIMITS },
);
