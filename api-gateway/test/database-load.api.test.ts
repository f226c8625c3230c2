// Issue 25 and issue 26 items 14-15: the database under launch traffic. Counters are one atomic
// statement (no deadlock, no 5xx), a write that cannot get its turn is a 503 with Retry-After,
// prepared statements stay bounded per connection, /api/health reports the pool, rate-limit
// keys are hashed and purged, profile views are counted once per viewer a day, off the request.
import supertest from 'supertest';
import { QueryTypes } from 'sequelize';
import { MAX_PREPARED_STATEMENTS_PER_CONNECTION, openDatabase, type Database } from '@vouch/service-core';
import { flushProfileViews } from '@vouch/service-vouches';
import { createApp } from '../src';
import { describeEachDatabase, GENEROUS_AUTH_LIMITS, newPhone, signIn, type TestContext } from './support';

async function rows<T extends object>(db: Database, sql: string): Promise<T[]> {
  return db.sequelize.query<T>(sql, { type: QueryTypes.SELECT });
}

/** Another gateway on the suite's database through a Database of its own (the test may close it or starve its pool). */
async function gatewayOwning(t: TestContext, options: Parameters<typeof openDatabase>[1] = {}) {
  const db = await openDatabase(t.databaseUrl, { logging: false, ...options });
  const app = createApp({ db, env: { ...process.env, NODE_ENV: 'test' } });
  return { db, request: supertest(app) };
}

/**
 * The statements each of the pool's connections holds prepared on the server: what its session
 * prepared less what it closed. Per session, so the other clients of a shared server (another
 * test worker's suites) do not move it, as they move the server-wide Prepared_stmt_count.
 */
async function preparedStatementsPerConnection(db: Database, connections: number): Promise<number[]> {
  type RawConnection = { query(sql: string, done: (error: Error | null, rows: { Variable_name: string; Value: string }[]) => void): void };
  const manager = db.sequelize.connectionManager as unknown as { getConnection(): Promise<RawConnection>; releaseConnection(c: RawConnection): Promise<void> };
  // Every connection at once, so the pool hands out each of them (it opens any missing one: it holds none).
  const held = await Promise.all(Array.from({ length: connections }, () => manager.getConnection()));
  try {
    return await Promise.all(
      held.map(
        (connection) =>
          new Promise<number>((resolve, reject) =>
            connection.query("SHOW SESSION STATUS WHERE Variable_name IN ('Com_stmt_prepare', 'Com_stmt_close')", (error, status) => {
              if (error) return reject(error);
              const count = (name: string) => Number(status.find((row) => row.Variable_name === name)!.Value);
              resolve(count('Com_stmt_prepare') - count('Com_stmt_close'));
            }),
          ),
      ),
    );
  } finally {
    await Promise.all(held.map((connection) => manager.releaseConnection(connection)));
  }
}

