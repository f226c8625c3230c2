// The members' hot reads cache (issue 19): GET /api/user/profile and GET /api/vouches/my answered
// from a serialised body kept per member, with its ETag (304 without reading a row), dropped by any
// write this instance answers; a member's own write shows in their next read on any instance (the
// write stamp), another member's reaches other instances within MEMBER_READ_CACHE_SECONDS. On SQLite and (with TEST_DATABASE_URL) MariaDB/MySQL.
import express, { type Express } from 'express';
import supertest from 'supertest';
import { memberReadCacheTtlMs } from '@vouch/service-core';
import { describeEachDatabase, GENEROUS_AUTH_LIMITS, newPhone, signInWithToken, type SignInTarget, type TestContext } from './support';

jest.setTimeout(60_000);

const target = (app: Express): SignInTarget => ({ request: supertest(app), agent: () => supertest.agent(app) });
const vouchFor = (recipientPhone: string, recipientName = 'Grace Hopper') => ({
  type: 'recommendation',
  recipientName,
  recipientPhone,
  reason: 'We shipped the compiler together.',
  skills: 'Compilers',
  characterTraits: null,
  accomplishments: null,
});

describe('MEMBER_READ_CACHE_SECONDS', () => {
  it('defaults to 1 s (off under NODE_ENV=test), takes 0 to 60 s, and refuses anything else at start', () => {
    expect(memberReadCacheTtlMs({ NODE_ENV: 'production' })).toBe(1000);
    expect(memberReadCacheTtlMs({ NODE_ENV: 'test' })).toBe(0);
    expect(memberReadCacheTtlMs({ MEMBER_READ_CACHE_SECONDS: '0.5' })).toBe(500);
    expect(memberReadCacheTtlMs({ MEMBER_READ_CACHE_SECONDS: '0' })).toBe(0);
    expect(() => memberReadCacheTtlMs({ MEMBER_READ_CACHE_SECONDS: '61' })).toThrow(/from 0 to 60/);
    expect(() => memberReadCacheTtlMs({ MEMBER_READ_CACHE_SECONDS: 'soon' })).toThrow(/from 0 to 60/);
  });
});

