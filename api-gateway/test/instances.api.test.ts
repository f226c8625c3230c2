// Several gateway instances behind one database (docs/deployment.md, docs/scaling.md): two real
// gateway processes on different ports serve the same members, and one worker computes for both. Sessions, sign-in rate limits and plan quotas live
// in the database, so they hold across instances. Runs on a shared SQLite file and, when
// TEST_DATABASE_URL is set, on a fresh MariaDB/MySQL database.
import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import supertest from 'supertest';
import { openDatabase } from '@vouch/service-core';
import { QueryTypes } from 'sequelize';
import { reputationRunState } from '@vouch/service-vouches/worker';
import { REPO_ROOT } from '../src';
import { freePort } from './support/gateway-process';
import { processDatabases, type ProcessDatabase } from './support/process-databases';
import { trustProxySetting } from '../src/app';
import { newPhone } from './support';
import { startWorkerProcess, stopProcess, stopWorkerProcess, type WorkerProcess } from './support/worker-process';

/** The cache lifetime the instances run with: a sign-out elsewhere reaches their reads within it. */
const SESSION_CACHE_SECONDS = 1;
const SEND_LIMIT_PER_PHONE = 3;
const SEND_LIMIT_PER_IP = 4;
const FREE_VOUCHES_PER_MONTH = 15;
/** The worker waits this long after a burst's first accept, so the accepts below share one run. */
const RECOMPUTE_DELAY_MS = 3000;
/** docs/scaling.md: the recipient's scores are visible this long after an accept at most. */
const FRESHNESS_MS = 10_000;

interface Instance {
  url: string;
  child: ChildProcess;
  stderr: string[];
}

