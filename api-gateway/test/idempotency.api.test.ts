// Idempotent writes (issue 29): a POST with an Idempotency-Key runs once, on SQLite and (with
// TEST_DATABASE_URL) MariaDB/MySQL; retries replay the first answer, another body with the same
// key is refused, concurrent requests with one key write one row, across gateway instances.
import supertest from 'supertest';
import { claimIdempotencyKey, IDEMPOTENCY_KEY_TTL_MS, IDEMPOTENCY_LEASE_MS, purgeExpiredIdempotencyKeys } from '@vouch/service-core';
import { describeEachDatabase, GENEROUS_AUTH_LIMITS, latestCode, newPhone, signIn, vouchAndAccept, type SignedInMember } from './support';

jest.setTimeout(60_000);

const ask = (requestType: string) => ({ requestType, desiredSkills: 'React', reason: 'Hiring a lead', context: null, degreeLevel: 1 });
const recommendation = (recipientPhone: string) => ({ type: 'recommendation', recipientName: 'Rita Recipient', recipientPhone, reason: 'Rita ran the launch.', characterTraits: 'Calm', skills: 'Launches', accomplishments: null });
let keys = 0;
const newKey = () => `test-key-${process.pid}-${(keys += 1)}-${Math.random().toString(36).slice(2)}`;

