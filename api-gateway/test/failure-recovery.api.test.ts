// Failures that lose nothing (issue 42), each as an operator meets it on a running instance:
// - the product's database connections dropped mid-traffic (MariaDB KILL CONNECTION; on SQLite a
//   writer of another process holding the file): no acknowledged view or write is lost, and the
//   profile views whose write failed are written by the buffer's own retry;
// - an accept that committed answers its success when the connection is lost right after the
//   commit, and a replay of its Idempotency-Key gets that answer; so do the other writes whose
//   answer was read after their commit (an introduction agreed, a request cancelled, a suggestion
//   made or accepted, an ask declined), and a registration whose profile could not be made then;
// - a request that failed before its commit lets its key go even when the database refuses the
//   release at first, so its retry runs instead of hearing "in progress" for a minute;
// - a table locked for long: 503 with Retry-After once the statement timeout passes (never a
//   request held for as long as the lock: each refusal within the timeout and a second), /api/health
//   503 meanwhile, both well again after;
// - profile views beyond the buffer's bound: dropped and counted in /api/health (the retries and
//   their end, without a database: services/vouches/test/profile-views.test.ts).
// Signals, the supervisor and a dead worker: supervisor.process.api.test.ts; a dead lease holder:
// worker-coordination.api.test.ts.
import supertest from 'supertest';
import { openDatabase, type Database } from '@vouch/service-core';
import { flushProfileViews, profileViewCounts } from '@vouch/service-vouches';
import { reputationRunState } from '@vouch/service-vouches/worker';
import { countProfileView, PROFILE_VIEW_MAX_WAITING } from '@vouch/service-vouches/testing';
import { createApp } from '../src';
import { describeEachDatabase, GENEROUS_AUTH_LIMITS, latestCode, newPhone, signIn, vouchAndAccept, type SignedInMember, type SignInTarget, type TestContext } from './support';
import { DatabaseRelay, killConnections, serverAdmin, threadsOf } from './support/database-faults';
import { until } from './support/until';

jest.setTimeout(120_000);

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const testEnv = { ...process.env, NODE_ENV: 'test', ...GENEROUS_AUTH_LIMITS };
const target = (app: ReturnType<typeof createApp>): SignInTarget => ({ request: supertest(app), agent: () => supertest.agent(app) });


/**
 * Sends `send()` again while the answer is 409 IDEMPOTENCY_IN_PROGRESS, after its Retry-After, as a
 * client does (10 times at most); the last answer.
 */
async function whileInProgress(send: () => supertest.Test): Promise<supertest.Response> {
  let res = await send();
  for (let tries = 0; res.status === 409 && res.body.code === 'IDEMPOTENCY_IN_PROGRESS' && tries < 10; tries += 1) {
    await sleep(Number(res.headers['retry-after']) * 1000);
    res = await send();
  }
  return res;
}

