// Repeated hot reads (issue 19): GET /api/user/profile and GET /api/vouches/my asked again while
// their body is kept are answered before Express routes them, with the bytes the whole pipeline
// answered (every header but the request id and Date), their own request id and log line; whatever
// the pipeline would answer otherwise (another session, a sign-out, CORS, HEAD, a write since) goes
// through it. On SQLite and (with TEST_DATABASE_URL) MariaDB/MySQL.
import { Writable } from 'node:stream';
import type { Express } from 'express';
import supertest from 'supertest';
import { createLogger } from '@vouch/service-core';
import { describeEachDatabase, GENEROUS_AUTH_LIMITS, newPhone, signIn, signInWithToken, type SignInTarget, type TestContext } from './support';

jest.setTimeout(60_000);

const CACHES = { ...GENEROUS_AUTH_LIMITS, MEMBER_READ_CACHE_SECONDS: '30', SESSION_CACHE_SECONDS: '30' };
const target = (app: Express): SignInTarget => ({ request: supertest(app), agent: () => supertest.agent(app) });
const vouchFor = (recipientName: string) => ({
  type: 'recommendation',
  recipientName,
  recipientPhone: newPhone(),
  reason: 'We shipped the compiler together and I would gladly do it again.',
  skills: 'Compilers, Mentoring',
  characterTraits: 'Patient, precise',
  accomplishments: 'Wrote the first compiler of the team.',
});

/** The app and how many requests reached its router (Express's dispatch: the pipeline). */
function counted(app: Express) {
  const router = (app as unknown as { router: { handle: (...args: unknown[]) => unknown } }).router;
  return { app, routed: jest.spyOn(router, 'handle') };
}

/** Every header as sent, in order, without the two that differ per response. */
const headersOf = (res: supertest.Response) => {
  const raw = (res as unknown as { res: { rawHeaders: string[] } }).res.rawHeaders;
  const pairs: [string, string][] = [];
  for (let i = 0; i < raw.length; i += 2) if (!['x-request-id', 'date'].includes(raw[i]!.toLowerCase())) pairs.push([raw[i]!, raw[i + 1]!]);
  return pairs;
};