describeEachDatabase(
  'the members’ hot reads cache',
  (t: TestContext) => {
    const bearer = (token: string) => `Bearer ${token}`;
    /** Changes a row behind the gateway's back: only a read that reaches the rows can see it. */
    const renameDirectly = (table: 'members' | 'vouches', column: string, value: string, id: number) =>
      t.db.sequelize.query(`UPDATE ${table} SET ${column} = :value WHERE id = :id`, { replacements: { value, id } });

    it('an unchanged list answers 304 to its ETag without reading the rows; a write through the gateway shows at once', async () => {
      const { token } = await signInWithToken(t, ['Ada', 'Cached']);
      const made = await t.request.post('/api/vouches').set('Authorization', bearer(token)).send(vouchFor(newPhone())).expect(201);
      const first = await t.request.get('/api/vouches/my').set('Authorization', bearer(token)).expect(200);
      // Vouch links' tokens: a personal read, kept on no device (issue 43); the ETag still answers a client that sends it.
      expect(first.headers['cache-control']).toBe('private, no-store');
      expect(first.headers['content-type']).toBe('application/json; charset=utf-8');
      const etag = first.headers.etag as string;
      expect(etag).toMatch(/^W\/"/);

      await renameDirectly('vouches', 'recipient_name', 'Changed Behind', made.body.id as number);
      const notModified = await t.request.get('/api/vouches/my').set('Authorization', bearer(token)).set('If-None-Match', etag).expect(304);
      expect(notModified.text).toBe('');
      expect(notModified.headers.etag).toBe(etag);
      const cached = await t.request.get('/api/vouches/my').set('Authorization', bearer(token)).expect(200);
      expect(cached.body[0].recipientName).toBe('Grace Hopper');

      const second = await t.request.post('/api/vouches').set('Authorization', bearer(token)).send(vouchFor(newPhone(), 'Alan Turing')).expect(201);
      const after = await t.request.get('/api/vouches/my').set('Authorization', bearer(token)).set('If-None-Match', etag).expect(200);
      expect(after.headers.etag).not.toBe(etag);
      expect(after.body.map((v: { id: number }) => v.id)).toEqual([second.body.id, made.body.id]);
      expect(after.body[1].recipientName).toBe('Changed Behind');
    });

    it('a cached list ≥ 1 KB is compressed once, for br and gzip clients, with the same ETag; a 304 and identity clients get no encoding', async () => {
      const { token } = await signInWithToken(t, ['Zed', 'Zipped']);
      for (let i = 0; i < 6; i += 1) await t.request.post('/api/vouches').set('Authorization', bearer(token)).send(vouchFor(newPhone(), `Colleague ${i}`)).expect(201);
      const plain = await t.request.get('/api/vouches/my').set('Authorization', bearer(token)).set('Accept-Encoding', 'identity').expect(200);
      expect(plain.headers['content-encoding']).toBeUndefined();
      expect(Buffer.byteLength(plain.text)).toBeGreaterThan(1024);
      // supertest decodes br and gzip itself: the body read back is the JSON the identity client got.
      for (const [accept, encoding] of [['gzip, deflate, br', 'br'], ['gzip;q=1, br;q=0.5', 'gzip']] as const) {
        const res = await t.request.get('/api/vouches/my').set('Authorization', bearer(token)).set('Accept-Encoding', accept).expect(200);
        expect(res.headers['content-encoding']).toBe(encoding);
        expect(res.headers.vary).toMatch(/Accept-Encoding/);
        expect(res.headers.etag).toBe(plain.headers.etag);
        expect(Number(res.headers['content-length'])).toBeLessThan(Buffer.byteLength(plain.text));
        expect(res.body).toEqual(plain.body);
      }
      const notModified = await t.request.get('/api/vouches/my').set('Authorization', bearer(token)).set('Accept-Encoding', 'br').set('If-None-Match', plain.headers.etag as string).expect(304);
      expect(notModified.headers['content-encoding']).toBeUndefined();
    });

    it('another member’s write (the recipient accepts) reaches the voucher’s list and profile at once', async () => {
      const voucher = await signInWithToken(t, ['Vera', 'Voucher']);
      const recipient = await signInWithToken(t, ['Rita', 'Recipient']);
      const made = await t.request.post('/api/vouches').set('Authorization', bearer(voucher.token)).send(vouchFor(recipient.phone, 'Rita Recipient')).expect(201);
      const before = await t.request.get('/api/vouches/my').set('Authorization', bearer(voucher.token)).expect(200);
      expect(before.body[0].status).toBe('pending');
      const profileBefore = await t.request.get('/api/user/profile').set('Authorization', bearer(voucher.token)).expect(200);

      await t.request.post('/api/vouches/accept').set('Authorization', bearer(recipient.token)).send({ vouchToken: made.body.vouchToken, action: 'accept' }).expect(200);
      const after = await t.request.get('/api/vouches/my').set('Authorization', bearer(voucher.token)).set('If-None-Match', before.headers.etag as string).expect(200);
      expect(after.body[0].status).toBe('accepted');
      const profileAfter = await t.request.get('/api/user/profile').set('Authorization', bearer(voucher.token)).expect(200);
      expect(profileAfter.body.user.vouchesGiven).toBe(profileBefore.body.user.vouchesGiven + 1);
    });

    it('a kept body still goes out through the whole middleware chain: Express dispatches every request, each answer has its own id', async () => {
      // Nothing may answer around the middleware (issue 27): a middleware added later must run for every answer.
      const dispatch = (app: object) => (app as { handle?: unknown }).handle;
      expect(dispatch(t.app)).toBe(dispatch(express.application));
      const { token } = await signInWithToken(t, ['Mia', 'Middleware']);
      const answers = [];
      for (let i = 0; i < 3; i += 1) answers.push(await t.request.get('/api/user/profile').set('Authorization', bearer(token)).expect(200));
      expect(new Set(answers.map((res) => res.headers['x-request-id'])).size).toBe(3);
      for (const res of answers) {
        expect(res.headers['x-content-type-options']).toBe('nosniff');
        expect(res.headers.etag).toBe(answers[0]!.headers.etag);
      }
    });

    it('the profile is cached per member: one member’s answer never reaches another, and a sign-out still ends it', async () => {
      const ada = await signInWithToken(t, ['Ada', 'One']);
      const bob = await signInWithToken(t, ['Bob', 'Two']);
      const a = await t.request.get('/api/user/profile').set('Authorization', bearer(ada.token)).expect(200);
      const b = await t.request.get('/api/user/profile').set('Authorization', bearer(bob.token)).expect(200);
      expect([a.body.user.name, b.body.user.name]).toEqual(['Ada One', 'Bob Two']);
      await t.request.get('/api/user/profile').set('Authorization', bearer(bob.token)).set('If-None-Match', a.headers.etag as string).expect(200);
      await t.request.post('/api/auth/logout').set('Authorization', bearer(ada.token)).send({}).expect(200);
      await t.request.get('/api/user/profile').set('Authorization', bearer(ada.token)).expect(401);
    });

    it('two instances on one database, requests alternating: a member’s own write shows in their next read on the other, for every cached read', async () => {
      // A round-robin load balancer: each request goes to the other instance. Bodies are kept 30 s,
      // so only the write stamp can make the other instance read the rows again.
      const instances = [t.createApp({ env: { ...GENEROUS_AUTH_LIMITS, MEMBER_READ_CACHE_SECONDS: '30' } }), t.createApp({ env: { ...GENEROUS_AUTH_LIMITS, MEMBER_READ_CACHE_SECONDS: '30' } })];
      const { token } = await signInWithToken(target(instances[0]!), ['Kay', 'Instances']);
      const on = (i: number) => supertest(instances[i % 2]!);
      const read = async (i: number, path: string) => (await on(i).get(path).set('Authorization', bearer(token)).expect(200)).body;
      const ids = (list: { id: number }[]) => list.map((v) => v.id);

      const made: number[] = [];
      for (let round = 0; round < 6; round += 1) {
        // Each request goes to the other instance than the one before, as a round-robin balancer sends them.
        const writer = round % 2;
        const other = writer + 1;
        // The other instance keeps both bodies from before the write (and so does the writer).
        for (const i of [other, writer]) {
          expect(ids(await read(i, '/api/vouches/my'))).toEqual(made);
          expect((await read(i, '/api/user/profile')).user.name).toBe(round ? `Kay Renamed${round - 1}` : 'Kay Instances');
        }
        const vouch = await on(writer).post('/api/vouches').set('Authorization', bearer(token)).send(vouchFor(newPhone(), `Colleague ${round}`)).expect(201);
        made.unshift(vouch.body.id as number);
        expect(ids(await read(other, '/api/vouches/my'))).toEqual(made);
        await on(writer).patch('/api/profile').set('Authorization', bearer(token)).send({ firstName: 'Kay', lastName: `Renamed${round}` }).expect(200);
        expect((await read(other, '/api/user/profile')).user.name).toBe(`Kay Renamed${round}`);
        expect(ids(await read(writer, '/api/vouches/my'))).toEqual(made);
        expect((await read(writer, '/api/user/profile')).user.name).toBe(`Kay Renamed${round}`);
      }
    });

    it('two instances on one database: another member’s write reaches a member’s kept body on the other instance within MEMBER_READ_CACHE_SECONDS', async () => {
      const a = t.createApp({ env: { ...GENEROUS_AUTH_LIMITS, MEMBER_READ_CACHE_SECONDS: '1', SESSION_CACHE_SECONDS: '1' } });
      const b = t.createApp({ env: { ...GENEROUS_AUTH_LIMITS, MEMBER_READ_CACHE_SECONDS: '1', SESSION_CACHE_SECONDS: '1' } });
      const voucher = await signInWithToken(target(a), ['Vic', 'Voucher']);
      const recipient = await signInWithToken(target(a), ['Rae', 'Recipient']);
      const made = await supertest(a).post('/api/vouches').set('Authorization', bearer(voucher.token)).send(vouchFor(recipient.phone, 'Rae Recipient')).expect(201);
      const read = (path: string) => supertest(b).get(path).set('Authorization', bearer(voucher.token)).expect(200);
      expect((await read('/api/vouches/my')).body[0].status).toBe('pending');

      await supertest(a).post('/api/vouches/accept').set('Authorization', bearer(recipient.token)).send({ vouchToken: made.body.vouchToken, action: 'accept' }).expect(200);
      const written = Date.now();
      // B answers from its cache for at most a second after its read, then reads the rows again.
      for (;;) {
        if ((await read('/api/vouches/my')).body[0].status === 'accepted') break;
        expect(Date.now() - written).toBeLessThan(1_500);
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
    });
  },
  { env: { ...GENEROUS_AUTH_LIMITS, MEMBER_READ_CACHE_SECONDS: '30' } },
);