const databaseName = (url: string) => new URL(url).pathname.replace(/^\//, '');

/**
 * Holds a lock others' writes wait for until `release()`: on MariaDB `LOCK TABLES … WRITE` of
 * `tables` from a connection of its own (reads of them wait too); on SQLite another connection's
 * write transaction on the file (its writers wait, its readers do not).
 */
async function holdLock(t: TestContext, tables: string[]): Promise<{ release(): Promise<void> }> {
  let release!: () => void;
  const released = new Promise<void>((resolve) => (release = resolve));
  let locked!: () => void;
  const isLocked = new Promise<void>((resolve) => (locked = resolve));
  const other = t.dialect === 'mysql' ? (await serverAdmin(t.databaseUrl)).admin : await openDatabase(t.databaseUrl);
  const name = databaseName(t.databaseUrl);
  const held =
    t.dialect === 'mysql'
      ? // A transaction keeps one connection for LOCK and UNLOCK.
        other.sequelize.transaction(async (tx) => {
          await other.sequelize.query(`LOCK TABLES ${tables.map((table) => `\`${name}\`.\`${table}\` WRITE`).join(', ')}`, { transaction: tx });
          locked();
          await released;
          await other.sequelize.query('UNLOCK TABLES', { transaction: tx });
        })
      : other.transaction(async (tx) => {
          await other.sequelize.query("UPDATE reputation_runs SET runs = runs WHERE name = 'nothing'", { transaction: tx });
          locked();
          await released;
        });
  await Promise.race([isLocked, held]);
  return {
    async release() {
      release();
      await held;
      await other.close();
    },
  };
}

describeEachDatabase(
  'when the database fails under traffic',
  (t) => {
    afterEach(() => t.db.setStatementTimeout(0));

    it('profile views: no acknowledged view is lost when connections drop mid-traffic and flushes fail; the buffer writes them by itself once the database is back', async () => {
      // As a server runs (DATABASE_STATEMENT_TIMEOUT_MS), shorter: a stuck write fails in a second.
      t.db.setStatementTimeout(1_000);
      const owner = await signIn(t, ['Olga', 'Often-Viewed']);
      const writer = await signIn(t, ['Walt', 'Writer']);
      await writer.agent.post('/api/subscriptions/create').send({ plan: 'enterprise' }).expect(200);
      const slug = (await owner.agent.patch('/api/profile').send({ isPublic: true }).expect(200)).body.profile.profileSlug as string;
      await flushProfileViews(t.db);
      const admin = t.dialect === 'mysql' ? await serverAdmin(t.databaseUrl) : null;

      const statuses = new Map<number, number>();
      const count = (status: number) => statuses.set(status, (statuses.get(status) ?? 0) + 1);
      const viewers: string[] = [];
      const created: number[] = [];
      let next = 0;
      const views = (n: number) =>
        Promise.all(
          Array.from({ length: n }, async () => {
            const visitor = `visitor-${(next += 1)}`;
            const res = await t.request.get(`/api/profile/public/${slug}`).set('User-Agent', visitor);
            count(res.status);
            if (res.status === 200) viewers.push(visitor);
          }),
        );
      const writes = (n: number) =>
        Promise.all(
          Array.from({ length: n }, async () => {
            const res = await writer.agent.post('/api/vouches').send({ type: 'invite', recipientName: 'Ivy Invited', recipientPhone: newPhone() });
            count(res.status);
            if (res.status === 201) created.push(res.body.id as number);
          }),
        );
      /** The fault while requests are in flight: the product's connections killed, or the file's writer lock taken for a moment. */
      const faultMidTraffic = async () => {
        await until('some answers first', () => (statuses.size > 0 ? true : undefined));
        if (admin) {
          await killConnections(admin.admin, admin.name);
        } else {
          const lock = await holdLock(t, []);
          await sleep(300);
          await lock.release();
        }
      };
      /** A flush whose write fails: its connection killed while it waits on a locked table (MariaDB), or refused by another writer (SQLite). */
      const failingFlush = async () => {
        const lock = await holdLock(t, ['profile_views']);
        const flushing = flushProfileViews(t.db);
        if (admin) {
          await until('the flush to wait on the locked table', async () => ((await threadsOf(admin.admin, admin.name)).some((thread) => /INSERT IGNORE INTO profile_views/.test(thread.info ?? '')) ? true : undefined));
          await killConnections(admin.admin, admin.name, (thread) => /profile_views/.test(thread.info ?? ''));
        }
        await expect(flushing).rejects.toThrow();
        await lock.release();
      };

      try {
        for (let round = 0; round < 3; round += 1) {
          await Promise.all([views(12), writes(3), faultMidTraffic()]);
          await views(4);
          await failingFlush();
        }
        expect(profileViewCounts(t.db).waiting).toBeGreaterThan(0);
        // Nothing calls flush from here on: the buffer tries again by itself (after 1 s, 2 s, …).
        await until('the waiting views to be written', () => (profileViewCounts(t.db).waiting === 0 ? true : undefined));
      } finally {
        await admin?.admin.close();
      }

      expect(viewers.length).toBeGreaterThan(30);
      // Answers while the connections dropped: 503 at worst, never 500.
      expect([...statuses.keys()].filter((status) => status >= 500 && status !== 503)).toEqual([]);
      expect(profileViewCounts(t.db)).toMatchObject({ lost: 0, dropped: 0 });
      const counted = async () => (await owner.agent.get('/api/user/profile').expect(200)).body.user.profileViews as number;
      const [row] = await t.db.select<{ n: number }>('SELECT COUNT(*) AS n FROM profile_views WHERE member_id = ?', [owner.memberId]);
      const stored = Number(row?.n);
      expect(await counted()).toBe(stored);
      expect(stored).toBeGreaterThanOrEqual(viewers.length);
      // Every acknowledged viewer looks again: a view counts once a viewer a day, so if each one's
      // first view was stored, nothing changes.
      for (const visitor of viewers) await t.request.get(`/api/profile/public/${slug}`).set('User-Agent', visitor).expect(200);
      await flushProfileViews(t.db);
      expect(await counted()).toBe(stored);
      // The acknowledged writes of the same traffic are all there.
      const found = await t.db.select<{ id: number }>(`SELECT id FROM vouches WHERE voucher_id = ?`, [writer.memberId]);
      const ids = new Set(found.map((row) => Number(row.id)));
      expect(created.filter((id) => !ids.has(id))).toEqual([]);
    });

    it('health reports the profile views dropped beyond the bound while their writes fail', async () => {
      // The app on a database whose transactions fail (its reads work: health answers 200).
      const db: Database = { ...t.db, transaction: () => Promise.reject(new Error('connection lost')) };
      const app = createApp({ db, env: testEnv });
      for (let i = 0; i < PROFILE_VIEW_MAX_WAITING + 2; i += 1) countProfileView(db, 1, `viewer-${i}`, '2026-11-29');
      // 200 once the stalls of an earlier test are forgotten (a statement timeout after them).
      const health = await until('the health check to pass', async () => {
        const res = await supertest(app).get('/api/health');
        return res.status === 200 ? res : undefined;
      });
      expect(health.body.profileViews).toEqual({ waiting: PROFILE_VIEW_MAX_WAITING, lost: 0, dropped: 2 });
    });

    it('a table locked for long (4 statement timeouts): each request refused with 503 and Retry-After within the statement timeout and a second, /api/health 503 while it lasts, and both well again once it is released', async () => {
      const member = await signIn(t, ['Stella', 'Stalled']);
      await member.agent.post('/api/vouches').send({ type: 'invite', recipientName: 'Before Lock', recipientPhone: newPhone() }).expect(201);
      // Well to begin with (the stalls of an earlier test are forgotten after the statement timeout).
      await until('the health check to pass', async () => ((await t.request.get('/api/health')).status === 200 ? true : undefined));
      const timeoutMs = 1_000;
      // The bound on each refusal: the statement timeout, and a second for the rest of the request.
      const boundMs = timeoutMs + 1_000;
      // The lock outlasts several timeouts: a refusal comes at the timeout, not when the lock ends.
      const holdMs = 4 * timeoutMs;
      t.db.setStatementTimeout(timeoutMs);
      const lock = await holdLock(t, ['vouches']);
      const lockedAt = Date.now();
      /** Writes wait on both databases; on MariaDB, whose lock stops reads too, a read as well. Each answer with its time. */
      const stalledCalls = (writes: number) =>
        Promise.all(
          [
            ...Array.from({ length: writes }, () => member.agent.post('/api/vouches').send({ type: 'invite', recipientName: 'During Lock', recipientPhone: newPhone() })),
            ...(t.dialect === 'mysql' ? [member.agent.get('/api/vouches/my')] : []),
          ].map(async (call) => {
            const sentAt = Date.now();
            const res = await call;
            return { res, ms: Date.now() - sentAt };
          }),
        );
      const expectRefusedInTime = (answers: Awaited<ReturnType<typeof stalledCalls>>) => {
        for (const { res, ms } of answers) {
          expect(res.status).toBe(503);
          expect(res.headers['content-type']).toMatch(/^application\/problem\+json/);
          expect(Number(res.headers['retry-after'])).toBeGreaterThanOrEqual(1);
          expect(JSON.parse(res.text)).toMatchObject({ status: 503, code: 'UNAVAILABLE' });
          expect(ms).toBeLessThanOrEqual(boundMs);
        }
      };
      try {
        expectRefusedInTime(await stalledCalls(3));
        const health = await t.request.get('/api/health');
        expect(health.status).toBe(503);
        expect(health.headers['content-type']).toMatch(/^application\/problem\+json/);
        expect(health.headers['retry-after']).toBeDefined();
        expect(JSON.parse(health.text).detail).toMatch(/^The database is stalled/);
        // Later in the same lock, the same bound.
        await sleep(Math.max(0, lockedAt + holdMs - boundMs - Date.now()));
        expectRefusedInTime(await stalledCalls(1));
        // (A timer may fire a millisecond early by Date.now(): a little margin.)
        await sleep(Math.max(0, lockedAt + holdMs - Date.now()) + 20);
        expect(Date.now() - lockedAt).toBeGreaterThanOrEqual(holdMs);
      } finally {
        await lock.release();
      }
      await until('the health check to pass again', async () => ((await t.request.get('/api/health')).status === 200 ? true : undefined));
      await member.agent.post('/api/vouches').send({ type: 'invite', recipientName: 'After Lock', recipientPhone: newPhone() }).expect(201);
      const mine = (await member.agent.get('/api/vouches/my').expect(200)).body as { recipientName: string }[];
      // Nothing the refused requests tried was half-written.
      expect(mine.map((v) => v.recipientName).sort()).toEqual(['After Lock', 'Before Lock']);
    });

    if (t.dialect === 'mysql') {
      /**
       * `t.db` whose transactions, once `committed()` is true after one (read by the test's own
       * connection), are followed by every connection of the product killed: a commit, then a lost
       * connection. `fired` tells whether it happened.
       */
      const killedAfterCommit = async (committed: (admin: Database, name: string) => Promise<boolean>) => {
        const { admin, name } = await serverAdmin(t.databaseUrl);
        const state = { armed: false, fired: false };
        const db: Database = {
          ...t.db,
          async transaction(fn) {
            const result = await t.db.transaction(fn);
            if (state.armed && (await committed(admin, name))) {
              state.armed = false;
              state.fired = true;
              await killConnections(admin, name);
            }
            return result;
          },
        };
        return { db, state, close: () => admin.close() };
      };

      it('an accept whose connection is lost right after its commit answers the success, and a replay of its Idempotency-Key gets the same answer', async () => {
        let vouchId = 0;
        const fault = await killedAfterCommit(async (admin, name) => (await admin.select<{ status: string }>(`SELECT status FROM \`${name}\`.vouches WHERE id = ?`, [vouchId]))[0]?.status === 'accepted');
        const app = createApp({ db: fault.db, env: testEnv });
        try {
          const voucher = await signIn(target(app), ['Vera', 'Voucher']);
          const recipient = await signIn(target(app), ['Rex', 'Recipient']);
          const created = await voucher.agent.post('/api/vouches').send({ type: 'recommendation', recipientName: recipient.name, recipientPhone: recipient.phone, reason: 'We shipped together.', skills: 'TypeScript', characterTraits: null, accomplishments: null }).expect(201);
          const before = await reputationRunState(t.db);
          vouchId = created.body.id as number;
          fault.state.armed = true;
          const accept = () => recipient.agent.post('/api/vouches/accept').set('Idempotency-Key', 'accept-after-commit').send({ vouchToken: created.body.vouchToken, action: 'accept' });
          const first = await accept();
          expect(fault.state.fired).toBe(true);
          expect(first.status).toBe(200);
          expect(first.body).toMatchObject({ vouch: { id: created.body.id, status: 'accepted' }, vouchBack: { memberId: voucher.memberId, name: voucher.name } });
          // The accept asked for the scores' run in its own transaction.
          expect((await reputationRunState(t.db)).requestedSeq).toBe(before.requestedSeq + 1);

          // A client that lost the answer sends it again: the same answer, never "already responded".
          const replay = await whileInProgress(accept);
          expect(replay.status).toBe(200);
          expect(replay.headers['idempotent-replayed']).toBe('true');
          expect(replay.body).toEqual(first.body);
          expect((await recipient.agent.get('/api/user/profile').expect(200)).body.user.vouchesReceived).toBe(1);
        } finally {
          await fault.close();
        }
      });

      it('a profile edit whose connection is lost right after its commit answers the edited profile', async () => {
        let memberId = 0;
        const fault = await killedAfterCommit(async (admin, name) => (await admin.select<{ headline: string | null }>(`SELECT headline FROM \`${name}\`.profiles WHERE member_id = ?`, [memberId]))[0]?.headline === 'Staff engineer at Acme');
        const app = createApp({ db: fault.db, env: testEnv });
        try {
          const member = await signIn(target(app), ['Eda', 'Editor']);
          memberId = member.memberId;
          fault.state.armed = true;
          const res = await member.agent.patch('/api/profile').send({ headline: 'Staff engineer at Acme' });
          expect(fault.state.fired).toBe(true);
          expect(res.status).toBe(200);
          expect(res.body).toMatchObject({ profile: { headline: 'Staff engineer at Acme' }, user: { name: 'Eda Editor' } });
        } finally {
          await fault.close();
        }
      });

      /** One value read by the test's own connection, from the product's database. */
      const readOne = async (admin: Database, name: string, sql: string, values: unknown[]) => {
        const [row] = await admin.select<{ v: unknown }>(sql.replace(/\{db\}/g, `\`${name}\``), values);
        return row?.v;
      };

      /**
       * Through an app on `killedAfterCommit(committed)`: `setup` prepares (unarmed) and gives the
       * request; sent armed, it answers `status` although every connection was killed right after
       * its commit, and, with `replay`, a replay of its Idempotency-Key gets the same answer
       * (never the 409 a second run would give). The first answer.
       */
      const answersAfterCommit = async (
        committed: (admin: Database, name: string) => Promise<boolean>,
        setup: (app: ReturnType<typeof createApp>) => Promise<() => supertest.Test>,
        status: number,
        replay = true,
      ): Promise<supertest.Response> => {
        const fault = await killedAfterCommit(committed);
        const app = createApp({ db: fault.db, env: testEnv });
        try {
          const send = await setup(app);
          fault.state.armed = true;
          const first = await send();
          expect(fault.state.fired).toBe(true);
          expect({ status: first.status, body: first.body }).toMatchObject({ status });
          if (replay) {
            const again = await whileInProgress(send);
            expect(again.status).toBe(status);
            expect(again.headers['idempotent-replayed']).toBe('true');
            expect(again.body).toEqual(first.body);
          }
          return first;
        } finally {
          await fault.close();
        }
      };

      /** Once the row `id()` of `table` has this status. */
      const statusIs = (table: string, id: () => number, status: string) => async (admin: Database, name: string) =>
        (await readOne(admin, name, `SELECT status AS v FROM {db}.${table} WHERE id = ?`, [id()])) === status;

      describe('other writes whose connection is lost right after their commit answer the success, and a replay of the key the same', () => {
        /** Rita asks (2nd degree) and Ana, her 1°, suggests Ben, Ana's 1°. */
        const network = async (app: ReturnType<typeof createApp>) => {
          const [rita, ana, ben] = [await signIn(target(app), ['Rita', 'Requester']), await signIn(target(app), ['Ana', 'Ruiz']), await signIn(target(app), ['Ben', 'Lee'])];
          await vouchAndAccept(rita, ana);
          await vouchAndAccept(ana, ben);
          const requestId = (await rita.agent.post('/api/introduction-requests').send({ requestType: 'Hiring', desiredSkills: 'React', reason: 'A new team', context: null, degreeLevel: 2 }).expect(201)).body.id as number;
          return { rita, ana, ben, requestId };
        };
        const suggest = (ana: SignedInMember, ben: SignedInMember, requestId: number) => ana.agent.post('/api/introduction-suggestions').send({ requestId, suggestedPersonId: ben.memberId, reasoning: 'Ben led our React rewrite' });

        it('a suggestion made', async () => {
          let requestId = 0;
          const res = await answersAfterCommit(
            async (admin, name) => Number(await readOne(admin, name, 'SELECT COUNT(*) AS v FROM {db}.introduction_suggestions WHERE request_id = ?', [requestId])) === 1,
            async (app) => {
              const n = await network(app);
              requestId = n.requestId;
              return () => suggest(n.ana, n.ben, requestId).set('Idempotency-Key', 'suggest-after-commit');
            },
            201,
          );
          expect(res.body).toMatchObject({ requestId, suggestedPersonName: 'Ben Lee', connectorName: 'Ana Ruiz', status: 'pending_requestor', degreeLevel: 2 });
        });

        it('a suggestion accepted', async () => {
          let suggestionId = 0;
          const res = await answersAfterCommit(
            statusIs('introduction_suggestions', () => suggestionId, 'accepted'),
            async (app) => {
              const n = await network(app);
              suggestionId = (await suggest(n.ana, n.ben, n.requestId).expect(201)).body.id as number;
              return () => n.rita.agent.post(`/api/introduction-suggestions/${suggestionId}/accept`).set('Idempotency-Key', 'accept-suggestion-after-commit');
            },
            200,
          );
          expect(res.body).toMatchObject({ id: suggestionId, status: 'accepted', introduction: { status: 'awaiting_target' } });
        });

        it('an introduction agreed by its target', async () => {
          let introductionId = 0;
          const res = await answersAfterCommit(
            statusIs('introductions', () => introductionId, 'introduced'),
            async (app) => {
              const n = await network(app);
              const suggestionId = (await suggest(n.ana, n.ben, n.requestId).expect(201)).body.id as number;
              introductionId = (await n.rita.agent.post(`/api/introduction-suggestions/${suggestionId}/accept`).expect(200)).body.introduction.id as number;
              return () => n.ben.agent.post(`/api/introductions/${introductionId}/accept`).set('Idempotency-Key', 'agree-after-commit');
            },
            200,
          );
          expect(res.body).toMatchObject({ id: introductionId, role: 'target', status: 'introduced', requester: { name: 'Rita Requester' }, note: 'Ben led our React rewrite' });
        });

        it('a request cancelled', async () => {
          let requestId = 0;
          const res = await answersAfterCommit(
            statusIs('introduction_requests', () => requestId, 'cancelled'),
            async (app) => {
              const n = await network(app);
              requestId = n.requestId;
              await suggest(n.ana, n.ben, requestId).expect(201);
              return () => n.rita.agent.post(`/api/introduction-requests/${requestId}/cancel`).set('Idempotency-Key', 'cancel-after-commit');
            },
            200,
          );
          expect(res.body).toMatchObject({ id: requestId, status: 'cancelled', suggestionCount: 1, pendingSuggestionCount: 0 });
        });

        it('an ask for a vouch declined', async () => {
          let askId = 0;
          const res = await answersAfterCommit(
            statusIs('vouch_asks', () => askId, 'declined'),
            async (app) => {
              const [ann, bob] = [await signIn(target(app), ['Ann', 'Asker']), await signIn(target(app), ['Bob', 'Asked'])];
              await vouchAndAccept(ann, bob);
              askId = (await ann.agent.post('/api/vouch-asks').send({ memberId: bob.memberId }).expect(201)).body.id as number;
              return () => bob.agent.post(`/api/vouch-asks/${askId}/decline`).set('Idempotency-Key', 'decline-after-commit').send({});
            },
            200,
          );
          expect(res.body).toMatchObject({ id: askId, status: 'declined', asker: { name: 'Ann Asker' }, asked: { name: 'Bob Asked' } });
          expect(res.body.answeredAt).toEqual(expect.any(String));
        });

        /** Once a member with this phone committed. */
        const memberJoined = (phone: string) => async (admin: Database, name: string) => Number(await readOne(admin, name, 'SELECT COUNT(*) AS v FROM {db}.members WHERE phone = ?', [phone])) === 1;

        // No key is kept for these two (no member yet; verify-otp hands out a session): the first
        // answer is the success, where it was a 503 whose retry heard 409 ALREADY_REGISTERED (or a spent code).
        it('a registration (the names step): 201, the profile made later when it could not be made then', async () => {
          const phone = newPhone();
          let agent!: ReturnType<typeof supertest.agent>;
          const res = await answersAfterCommit(
            memberJoined(phone),
            async (app) => {
              agent = supertest.agent(app);
              const sent = await agent.post('/api/auth/request-otp').send({ phone }).expect(200);
              const otp = await latestCode(target(app), phone);
              expect((await agent.post('/api/auth/verify-otp').send({ phone, otp, attemptId: sent.body.attemptId }).expect(200)).body.isNewUser).toBe(true);
              return () => agent.post('/api/auth/complete-registration').send({ firstName: 'Nia', lastName: 'New' });
            },
            201,
            false,
          );
          expect(res.body.user).toMatchObject({ name: 'Nia New' });
          expect((await agent.get('/api/user/profile').expect(200)).body.user.name).toBe('Nia New');
          expect((await agent.patch('/api/profile').send({ headline: 'Here at last' }).expect(200)).body.profile.headline).toBe('Here at last');
        });

        it('a sign-in through a vouch link that makes the member: 200 with the session', async () => {
          const phone = newPhone();
          let agent!: ReturnType<typeof supertest.agent>;
          const res = await answersAfterCommit(
            memberJoined(phone),
            async (app) => {
              const voucher = await signIn(target(app), ['Val', 'Linker']);
              const vouchToken = (await voucher.agent.post('/api/vouches').send({ type: 'invite', recipientName: 'Lia Linked', recipientPhone: phone }).expect(201)).body.vouchToken as string;
              agent = supertest.agent(app);
              const sent = await agent.post('/api/auth/request-otp').send({ phone, vouchToken }).expect(200);
              const otp = await latestCode(target(app), phone);
              return () => agent.post('/api/auth/verify-otp').send({ phone, otp, attemptId: sent.body.attemptId, vouchToken });
            },
            200,
            false,
          );
          expect(res.body).toMatchObject({ isNewUser: true });
          expect((await agent.get('/api/user/profile').expect(200)).body.user.name).toBe('Lia Linked');
        });
      });

      it('a request that failed before its commit lets its Idempotency-Key go although the database refused the first release: its retry runs', async () => {
        const { admin, name } = await serverAdmin(t.databaseUrl);
        const app = createApp({ db: t.db, env: testEnv });
        const voucher = await signIn(target(app), ['Gil', 'Giver']);
        const recipient = await signIn(target(app), ['Tess', 'Taker']);
        const created = await voucher.agent.post('/api/vouches').send({ type: 'invite', recipientName: recipient.name, recipientPhone: recipient.phone }).expect(201);
        t.db.setStatementTimeout(2_000);
        const accept = () => recipient.agent.post('/api/vouches/accept').set('Idempotency-Key', 'accept-that-failed').send({ vouchToken: created.body.vouchToken, action: 'accept' });

        // The vouch's table locked: the accept, past its claim of the key, waits and fails with 503.
        // Then the keys' table is locked too before it answers, so letting the key go fails at first.
        const vouchesLock = await holdLock(t, ['vouches']);
        let keysLock: { release(): Promise<void> } | undefined;
        try {
          const failing = accept().then((res) => res);
          await until('the accept to wait on the locked table', async () => ((await threadsOf(admin, name)).some((thread) => /vouches/.test(thread.info ?? '') && /Waiting/i.test(thread.state)) ? true : undefined));
          keysLock = await holdLock(t, ['idempotency_keys']);
          // The answer goes out once the first try to let the key go has failed (the keys' table is locked).
          const res = await failing;
          expect(res.status).toBe(503);
        } finally {
          await vouchesLock.release();
          await keysLock?.release();
          await admin.close();
        }
        // The client follows Retry-After: "in progress" for a moment at most, then its accept runs.
        const retry = await whileInProgress(accept);
        expect(retry.status).toBe(200);
        expect(retry.body.vouch).toMatchObject({ id: created.body.id, status: 'accepted' });
      });

      // A relay in front of the database: every connection cut at once (a network partition, a failover), not one killed.
      it('a request whose database went away answers 503 and lets its key go once the database is back: its retry runs', async () => {
        const upstream = new URL(t.databaseUrl);
        const relay = await new DatabaseRelay({ host: upstream.hostname, port: Number(upstream.port || 3306) }).open();
        const relayed = new URL(t.databaseUrl);
        relayed.hostname = '127.0.0.1';
        relayed.port = String(relay.port);
        const db = await openDatabase(relayed.toString());
        const { admin, name } = await serverAdmin(t.databaseUrl);
        // The relay is cut once the request holds its key (seen past the relay): at its next transaction, the accept's.
        let cutOnceClaimed = false;
        const app = createApp({
          db: {
            ...db,
            async transaction(fn) {
              if (cutOnceClaimed) {
                const [claimed] = await admin.select<{ n: number }>(`SELECT COUNT(*) AS n FROM \`${name}\`.idempotency_keys WHERE state = 'running'`);
                if (Number(claimed?.n) > 0) {
                  cutOnceClaimed = false;
                  await relay.cut();
                }
              }
              return db.transaction(fn);
            },
          },
          env: testEnv,
        });
        try {
          const voucher = await signIn(target(app), ['Cora', 'Cut']);
          const recipient = await signIn(target(app), ['Reid', 'Relay']);
          const created = await voucher.agent.post('/api/vouches').send({ type: 'invite', recipientName: recipient.name, recipientPhone: recipient.phone }).expect(201);
          const accept = () => recipient.agent.post('/api/vouches/accept').set('Idempotency-Key', 'accept-cut').send({ vouchToken: created.body.vouchToken, action: 'accept' });
          cutOnceClaimed = true;
          const res = await accept();
          expect(cutOnceClaimed).toBe(false); // the cut happened
          expect(res.status).toBe(503);
          await relay.open();
          const retry = await whileInProgress(accept);
          expect(retry.status).toBe(200);
          expect(retry.body.vouch).toMatchObject({ status: 'accepted' });
        } finally {
          await db.close().catch(() => undefined);
          await admin.close();
          await relay.cut();
        }
      });
    }
  },
  { env: { ...GENEROUS_AUTH_LIMITS } },
);