describeEachDatabase(
  'repeated hot reads',
  (t: TestContext) => {
    it('a repeat is answered without routing, with the bytes the pipeline sent: every header, the body, 304 to its ETag', async () => {
      const { app, routed } = counted(t.createApp({ env: { ...CACHES, API_DEPRECATIONS: 'v1=2026-01-01/2027-12-31' } }));
      const { token } = await signInWithToken(target(app), ['Ada', 'Repeat']);
      const bearer = `Bearer ${token}`;
      for (let i = 0; i < 8; i += 1) await supertest(app).post('/api/vouches').set('Authorization', bearer).send(vouchFor(`Colleague ${i}`)).expect(201);

      const asks: [string, Record<string, string>][] = [
        ['/api/user/profile', { Authorization: bearer }],
        ['/api/vouches/my', { Authorization: bearer, 'Accept-Encoding': 'identity' }],
        ['/api/vouches/my', { Authorization: bearer, 'Accept-Encoding': 'gzip, deflate, br' }],
        ['/api/v1/vouches/my?limit=3', { Authorization: bearer, 'Accept-Encoding': 'identity' }],
      ];
      for (const [path, headers] of asks) {
        routed.mockClear();
        const first = await supertest(app).get(path).set(headers).expect(200);
        const repeat = await supertest(app).get(path).set(headers).expect(200);
        const conditional = { ...headers, 'If-None-Match': first.headers.etag as string };
        const notModified = await supertest(app).get(path).set(conditional).expect(304);
        const notModifiedAgain = await supertest(app).get(path).set(conditional).expect(304);
        expect(routed).toHaveBeenCalledTimes(2); // the first answer and the first 304; their repeats were not routed
        expect(headersOf(repeat)).toEqual(headersOf(first));
        expect(repeat.body).toEqual(first.body);
        expect(headersOf(notModifiedAgain)).toEqual(headersOf(notModified));
        expect(notModifiedAgain.text).toBe('');
      }
      const versioned = await supertest(app).get('/api/v1/vouches/my?limit=3').set('Authorization', bearer).set('Accept-Encoding', 'identity').expect(200);
      expect(versioned.headers.deprecation).toBeDefined();
      expect(versioned.headers.link).toMatch(/^<\/api\/v1\/vouches\/my\?limit=3&cursor=/);
      const compressed = await supertest(app).get('/api/vouches/my').set('Authorization', bearer).set('Accept-Encoding', 'br').expect(200);
      expect(compressed.headers['content-encoding']).toBe('br');
      expect(compressed.body).toHaveLength(8);

      // deflate is the compression middleware's, on the way out, not the kept body's: never repeated.
      routed.mockClear();
      for (let i = 0; i < 2; i += 1) {
        const deflated = await supertest(app).get('/api/vouches/my').set('Authorization', bearer).set('Accept-Encoding', 'deflate').expect(200);
        expect(deflated.headers['content-encoding']).toBe('deflate');
        expect(deflated.body).toHaveLength(8);
      }
      expect(routed).toHaveBeenCalledTimes(2);
    });

    it('each repeat has its own request id (the caller’s when it sends one) and its own line in the request log', async () => {
      const lines: { req?: { id: string; url: string }; res?: { statusCode: number }; msg: string }[] = [];
      const destination = new Writable({
        write(chunk, _encoding, done) {
          for (const line of String(chunk).split('\n').filter(Boolean)) lines.push(JSON.parse(line));
          done();
        },
      });
      const { app, routed } = counted(t.createApp({ env: CACHES, logger: createLogger({ level: 'info', destination }) }));
      const { agent } = await signIn(target(app), ['Lena', 'Logged']);
      await agent.get('/api/user/profile').expect(200);
      routed.mockClear();
      lines.splice(0);
      const mine = await agent.get('/api/user/profile').set('X-Request-Id', 'mobile-42').expect(200);
      const theirs = await agent.get('/api/user/profile').expect(200);
      expect(routed).not.toHaveBeenCalled();
      expect(mine.headers['x-request-id']).toBe('mobile-42');
      expect(theirs.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
      expect(lines.filter((line) => line.req)).toEqual([
        expect.objectContaining({ req: { id: 'mobile-42', method: 'GET', url: '/api/user/profile' }, res: { statusCode: 200 }, msg: 'request completed' }),
        expect.objectContaining({ req: { id: theirs.headers['x-request-id'], method: 'GET', url: '/api/user/profile' }, res: { statusCode: 200 }, msg: 'request completed' }),
      ]);
    });

    it('what the pipeline answers otherwise goes through it: another member, HEAD, a CORS origin, a body, If-Modified-Since', async () => {
      const { app, routed } = counted(t.createApp({ env: { ...CACHES, CORS_ORIGINS: 'https://app.example' } }));
      const ada = await signInWithToken(target(app), ['Ada', 'One']);
      const bob = await signInWithToken(target(app), ['Bob', 'Two']);
      const read = (token: string) => supertest(app).get('/api/user/profile').set('Authorization', `Bearer ${token}`);
      await read(ada.token).expect(200);
      routed.mockClear();
      expect((await read(bob.token).expect(200)).body.user.name).toBe('Bob Two');
      await read(ada.token).set('Origin', 'https://app.example').expect(200).expect('Access-Control-Allow-Origin', 'https://app.example');
      await supertest(app).head('/api/user/profile').set('Authorization', `Bearer ${ada.token}`).expect(200);
      await read(ada.token).set('If-Modified-Since', new Date().toUTCString()).expect(200);
      await read(ada.token).set('Content-Type', 'application/json').send('{"not":"json"').expect(400);
      await read(`${ada.token}x`).expect(401);
      expect(routed).toHaveBeenCalledTimes(6);
      routed.mockClear();
      expect((await read(ada.token).expect(200)).body.user.name).toBe('Ada One');
      expect(routed).not.toHaveBeenCalled();
    });

    it('a write drops every kept answer, and a session the pipeline no longer holds is read again: a sign-out elsewhere ends it', async () => {
      const { app, routed } = counted(t.createApp({ env: { ...CACHES, SESSION_CACHE_SECONDS: '0.3' } }));
      const { token } = await signInWithToken(target(app), ['Wes', 'Writer']);
      const read = () => supertest(app).get('/api/user/profile').set('Authorization', `Bearer ${token}`);
      const { id: memberId } = (await read().expect(200)).body.user as { id: number };
      await supertest(app).patch('/api/profile').set('Authorization', `Bearer ${token}`).send({ firstName: 'Wes', lastName: 'Renamed' }).expect(200);
      routed.mockClear();
      expect((await read().expect(200)).body.user.name).toBe('Wes Renamed');
      expect(routed).toHaveBeenCalledTimes(1);

      // Another instance signs the session out: this one's session cache (0.3 s here) lets go of it,
      // and so does the repeat, though the member's body is kept for 30 s.
      await t.db.sequelize.query('UPDATE sessions SET revoked_at = CURRENT_TIMESTAMP WHERE member_id = :memberId', { replacements: { memberId } });
      await new Promise((resolve) => setTimeout(resolve, 400));
      routed.mockClear();
      expect((await read().expect(401)).body.code).toBe('SESSION_REVOKED');
      expect(routed).toHaveBeenCalledTimes(1);
    });
  },
  { env: CACHES },
);