describeEachDatabase(
  'idempotent writes',
  (t) => {
    let ada: SignedInMember, ben: SignedInMember;
    const myRequests = async (member: SignedInMember) => (await member.agent.get('/api/introduction-requests/my').expect(200)).body as { id: number; requestType: string }[];

    beforeAll(async () => {
      ada = await signIn(t, ['Ada', 'Asker']);
      ben = await signIn(t, ['Ben', 'Helper']);
      await vouchAndAccept(ada, ben);
    });

    it('the same key and body twice: one introduction request, the second answer is the first one replayed', async () => {
      const key = newKey();
      const first = await ada.agent.post('/api/introduction-requests').set('Idempotency-Key', key).send(ask('Retried once')).expect(201);
      expect(first.headers['idempotent-replayed']).toBeUndefined();
      const again = await ada.agent.post('/api/introduction-requests').set('Idempotency-Key', key).send(ask('Retried once')).expect(201);
      expect(again.headers['idempotent-replayed']).toBe('true');
      expect(again.headers['content-type']).toBe(first.headers['content-type']);
      expect(again.body).toEqual(first.body);
      expect((await myRequests(ada)).filter((r) => r.requestType === 'Retried once')).toHaveLength(1);
      // The same call through /api/v1 is the same request.
      const versioned = await ada.agent.post('/api/v1/introduction-requests').set('Idempotency-Key', key).send(ask('Retried once')).expect(201);
      expect(versioned.body.id).toBe(first.body.id);
    });

    it('the same key with another body or another endpoint: 422 IDEMPOTENCY_KEY_REUSED, nothing written', async () => {
      const key = newKey();
      await ada.agent.post('/api/introduction-requests').set('Idempotency-Key', key).send(ask('First body')).expect(201);
      const other = await ada.agent.post('/api/introduction-requests').set('Idempotency-Key', key).send(ask('Second body')).expect(422);
      expect(other.headers['content-type']).toMatch(/application\/problem\+json/);
      expect(other.body).toMatchObject({ status: 422, code: 'IDEMPOTENCY_KEY_REUSED', detail: 'This Idempotency-Key was already used with a different request: send a new key for a new operation.' });
      await ada.agent.post('/api/vouches').set('Idempotency-Key', key).send(recommendation(newPhone())).expect(422);
      expect((await myRequests(ada)).filter((r) => r.requestType === 'Second body')).toHaveLength(0);
    });

    it('keys belong to one member: another member may use the same key for their own request', async () => {
      const key = newKey();
      const adas = await ada.agent.post('/api/introduction-requests').set('Idempotency-Key', key).send(ask('Shared key')).expect(201);
      const bens = await ben.agent.post('/api/introduction-requests').set('Idempotency-Key', key).send(ask('Shared key')).expect(201);
      expect(bens.headers['idempotent-replayed']).toBeUndefined();
      expect(bens.body.id).not.toBe(adas.body.id);
    });

    it('20 requests at once with one key write exactly one row; the others replay it or are told it is in progress', async () => {
      const key = newKey();
      const answers = await Promise.all(
        Array.from({ length: 20 }, () => ada.agent.post('/api/introduction-requests').set('Idempotency-Key', key).send(ask('Twenty at once'))),
      );
      const created = answers.filter((res) => res.status === 201);
      const busy = answers.filter((res) => res.status === 409);
      expect(created.length + busy.length).toBe(20);
      expect(created.length).toBeGreaterThanOrEqual(1);
      expect(new Set(created.map((res) => res.body.id)).size).toBe(1);
      expect(created.filter((res) => res.headers['idempotent-replayed'] === undefined)).toHaveLength(1);
      for (const res of busy) {
        expect(res.body.code).toBe('IDEMPOTENCY_IN_PROGRESS');
        expect(res.headers['retry-after']).toBe('1');
      }
      expect((await myRequests(ada)).filter((r) => r.requestType === 'Twenty at once')).toHaveLength(1);
      // Once it is done, a retry replays it.
      const later = await ada.agent.post('/api/introduction-requests').set('Idempotency-Key', key).send(ask('Twenty at once')).expect(201);
      expect(later.body.id).toBe(created[0]!.body.id);
    });

    it('another gateway instance on the same database replays the answer: the keys live in the database', async () => {
      const key = newKey();
      const first = await ada.agent.post('/api/introduction-requests').set('Idempotency-Key', key).send(ask('Two instances')).expect(201);
      // Ada's phone signs in again, as an app would, with a bearer token for the other instance.
      const otherApp = t.createApp();
      const other = supertest(otherApp);
      const { attemptId } = (await other.post('/api/auth/request-otp').send({ phone: ada.phone }).expect(200)).body;
      const otp = await latestCode({ request: other, agent: () => supertest.agent(otherApp) }, ada.phone);
      const signedIn = await other.post('/api/auth/verify-otp').send({ phone: ada.phone, otp, attemptId, session: 'token' }).expect(200);
      const again = await other.post('/api/introduction-requests').set('Authorization', `Bearer ${signedIn.body.token}`).set('Idempotency-Key', key).send(ask('Two instances'));
      expect(again.status).toBe(201);
      expect(again.headers['idempotent-replayed']).toBe('true');
      expect(again.body.id).toBe(first.body.id);
    });

    it('a retried create-vouch replays its 201; a new vouch to the same phone is a 409 DUPLICATE naming the existing vouch', async () => {
      const phone = newPhone();
      const key = newKey();
      const first = await ada.agent.post('/api/vouches').set('Idempotency-Key', key).send(recommendation(phone)).expect(201);
      const retried = await ada.agent.post('/api/vouches').set('Idempotency-Key', key).send(recommendation(phone)).expect(201);
      expect(retried.body.id).toBe(first.body.id);
      const duplicate = await ada.agent.post('/api/vouches').send(recommendation(phone)).expect(409);
      expect(duplicate.body).toMatchObject({ code: 'DUPLICATE', existingId: first.body.id });
    });

    it('an answer refused for a client error is replayed too; a malformed key is a 400', async () => {
      const key = newKey();
      const bad = { ...ask('x'), degreeLevel: 7 };
      const first = await ada.agent.post('/api/introduction-requests').set('Idempotency-Key', key).send(bad).expect(400);
      const again = await ada.agent.post('/api/introduction-requests').set('Idempotency-Key', key).send(bad).expect(400);
      expect(again.headers['idempotent-replayed']).toBe('true');
      expect(again.body).toEqual(first.body);
      const malformed = await ada.agent.post('/api/introduction-requests').set('Idempotency-Key', 'x'.repeat(256)).send(ask('Too long a key')).expect(400);
      expect(malformed.body.errors).toEqual([{ field: 'Idempotency-Key', message: 'The Idempotency-Key header must be 1 to 255 visible ASCII characters: send a new UUID per operation.' }]);
    });

    it('keys are kept only for signed-in members on known write routes: anonymous requests and unknown paths store no row', async () => {
      const rows = async () => Number((await t.db.select<{ n: number }>('SELECT COUNT(*) AS n FROM idempotency_keys'))[0]!.n);
      const before = await rows();
      // Signed out: the key is not kept, so a retried request-otp runs again (a second code, within the phone's limits).
      const phone = newPhone();
      const key = newKey();
      await t.request.post('/api/auth/request-otp').set('Idempotency-Key', key).send({ phone }).expect(200);
      const again = await t.request.post('/api/auth/request-otp').set('Idempotency-Key', key).send({ phone }).expect(200);
      expect(again.headers['idempotent-replayed']).toBeUndefined();
      const outbox = (await t.request.get('/api/dev/sms-outbox').expect(200)).body.messages as { to: string }[];
      expect(outbox.filter((m) => m.to === phone)).toHaveLength(2);
      // A flood of keyed posts to paths nobody routes, signed out or in, writes nothing.
      for (let i = 0; i < 40; i += 1) await t.request.post(`/api/nowhere-${i}`).set('Idempotency-Key', newKey()).send({}).expect(404);
      await ada.agent.post('/api/nowhere').set('Idempotency-Key', newKey()).send({}).expect(404);
      await ada.agent.post('/api/vouches/my').set('Idempotency-Key', newKey()).send({}).expect(405);
      expect(await rows()).toBe(before);
      // A member's write to a known route is kept.
      await ada.agent.post('/api/introduction-requests').set('Idempotency-Key', newKey()).send(ask('Kept')).expect(201);
      expect(await rows()).toBe(before + 1);
    });

    it('an answer that hands out a session is never replayed: a retried verify-otp runs again', async () => {
      const phone = newPhone();
      const { attemptId } = (await t.request.post('/api/auth/request-otp').send({ phone }).expect(200)).body;
      const otp = await latestCode(t, phone);
      const key = newKey();
      const first = await t.request.post('/api/auth/verify-otp').set('Idempotency-Key', key).send({ phone, otp, attemptId, session: 'token' }).expect(200);
      expect(first.body.token).toEqual(expect.any(String));
      // Run again: the code is used by now (410), not the first answer with its token replayed.
      const again = await t.request.post('/api/auth/verify-otp').set('Idempotency-Key', key).send({ phone, otp, attemptId, session: 'token' }).expect(410);
      expect(again.headers['idempotent-replayed']).toBeUndefined();
      expect(again.body.token).toBeUndefined();
    });

    it('expired keys are purged in bulk, however many (not 1,000 a minute)', async () => {
      const long = new Date('2001-01-01T00:00:00.000Z');
      for (let i = 0; i < 1200; i += 1) await claimIdempotencyKey(t.db, `expired-${i}`.padEnd(64, 'x'), 'a'.repeat(64), long);
      expect(await purgeExpiredIdempotencyKeys(t.db, new Date('2001-01-03T00:00:00.000Z'))).toBe(1200);
      const left = await t.db.select<{ n: number }>("SELECT COUNT(*) AS n FROM idempotency_keys WHERE id LIKE 'expired-%'");
      expect(Number(left[0]!.n)).toBe(0);
    });

    it('a key expires after 24 hours, and a key left running by a process that died is taken over after its lease', async () => {
      const now = new Date('2030-01-01T00:00:00.000Z');
      const id = `k${Math.random().toString(16).slice(2)}`.padEnd(64, '0');
      const first = await claimIdempotencyKey(t.db, id, 'a'.repeat(64), now);
      expect(first.kind).toBe('run');
      expect((await claimIdempotencyKey(t.db, id, 'a'.repeat(64), new Date(now.getTime() + 1000))).kind).toBe('in-progress');
      expect((await claimIdempotencyKey(t.db, id, 'b'.repeat(64), new Date(now.getTime() + 1000))).kind).toBe('reused');
      expect((await claimIdempotencyKey(t.db, id, 'a'.repeat(64), new Date(now.getTime() + IDEMPOTENCY_LEASE_MS + 1))).kind).toBe('run');
      expect((await claimIdempotencyKey(t.db, id, 'b'.repeat(64), new Date(now.getTime() + IDEMPOTENCY_KEY_TTL_MS + IDEMPOTENCY_LEASE_MS + 2))).kind).toBe('run');
    });
  },
  { env: { ...GENEROUS_AUTH_LIMITS } },
);