/** One gateway as `npm start` runs it (without the web build), in its own process. */
async function startInstance(databaseUrl: string): Promise<Instance> {
  const port = await freePort();
  const child = spawn(process.execPath, ['--import', 'tsx', path.join(REPO_ROOT, 'api-gateway', 'src', 'server.ts')], {
    cwd: REPO_ROOT,
    env: {
      ...process.env,
      NODE_ENV: 'test',
      LOG_LEVEL: 'warn',
      PORT: String(port),
      HOST: '127.0.0.1',
      DATABASE_URL: databaseUrl,
      OTP_SECRET: 'instances-test-secret', // every instance must share it: codes are checked wherever they arrive
      SESSION_CACHE_SECONDS: String(SESSION_CACHE_SECONDS),
      AUTH_OTP_SEND_LIMIT_PER_PHONE: String(SEND_LIMIT_PER_PHONE),
      AUTH_OTP_SEND_LIMIT_PER_IP: String(SEND_LIMIT_PER_IP),
      AUTH_OTP_VERIFY_LIMIT_PER_IP: '1000',
      // The load balancer on this machine: X-Forwarded-For from loopback names the client.
      TRUST_PROXY: 'loopback',
    },
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  const stderr: string[] = [];
  child.stderr!.on('data', (chunk: Buffer) => stderr.push(chunk.toString()));
  const url = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 90_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`gateway exited with ${child.exitCode}: ${stderr.join('')}`);
    try {
      if ((await fetch(`${url}/api/health`)).ok) return { url, child, stderr };
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  child.kill('SIGKILL');
  throw new Error(`gateway did not answer within 90 s: ${stderr.join('')}`);
}

/** SIGTERM (graceful shutdown); resolves with the exit code. */
const stopInstance = (instance: Instance) => stopProcess(instance.child);

for (const { label, create: makeDatabase } of processDatabases('instances')) {
  describe(`two gateway instances on one database [${label}]`, () => {
    let database: ProcessDatabase;
    let a: Instance;
    let b: Instance;
    let worker: WorkerProcess;
    const onA = () => supertest(a.url);
    const onB = () => supertest(b.url);

    beforeAll(async () => {
      database = await makeDatabase();
      if (database.label === 'mysql') {
        // Both start at the same moment on an empty database: their migrations take turns.
        [a, b] = await Promise.all([startInstance(database.url), startInstance(database.url)]);
      } else {
        // SQLite: one process migrates first; the second starts on a migrated file (a rolling start).
        a = await startInstance(database.url);
        b = await startInstance(database.url);
      }
      worker = await startWorkerProcess(database.url, { WORKER_POLL_MS: '100', REPUTATION_RECOMPUTE_DELAY_MS: String(RECOMPUTE_DELAY_MS) });
    }, 180_000);

    afterAll(async () => {
      if (worker) await stopWorkerProcess(worker);
      await Promise.all([a, b].filter(Boolean).map(stopInstance));
      await database?.dispose();
    }, 60_000);

    /** Signs a new member in on `instance` (code from that instance's outbox); returns the cookie. */
    let clients = 0;
    async function signInOn(instance: () => ReturnType<typeof supertest>, firstName: string): Promise<{ cookie: string; phone: string }> {
      const phone = newPhone();
      clients += 1; // each member from its own address, so sign-ins do not spend one per-IP limit
      const { attemptId } = (await instance().post('/api/auth/request-otp').set('X-Forwarded-For', `192.0.2.${clients}`).send({ phone }).expect(200)).body;
      const outbox = await instance().get('/api/dev/sms-outbox').expect(200);
      const otp = (outbox.body.messages as { to: string; code: string }[]).find((m) => m.to === phone)!.code;
      const verified = await instance()
        .post('/api/auth/verify-otp')
        .set('X-Forwarded-For', `192.0.2.${clients}`)
        .set('User-Agent', 'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Safari/537.36')
        .send({ phone, otp, attemptId })
        .expect(200);
      const cookie = (verified.headers['set-cookie'] as unknown as string[]).find((c) => c.startsWith('vouch_session='))!.split(';')[0]!;
      await instance().post('/api/auth/complete-registration').set('Cookie', cookie).send({ firstName, lastName: 'Instances' }).expect(201);
      return { cookie, phone };
    }

    const recommendation = (i: number) => ({
      type: 'recommendation',
      recipientName: `Colleague ${i}`,
      recipientPhone: newPhone(),
      reason: 'We ran the on-call rotation together.',
      characterTraits: 'Calm',
      skills: 'Operations',
      accomplishments: null,
    });

    it('a session made on one instance works on the other', async () => {
      const { cookie, phone } = await signInOn(onA, 'Ada');
      const profile = await onB().get('/api/user/profile').set('Cookie', cookie).expect(200);
      expect(profile.body.user).toMatchObject({ phone, name: 'Ada Instances' });
      // And a write: a vouch made through B is listed by A.
      const made = await onB().post('/api/vouches').set('Cookie', cookie).send(recommendation(1)).expect(201);
      const mine = await onA().get('/api/vouches/my').set('Cookie', cookie).expect(200);
      expect(mine.body.map((v: { id: number }) => v.id)).toEqual([made.body.id]);
    });

    it('an Idempotency-Key holds across both instances: 20 requests at once, split over A and B, write one vouch', async () => {
      const { cookie } = await signInOn(onA, 'Ida');
      const body = recommendation(3);
      const key = `instances-${Date.now()}`;
      const answers = await Promise.all(
        Array.from({ length: 20 }, (_, i) => (i % 2 === 0 ? onA : onB)().post('/api/vouches').set('Cookie', cookie).set('Idempotency-Key', key).send(body)),
      );
      const created = answers.filter((res) => res.status === 201);
      expect(answers.filter((res) => res.status !== 201).every((res) => res.status === 409 && res.body.code === 'IDEMPOTENCY_IN_PROGRESS')).toBe(true);
      expect(new Set(created.map((res) => res.body.id)).size).toBe(1);
      const mine = await onB().get('/api/vouches/my').set('Cookie', cookie).expect(200);
      expect(mine.body.filter((v: { recipientName: string }) => v.recipientName === body.recipientName)).toHaveLength(1);
      // Later, either instance replays it.
      const replayed = await onB().post('/api/vouches').set('Cookie', cookie).set('Idempotency-Key', key).send(body).expect(201);
      expect(replayed.headers['idempotent-replayed']).toBe('true');
    });

    it('after a sign-out on one instance, the other refuses the session (writes at once, reads within the cache lifetime)', async () => {
      const { cookie } = await signInOn(onA, 'Grace');
      await onB().get('/api/user/profile').set('Cookie', cookie).expect(200); // B now remembers the session
      await onA().post('/api/auth/logout').set('Cookie', cookie).send({}).expect(200);

      await onA().get('/api/user/profile').set('Cookie', cookie).expect(401); // the signing-out instance: at once
      const write = await onB().post('/api/vouches').set('Cookie', cookie).send(recommendation(2)).expect(401); // writes always read the database
      expect(write.body.detail).toBe('Not authenticated');
      await new Promise((resolve) => setTimeout(resolve, SESSION_CACHE_SECONDS * 1000 + 100));
      const read = await onB().get('/api/user/profile').set('Cookie', cookie).expect(401);
      expect(read.body.detail).toBe('Not authenticated');
    });

    it('sessions made on either instance are listed on both; signing out everywhere else on A ends the one on B at once', async () => {
      const { cookie, phone } = await signInOn(onA, 'Sal');
      // The same member signs in on their phone's app through B.
      const { attemptId } = (await onB().post('/api/auth/request-otp').set('X-Forwarded-For', '198.18.7.9').send({ phone }).expect(200)).body;
      const outbox = await onB().get('/api/dev/sms-outbox').expect(200);
      const otp = (outbox.body.messages as { to: string; code: string }[]).find((m) => m.to === phone)!.code;
      const app = await onB().post('/api/auth/verify-otp').set('X-Forwarded-For', '198.18.7.9').set('User-Agent', 'Vouch/2.4.1 (iPhone; iOS 17.5)').send({ phone, otp, attemptId, session: 'token' }).expect(200);
      const bearer = `Bearer ${app.body.token}`;

      const onBList = (await onB().get('/api/auth/sessions').set('Authorization', bearer).expect(200)).body;
      const onAList = (await onA().get('/api/auth/sessions').set('Cookie', cookie).expect(200)).body;
      expect(onBList.map((s: { device: string }) => s.device).sort()).toEqual(['Chrome on macOS', 'Vouch app on iPhone']);
      expect(onAList.map((s: { id: string }) => s.id).sort()).toEqual(onBList.map((s: { id: string }) => s.id).sort());
      expect(onBList.find((s: { current: boolean }) => s.current)).toMatchObject({ kind: 'app', place: '198.18.7.0/24' });
      expect(onAList.find((s: { current: boolean }) => s.current)).toMatchObject({ kind: 'browser', device: 'Chrome on macOS' });

      await onB().get('/api/user/profile').set('Authorization', bearer).expect(200); // B now remembers the session
      expect((await onA().post('/api/auth/sessions/sign-out-others').set('Cookie', cookie).send({}).expect(200)).body).toEqual({ ended: 1 });
      const write = await onB().post('/api/vouches').set('Authorization', bearer).send(recommendation(4)).expect(401); // writes read the database: at once
      expect(write.body.code).toBe('SESSION_REVOKED');
      await new Promise((resolve) => setTimeout(resolve, SESSION_CACHE_SECONDS * 1000 + 100));
      expect((await onB().get('/api/user/profile').set('Authorization', bearer).expect(401)).body.code).toBe('SESSION_REVOKED');
      // The browser that did it goes on, alone in the list.
      const left = (await onB().get('/api/auth/sessions').set('Cookie', cookie).expect(200)).body;
      expect(left).toEqual([expect.objectContaining({ current: true, kind: 'browser' })]);
    });

    it('the per-phone code limit counts requests on both instances together', async () => {
      const phone = newPhone();
      const client = `198.51.100.${Math.floor(Math.random() * 200) + 1}`; // its own per-IP bucket
      const statuses: number[] = [];
      for (let i = 0; i < SEND_LIMIT_PER_PHONE + 2; i += 1) {
        const instance = i % 2 === 0 ? onA : onB;
        statuses.push((await instance().post('/api/auth/request-otp').set('X-Forwarded-For', client).send({ phone })).status);
      }
      expect(statuses).toEqual([...Array<number>(SEND_LIMIT_PER_PHONE).fill(200), 429, 429]);
      const refused = await onA().post('/api/auth/request-otp').set('X-Forwarded-For', client).send({ phone });
      expect(refused.status).toBe(429);
      expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    });

    it('the per-IP code limit follows X-Forwarded-For from the trusted proxy, across both instances', async () => {
      const client = '203.0.113.7';
      const statuses: number[] = [];
      for (let i = 0; i < SEND_LIMIT_PER_IP + 1; i += 1) {
        const instance = i % 2 === 0 ? onB : onA;
        statuses.push((await instance().post('/api/auth/request-otp').set('X-Forwarded-For', client).send({ phone: newPhone() })).status);
      }
      expect(statuses).toEqual([...Array<number>(SEND_LIMIT_PER_IP).fill(200), 429]);
      // Another client behind the same proxy has its own limit.
      await onA().post('/api/auth/request-otp').set('X-Forwarded-For', '203.0.113.8').send({ phone: newPhone() }).expect(200);
    });

    it('a plan quota holds when concurrent vouches are split across both instances', async () => {
      const { cookie } = await signInOn(onB, 'Katherine'); // free plan: 15 vouches a month
      const attempts = FREE_VOUCHES_PER_MONTH + 5;
      const answers = await Promise.all(
        Array.from({ length: attempts }, (_, i) => (i % 2 === 0 ? onA : onB)().post('/api/vouches').set('Cookie', cookie).send(recommendation(i))),
      );
      const statuses = answers.map((res) => res.status).sort();
      expect(statuses).toEqual([...Array<number>(FREE_VOUCHES_PER_MONTH).fill(201), ...Array<number>(5).fill(402)]);
      const usage = await onA().get('/api/usage/current').set('Cookie', cookie).expect(200);
      expect(usage.body.vouches).toEqual({ used: FREE_VOUCHES_PER_MONTH, monthly: FREE_VOUCHES_PER_MONTH });
      const mine = await onB().get('/api/vouches/my').set('Cookie', cookie).expect(200);
      expect(mine.body).toHaveLength(FREE_VOUCHES_PER_MONTH);
    });

    it('one worker beside both: a burst of accepts on either instance is one run, and each recipient reads their scores on the other within the freshness bound', async () => {
      const { cookie: voucher } = await signInOn(onA, 'Vera');
      const recipients = await Promise.all([0, 1, 2, 3].map((i) => signInOn(i % 2 === 0 ? onA : onB, `Recipient${i}`)));
      const tokens: string[] = [];
      for (const [i, r] of recipients.entries()) {
        const made = await onA().post('/api/vouches').set('Cookie', voucher).send({ ...recommendation(i), recipientPhone: r.phone }).expect(201);
        tokens.push(made.body.vouchToken as string);
      }
      const db = await openDatabase(database.url);
      try {
        const before = await reputationRunState(db);
        expect(before.requestedSeq).toBe(before.doneSeq); // nothing wanted yet: vouches made, none accepted

        // Recipient i accepts on one instance and reads their profile on the other.
        const acceptOn = (i: number) => (i % 2 === 0 ? onA : onB);
        const readOn = (i: number) => (i % 2 === 0 ? onB : onA);
        await Promise.all(recipients.map((r, i) => acceptOn(i)().post('/api/vouches/accept').set('Cookie', r.cookie).send({ vouchToken: tokens[i], action: 'accept' }).expect(200)));
        const accepted = Date.now();
        // The accept itself counts the new connection: the other instance shows it at once.
        for (const [i, r] of recipients.entries()) {
          expect((await readOn(i)().get('/api/user/profile').set('Cookie', r.cookie).expect(200)).body.user.connectionsCount).toBe(1);
        }
        const voucherView = await onB().get('/api/user/profile').set('Cookie', voucher).expect(200);
        expect(voucherView.body.user.connectionsCount).toBe(recipients.length);
        // The scores follow from the worker, one run for the burst, within the freshness bound…
        let after = await reputationRunState(db);
        while (after.runs === before.runs || after.doneSeq !== after.requestedSeq) {
          expect(Date.now() - accepted).toBeLessThan(FRESHNESS_MS);
          await new Promise((resolve) => setTimeout(resolve, 100));
          after = await reputationRunState(db);
        }
        expect(after.runs).toBe(before.runs + 1);
        // …and each recipient reads on the other instance the scores that run wrote.
        for (const [i, r] of recipients.entries()) {
          const { user } = (await readOn(i)().get('/api/user/profile').set('Cookie', r.cookie).expect(200)).body;
          const [row] = await db.sequelize.query<{ reputation_score: number; vouch_score: number }>('SELECT reputation_score, vouch_score FROM members WHERE id = :id', { replacements: { id: user.id }, type: QueryTypes.SELECT });
          expect([user.reputationScore, user.vouchScore]).toEqual([Number(row!.reputation_score), Number(row!.vouch_score)]);
        }
      } finally {
        await db.close();
      }
    });

    it('an instance stops on SIGTERM with exit code 0 while the other keeps serving', async () => {
      const { cookie } = await signInOn(onA, 'Alan');
      expect(await stopInstance(b)).toBe(0);
      await onA().get('/api/user/profile').set('Cookie', cookie).expect(200);
    });
  });
}

describe('TRUST_PROXY (which X-Forwarded-For hops the gateway believes)', () => {
  it('reads a hop count, true/false, or addresses and subnets as Express takes them', () => {
    expect(trustProxySetting('1')).toBe(1);
    expect(trustProxySetting(' 2 ')).toBe(2);
    expect(trustProxySetting('true')).toBe(true);
    expect(trustProxySetting('false')).toBe(false);
    expect(trustProxySetting('loopback, 10.0.0.0/8')).toBe('loopback, 10.0.0.0/8');
  });
});