describeEachDatabase('the database under launch traffic', (t) => {
  describe('code requests', () => {
    it('50 at once from one address (an office, a carrier NAT) answer only 200 and 429, never 5xx', async () => {
      const answers = await Promise.all(Array.from({ length: 50 }, () => t.request.post('/api/auth/request-otp').send({ phone: newPhone() })));
      const statuses = answers.map((res) => res.status);
      expect(statuses.filter((s) => s !== 200 && s !== 429)).toEqual([]);
      // The default cap is 20 codes per address in the window: every hit was counted, none lost.
      expect(statuses.filter((s) => s === 200)).toHaveLength(20);
      const refused = answers.find((res) => res.status === 429)!;
      expect(refused.headers['retry-after']).toMatch(/^\d+$/);
    });

    it('keep no phone number or address in the rate-limit table: every key is an HMAC-SHA-256', async () => {
      const phone = newPhone();
      await t.request.post('/api/auth/request-otp').send({ phone }).expect((res) => expect([200, 429]).toContain(res.status));
      const keys = (await rows<{ bucket_key: string }>(t.db, 'SELECT bucket_key FROM auth_rate_limits')).map((r) => r.bucket_key);
      expect(keys.length).toBeGreaterThan(0);
      for (const key of keys) expect(key).toMatch(/^[0-9a-f]{64}$/);
      expect(JSON.stringify(keys)).not.toContain(phone.slice(2));
    });

    it('purge the buckets whose window has ended', async () => {
      await t.db.sequelize.query('INSERT INTO auth_rate_limits (bucket_key, points, expires_at) VALUES (:key, 3, :past)', {
        replacements: { key: 'expired-bucket', past: new Date(Date.now() - 60_000) },
      });
      // A process purges on its first hit, then at most once a minute: a fresh gateway's first hit.
      const gateway = await gatewayOwning(t);
      try {
        await gateway.request.post('/api/auth/request-otp').send({ phone: newPhone() }).expect((res) => expect([200, 429]).toContain(res.status));
        expect(await rows(t.db, "SELECT bucket_key FROM auth_rate_limits WHERE bucket_key = 'expired-bucket'")).toEqual([]);
        const n = (await rows<{ n: number | string }>(t.db, 'SELECT COUNT(*) AS n FROM auth_rate_limits WHERE expires_at > CURRENT_TIMESTAMP'))[0]?.n;
        expect(Number(n)).toBeGreaterThan(0); // live buckets stay
      } finally {
        await gateway.db.close();
      }
    });
  });

  describe('GET /api/health', () => {
    it('reports the connection pool, the statement timeout, stalls and the profile views held', async () => {
      const res = await t.request.get('/api/health').expect(200);
      expect(res.body).toEqual({
        status: 'ok',
        database: 'ok',
        pool: { inUse: expect.any(Number), idle: expect.any(Number), size: expect.any(Number), max: expect.any(Number), waiting: 0 },
        statementTimeoutMs: 0, // the suite's database is opened without one; a server passes DATABASE_STATEMENT_TIMEOUT_MS
        stalls: { count: 0, lastAt: null },
        profileViews: { waiting: expect.any(Number), lost: 0, dropped: 0 },
      });
      if (t.dialect === 'mysql') {
        expect(res.body.pool.max).toBe(10);
        expect(res.body.pool.size).toBeGreaterThanOrEqual(1);
      }
    });

    it('answers 503 problem+json with Retry-After when the database does not answer', async () => {
      const gateway = await gatewayOwning(t);
      await gateway.db.close();
      const res = await gateway.request.get('/api/health');
      expect(res.status).toBe(503);
      expect(res.headers['content-type']).toMatch(/^application\/problem\+json/);
      expect(JSON.parse(res.text)).toMatchObject({ status: 503, code: 'UNAVAILABLE' });
    });
  });

  if (t.dialect === 'mysql') {
    describe('on MySQL/MariaDB', () => {
      it('keep at most MAX_PREPARED_STATEMENTS_PER_CONNECTION prepared per connection: 5,000 distinct statements over 4 connections', async () => {
        const db = await openDatabase(t.databaseUrl, { logging: false, poolMax: 4 });
        try {
          const lanes = Array.from({ length: 4 }, async (_, lane) => {
            for (let i = lane; i < 5_000; i += 4) {
              // Bind parameters make Sequelize prepare; the literal makes each statement distinct.
              await db.sequelize.query(`SELECT ${i} + $1 AS n`, { bind: [1], type: QueryTypes.SELECT });
            }
          });
          await Promise.all(lanes);
          expect(db.pool().size).toBeLessThanOrEqual(4);
          const held = await preparedStatementsPerConnection(db, 4);
          for (const count of held) expect(count).toBeLessThanOrEqual(MAX_PREPARED_STATEMENTS_PER_CONNECTION);
          // They did prepare, about 1,250 each: the bound is what kept them few.
          expect(held.reduce((sum, count) => sum + count, 0)).toBeGreaterThan(0);
        } finally {
          await db.close();
        }
      });

      it('retry a transaction that deadlocks while it locks several rows, and both writers succeed', async () => {
        await t.db.sequelize.query('CREATE TABLE deadlock_probe (id INT PRIMARY KEY, v INT NOT NULL) ENGINE=InnoDB');
        await t.db.sequelize.query('INSERT INTO deadlock_probe VALUES (1, 0), (2, 0)');
        let runs = 0;
        let firstLocks = 0;
        let bothLocked!: () => void;
        const crossed = new Promise<void>((resolve) => (bothLocked = resolve));
        // Each locks its first row, waits (on its first run only) until the other holds its own, then takes the other's: a cycle.
        const writer = (first: number, second: number, amount: number) =>
          t.db.transaction(async (tx) => {
            runs += 1;
            await t.db.sequelize.query(`UPDATE deadlock_probe SET v = v + ${amount} WHERE id = ${first}`, { transaction: tx });
            if (firstLocks < 2) {
              firstLocks += 1;
              if (firstLocks === 2) bothLocked();
              await crossed;
            }
            await t.db.sequelize.query(`UPDATE deadlock_probe SET v = v + ${amount} WHERE id = ${second}`, { transaction: tx });
          });
        await Promise.all([writer(1, 2, 1), writer(2, 1, 100)]);
        expect(runs).toBe(3); // the deadlock's victim ran again
        const probe = await rows<{ id: number; v: number }>(t.db, 'SELECT id, v FROM deadlock_probe ORDER BY id');
        expect(probe).toEqual([{ id: 1, v: 101 }, { id: 2, v: 101 }]);
      });

      it('answer 503 with Retry-After, not 500, while every pooled connection is taken', async () => {
        const gateway = await gatewayOwning(t, { poolMax: 1, poolAcquireMs: 200 });
        let release!: () => void;
        const held = gateway.db.transaction(() => new Promise<void>((resolve) => (release = resolve)));
        try {
          const res = await gateway.request.get('/api/profile/public/nobody-here');
          expect(res.status).toBe(503);
          expect(res.headers['retry-after']).toBe('1');
          expect(JSON.parse(res.text)).toMatchObject({ status: 503, code: 'UNAVAILABLE' });
          expect(gateway.db.pool()).toMatchObject({ inUse: 1, size: 1, max: 1 });
        } finally {
          release();
          await held;
          await gateway.db.close();
        }
      });
    });
  }
});

