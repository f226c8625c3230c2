import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import supertest from 'supertest';
import { openDatabase, runService, signInternalAuth, type Listening } from '@vouch/service-core';
import { createApp } from '../src';
import { describeEachDatabase } from './support';
import { echoService } from './support/echo-service';

const member = { sessionId: 'sess-9', phone: '+15550001111', memberId: 9 };
const resolveSession = async (_db: unknown, token: string) => (token === 'good-token' ? member : null);
const explainSessionRefusal = async (_db: unknown, token: string) => (token === 'revoked-token' ? ('revoked' as const) : ('unknown' as const));
const SECRET = 'proxy-test-secret';

/** The same requests must behave the same whether the service runs in the gateway or apart. */
describeEachDatabase(
  'a service in-process and proxied',
  (t) => {
    let standalone: Listening;
    beforeAll(async () => {
      // The service as its own HTTP server on an ephemeral port, sharing the database.
      standalone = await runService(echoService, { db: t.db, env: { INTERNAL_SERVICE_SECRET: SECRET, NODE_ENV: 'test' }, port: 0, host: '127.0.0.1' });
    });
    afterAll(() => standalone.close());

    const modes = () => ({
      'in-process': t.app,
      proxied: t.createApp({ env: { INTRODUCTIONS_SERVICE_URL: standalone.url, INTERNAL_SERVICE_SECRET: SECRET } }),
    });

    it('answers a signed-in write the same way in both modes, with the identity and request id passed on', async () => {
      for (const [mode, app] of Object.entries(modes())) {
        const res = await supertest(app).post('/api/echo').set('Authorization', 'Bearer good-token').set('X-Request-Id', `req-${mode}`).send({ message: 'héllo' });
        expect({ mode, status: res.status }).toEqual({ mode, status: 201 });
        expect(res.body).toEqual({ body: { message: 'héllo' }, auth: member, requestId: `req-${mode}` });
      }
    });

    it('keeps and replays an Idempotency-Key\'s answer in both modes (the standalone service checks the key itself)', async () => {
      for (const [mode, app] of Object.entries(modes())) {
        const key = `proxy-${mode}-${Date.now()}`;
        const send = (requestId: string, message = 'once') =>
          supertest(app).post('/api/echo').set('Authorization', 'Bearer good-token').set('Idempotency-Key', key).set('X-Request-Id', requestId).send({ message });
        const first = await send(`first-${mode}`);
        const again = await send(`again-${mode}`);
        expect({ mode, status: again.status, replayed: again.headers['idempotent-replayed'] }).toEqual({ mode, status: 201, replayed: 'true' });
        expect(again.body.requestId).toBe(first.body.requestId);
        expect((await send(`other-${mode}`, 'another body')).status).toBe(422);
      }
    });

    it('gives the same problems for bad input in both modes (the raw body is forwarded)', async () => {
      for (const app of Object.values(modes())) {
        const malformed = await supertest(app).post('/api/echo').set('Content-Type', 'application/json').send('{oops');
        expect(malformed.status).toBe(400);
        expect(JSON.parse(malformed.text).detail).toBe('The request body is not valid JSON.');
        const big = await supertest(app).post('/api/echo').set('Content-Type', 'application/json').send(JSON.stringify({ message: 'x'.repeat(1_100_000) }));
        expect(big.status).toBe(413);
        expect((await supertest(app).get('/api/echo')).status).toBe(405);
        expect((await supertest(app).get('/api/echo/whoami')).body).toEqual({ auth: null });
      }
    });

    it('says why a token no longer works in both modes (the refusal travels with the identity)', async () => {
      for (const [mode, app] of Object.entries(modes())) {
        const revoked = await supertest(app).get('/api/echo/member').set('Authorization', 'Bearer revoked-token');
        expect({ mode, status: revoked.status, code: JSON.parse(revoked.text).code }).toEqual({ mode, status: 401, code: 'SESSION_REVOKED' });
        const none = await supertest(app).get('/api/echo/member');
        expect({ mode, status: none.status, code: JSON.parse(none.text).code }).toEqual({ mode, status: 401, code: 'SESSION_MISSING' });
        expect((await supertest(app).get('/api/echo/member').set('Authorization', 'Bearer good-token')).body).toEqual({ memberId: 9 });
      }
    });

    it('the standalone service trusts only identity signed with the shared secret', async () => {
      const direct = supertest(standalone.url);
      const forged = signInternalAuth('wrong-secret', member, 'GET', '/api/echo/whoami');
      expect((await direct.get('/api/echo/whoami').set(forged)).status).toBe(401);
      const signed = signInternalAuth(SECRET, member, 'GET', '/api/echo/whoami');
      expect((await direct.get('/api/echo/whoami').set(signed)).body).toEqual({ auth: member });
      expect((await direct.get('/api/echo/whoami')).body).toEqual({ auth: null });
    });

    it('serves a versioned call (/api/v1/…) with its identity in both modes (issue 26 item 4)', async () => {
      for (const [mode, app] of Object.entries(modes())) {
        const res = await supertest(app).get('/api/v1/echo/whoami').set('Authorization', 'Bearer good-token');
        expect({ mode, status: res.status, body: res.body }).toEqual({ mode, status: 200, body: { auth: member } });
      }
    });

    it('the proxied service sees the client address the gateway resolved, not the gateway’s (issue 26 item 4)', async () => {
      const proxied = t.createApp({ env: { INTRODUCTIONS_SERVICE_URL: standalone.url, INTERNAL_SERVICE_SECRET: SECRET, TRUST_PROXY: 'loopback' } });
      for (const client of ['203.0.113.7', '198.51.100.20']) {
        const res = await supertest(proxied).post('/api/echo/address').set('X-Forwarded-For', client).expect(200);
        expect(res.body).toEqual({ ip: client });
      }
      // Sent to the service directly, a forwarding header is not believed.
      expect((await supertest(standalone.url).post('/api/echo/address').set('X-Forwarded-For', '203.0.113.7').expect(200)).body.ip).not.toBe('203.0.113.7');
    });

    it('a signed identity is good for its own body, once (issue 26 item 10)', async () => {
      const direct = supertest(standalone.url);
      const body = JSON.stringify({ message: 'pay Ada' });
      const signed = signInternalAuth(SECRET, member, 'POST', '/api/echo', { body: Buffer.from(body) });
      const first = await direct.post('/api/echo').set(signed).set('Content-Type', 'application/json').send(body);
      expect(first.status).toBe(201);
      expect(first.body.auth).toEqual(member);
      const replayed = await direct.post('/api/echo').set(signed).set('Content-Type', 'application/json').send(body);
      expect(replayed.status).toBe(401);
      expect(replayed.headers['content-type']).toMatch(/application\/problem\+json/);
      const other = signInternalAuth(SECRET, member, 'POST', '/api/echo', { body: Buffer.from(body) });
      const changed = await direct.post('/api/echo').set(other).set('Content-Type', 'application/json').send(JSON.stringify({ message: 'pay Eve' }));
      expect(changed.status).toBe(401);
      // Through the gateway every request is signed afresh: the same write twice is two writes.
      for (let i = 0; i < 2; i += 1) await supertest(modes().proxied).post('/api/echo').set('Authorization', 'Bearer good-token').send({ message: 'again' }).expect(201);
    });

    it('a client cannot smuggle identity through the gateway', async () => {
      const forged = signInternalAuth('wrong-secret', member, 'GET', '/api/echo/whoami');
      const res = await supertest(modes().proxied).get('/api/echo/whoami').set(forged);
      expect(res.status).toBe(200);
      expect(res.body).toEqual({ auth: null });
    });

    it('when the proxied service is down, then 503 problem', async () => {
      const app = t.createApp({ env: { INTRODUCTIONS_SERVICE_URL: 'http://127.0.0.1:9', INTERNAL_SERVICE_SECRET: SECRET } });
      const res = await supertest(app).post('/api/echo').send({ message: 'hi' });
      expect(res.status).toBe(503);
      expect(JSON.parse(res.text).detail).toMatch(/introductions service is unavailable/);
    });

    it('refuses to proxy without a shared secret', () => {
      expect(() => t.createApp({ env: { INTRODUCTIONS_SERVICE_URL: standalone.url, INTERNAL_SERVICE_SECRET: '' } })).toThrow(/INTERNAL_SERVICE_SECRET/);
    });
  },
  { services: [echoService], resolveSession, explainSessionRefusal },
);

describe('health when the database is down', () => {
  it('answers 503 problem+json without internals', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'vouch-down-'));
    const db = await openDatabase(path.join(dir, 'down.sqlite'));
    const app = createApp({ db, services: [echoService], env: { NODE_ENV: 'test' } });
    expect((await supertest(app).get('/api/health')).status).toBe(200);
    await db.close();
    const res = await supertest(app).get('/api/health');
    expect(res.status).toBe(503);
    expect(res.headers['content-type']).toMatch(/problem\+json/);
    expect(res.text).not.toMatch(/ConnectionManager|sequelize/i);
    fs.rmSync(dir, { recursive: true, force: true });
  });
});