describeEachDatabase(
  'profile views',
  (t) => {
    it('count once per viewer a day, written after the answer (200 reloads are one view)', async () => {
      const owner = await signIn(t, ['Paula', 'Popular']);
      const viewer = await signIn(t, ['Vic', 'Viewer']);
      const slug = (await owner.agent.patch('/api/profile').send({ isPublic: true }).expect(200)).body.profile.profileSlug as string;
      const views = async () => (await owner.agent.get('/api/user/profile').expect(200)).body.user.profileViews as number;
      await flushProfileViews(t.db);
      const before = await views();

      await t.request.get(`/api/profile/public/${slug}`).set('User-Agent', 'visitor-a').expect(200);
      // Nothing written on the request path. Checked at once: the buffer's own flush comes
      // PROFILE_VIEW_FLUSH_MS later, and 200 reloads on a loaded machine can take that long.
      expect(await views()).toBe(before);
      for (let round = 0; round < 10; round += 1) {
        await Promise.all(Array.from({ length: 20 }, () => t.request.get(`/api/profile/public/${slug}`).set('User-Agent', 'visitor-a').expect(200)));
      }
      await flushProfileViews(t.db);
      expect(await views()).toBe(before + 1);

      await t.request.get(`/api/profile/public/${slug}`).set('User-Agent', 'visitor-b').expect(200);
      await viewer.agent.get(`/api/profile/public/${slug}`).expect(200);
      await viewer.agent.get(`/api/profile/public/${slug}`).expect(200);
      await owner.agent.get(`/api/profile/public/${slug}`).expect(200); // the owner's own look is no view
      await flushProfileViews(t.db);
      expect(await views()).toBe(before + 3);
      const n = (await rows<{ n: number | string }>(t.db, `SELECT COUNT(*) AS n FROM profile_views WHERE member_id = ${owner.memberId}`))[0]?.n;
      expect(Number(n)).toBe(3); // the counter is the member's rows
    }, 30_000);
  },
  { env: { ...GENEROUS_AUTH_LIMITS } },
);
