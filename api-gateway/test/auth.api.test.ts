// Phone sign-in, registration, profile, sessions and logout through the real gateway (issue 3).
import { Writable } from 'node:stream';
import { createLogger, type ServiceDefinition } from '@vouch/service-core';
import authService, { authRouter, resolveSession, type OtpProvider } from '@vouch/service-auth';
import { describeEachDatabase, type Agent, type TestContext } from './support';

/** The tests move time by hand: code expiry and sessions read this clock. */
let now = Date.now();
const clock = () => new Date(now);
const MINUTE = 60_000;

function authWith(extra: { otpProvider?: OtpProvider } = {}): ServiceDefinition {
  return { ...authService, router: (ctx) => authRouter({ ...ctx, clock, ...extra }) };
}

/** Rate limits are generous here, except where a test is about them. */
const generousLimits = {
  AUTH_OTP_SEND_LIMIT_PER_IP: '1000',
  AUTH_OTP_VERIFY_LIMIT_PER_IP: '1000',
};

let phoneCounter = 0;
/** A fresh phone per test (limits are counted per phone in the database). */
function newPhone(): { e164: string; typed: string } {
  phoneCounter += 1;
  const suffix = String(phoneCounter + Math.floor(Math.random() * 1000) * 1000).padStart(7, '0');
  const e164 = `+1555${suffix}`;
  return { e164, typed: `(555) ${suffix.slice(0, 3)}-${suffix.slice(3)}` };
}

/** Reads the dev outbox unfiltered, so the phone never appears in a request URL (and its log line). */
async function latestCode(t: TestContext, e164: string): Promise<string> {
  const res = await t.request.get('/api/dev/sms-outbox').expect(200);
  const message = (res.body.messages as { to: string; code: string }[]).find((m) => m.to === e164);
  if (!message) throw new Error(`no code was sent to ${e164}`);
  return message.code as string;
}

function wrongCode(code: string): string {
  return code === '000000' ? '111111' : '000000';
}

function requestCode(t: TestContext, phone: string, extra: Record<string, unknown> = {}) {
  return t.request.post('/api/auth/request-otp').send({ phone, ...extra });
}

/** Signs a browser in (and registers it when `name` is given). */
async function signIn(t: TestContext, agent: Agent, name?: [string, string]) {
  const phone = newPhone();
  const sent = await requestCode(t, phone.typed).expect(200);
  const code = await latestCode(t, phone.e164);
  const verified = await agent.post('/api/auth/verify-otp').send({ phone: phone.typed, otp: code, attemptId: sent.body.attemptId }).expect(200);
  if (name) await agent.post('/api/auth/complete-registration').send({ firstName: name[0], lastName: name[1] }).expect(201);
  return { phone, verified };
}

function sessionCookie(res: { headers: Record<string, unknown> }): string | undefined {
  const cookies = (res.headers['set-cookie'] as string[] | undefined) ?? [];
  return cookies.find((c) => c.startsWith('vouch_session='));
}

const logLines: string[] = [];
const logger = createLogger({
  level: 'info',
  destination: new Writable({
    write(chunk, _enc, done) {
      logLines.push(String(chunk));
      done();
    },
  }),
});

describeEachDatabase(
  'phone sign-in',
  (t) => {
    beforeEach(() => {
      now = Date.now();
    });

    describe('requesting a code', () => {
      it.each([
        ['5551230001', '+15551230001'],
        ['15551230002', '+15551230002'],
        ['+15551230003', '+15551230003'],
        ['+1 (555) 123-0004', '+15551230004'],
        ['(555) 123-0005', '+15551230005'],
        ['555.123.0006', '+15551230006'],
        ['1-555-123-0007', '+15551230007'],
      ])('accepts the North American number written as %j and sends the code to %s', async (typed, e164) => {
        const sent = await requestCode(t, typed).expect(200);
        // A minute before Resend code while the phone's allowance (3 codes per 15 minutes) lasts.
        expect(sent.body).toEqual({ success: true, attemptId: expect.stringMatching(/^[A-Za-z0-9_-]{22}$/), resendAfterSeconds: 60 });
        const res = await t.request.get('/api/dev/sms-outbox').query({ phone: e164 }).expect(200);
        expect(res.body.messages).toHaveLength(1);
        expect(res.body.messages[0]).toEqual({ to: e164, body: expect.stringContaining(res.body.messages[0].code), code: expect.stringMatching(/^\d{6}$/), sentAt: expect.any(String) });
      });

      it.each([['555123'], ['+44 20 7946 0958'], ['25551234567'], ['call me'], ['5551234567 ext 9']])('refuses %j with a sentence and a field error', async (phone) => {
        const res = await requestCode(t, phone).expect(400);
        expect(res.headers['content-type']).toMatch(/application\/problem\+json/);
        expect(res.body).toMatchObject({ status: 400, detail: expect.stringMatching(/valid US phone number/), errors: [{ field: 'phone', message: expect.any(String) }] });
      });

      it.each([
        ['no body', undefined],
        ['an empty object', {}],
        ['a blank phone', { phone: '   ' }],
        ['a number for the phone', { phone: 5551234567 }],
        ['null', { phone: null }],
        ['an array', [1, 2]],
        ['a vouch token that is not text', { phone: '5551234567', vouchToken: 7 }],
      ])('answers %s with 400 and field errors, never 500', async (_label, body) => {
        const req = t.request.post('/api/auth/request-otp');
        const res = await (body === undefined ? req : req.send(body as object)).expect(400);
        expect(res.body.errors?.length ?? 0).toBeGreaterThan(0);
        expect(res.body.errors[0].field).toMatch(/phone|vouchToken|^$/);
      });

      it('answers malformed JSON with 400, never 500', async () => {
        const res = await t.request.post('/api/auth/request-otp').set('Content-Type', 'application/json').send('{"phone": ');
        expect(res.status).toBe(400);
      });

      it('lists the outbox newest first', async () => {
        const phone = newPhone();
        await requestCode(t, phone.typed).expect(200);
        now += 1000;
        await requestCode(t, phone.typed).expect(200);
        const { body } = await t.request.get('/api/dev/sms-outbox').query({ phone: phone.e164 }).expect(200);
        expect(body.messages).toHaveLength(2);
        expect(body.messages[0].sentAt > body.messages[1].sentAt).toBe(true);
      });
    });

    describe('a new member', () => {
      it('verifies, gets a registration-pending session, names themselves and sees their profile', async () => {
        const agent = t.agent();
        const phone = newPhone();
        const sent = await requestCode(t, phone.typed).expect(200);
        const code = await latestCode(t, phone.e164);

        const verified = await agent.post('/api/auth/verify-otp').send({ phone: phone.typed, otp: code, attemptId: sent.body.attemptId }).expect(200);
        expect(verified.body).toEqual({ isNewUser: true });
        const cookie = sessionCookie(verified)!;
        expect(cookie).toMatch(/^vouch_session=[A-Za-z0-9_-]{43};/);
        expect(cookie).toMatch(/HttpOnly/);
        expect(cookie).toMatch(/SameSite=Lax/);
        expect(cookie).toMatch(/Path=\//);
        expect(cookie).toMatch(/Max-Age=2592000/);
        expect(cookie).not.toMatch(/Secure/);

        const pending = await agent.get('/api/user/profile').expect(401);
        expect(pending.body.detail).toBe('Not authenticated');

        const registered = await agent.post('/api/auth/complete-registration').send({ firstName: '  Ada ', lastName: 'Lovelace  ' }).expect(201);
        expect(registered.body.user).toMatchObject({ name: 'Ada Lovelace', phone: phone.e164 });

        const profile = await agent.get('/api/user/profile').expect(200);
        expect(profile.body).toEqual({
          user: {
            id: expect.any(Number),
            name: 'Ada Lovelace',
            phone: phone.e164,
            onboardingComplete: false,
            socialCapitalBalance: 0,
            introductionScore: 0,
            connectorScore: 0,
            vouchScore: 0,
            reputationScore: 0,
            vouchesGiven: 0,
            vouchesReceived: 0,
            introductionRequestsCount: 0,
            connectionsCount: 0,
            profileViews: 0,
            createdAt: new Date(now).toISOString(),
          },
        });

        await agent.post('/api/auth/complete-registration').send({ firstName: 'Ada', lastName: 'Again' }).expect(409);
      });

      it.each([
        [{ firstName: '', lastName: 'Lovelace' }, 'firstName'],
        [{ firstName: '   ', lastName: 'Lovelace' }, 'firstName'],
        [{ firstName: 'Ada', lastName: ' ' }, 'lastName'],
        [{ firstName: 'Ada' }, 'lastName'],
        [{ firstName: 'A'.repeat(51), lastName: 'Lovelace' }, 'firstName'],
        [{ firstName: 'Ada', lastName: 42 }, 'lastName'],
      ])('refuses the names %j (field %s) with 400', async (body, field) => {
        const agent = t.agent();
        await signIn(t, agent);
        const res = await agent.post('/api/auth/complete-registration').send(body).expect(400);
        expect(res.body.errors).toEqual(expect.arrayContaining([expect.objectContaining({ field })]));
        await agent.get('/api/user/profile').expect(401);
      });

      it('accepts names of exactly 50 characters', async () => {
        const agent = t.agent();
        await signIn(t, agent);
        const res = await agent.post('/api/auth/complete-registration').send({ firstName: 'A'.repeat(50), lastName: 'B'.repeat(50) }).expect(201);
        expect(res.body.user.name).toBe(`${'A'.repeat(50)} ${'B'.repeat(50)}`);
      });

      it('cannot register without a verified session', async () => {
        const res = await t.request.post('/api/auth/complete-registration').send({ firstName: 'Ada', lastName: 'Lovelace' }).expect(401);
        expect(res.body.detail).toBe('Not authenticated');
      });
    });

    describe('a returning member', () => {
      it('is signed straight in (isNewUser false) and sees their profile', async () => {
        const first = t.agent();
        const { phone } = await signIn(t, first, ['Grace', 'Hopper']);

        const second = t.agent();
        const sent = await requestCode(t, phone.e164).expect(200);
        const res = await second.post('/api/auth/verify-otp').send({ phone: phone.e164, otp: await latestCode(t, phone.e164), attemptId: sent.body.attemptId }).expect(200);
        expect(res.body).toEqual({ isNewUser: false });
        const profile = await second.get('/api/user/profile').expect(200);
        expect(profile.body.user).toMatchObject({ name: 'Grace Hopper', phone: phone.e164 });
      });
    });

    describe('codes', () => {
      it('a wrong code is refused with a sentence', async () => {
        const phone = newPhone();
        const { attemptId } = (await requestCode(t, phone.typed).expect(200)).body;
        const code = await latestCode(t, phone.e164);
        const res = await t.request.post('/api/auth/verify-otp').send({ phone: phone.typed, otp: wrongCode(code), attemptId }).expect(400);
        expect(res.body.detail).toMatch(/^The verification code is incorrect\. 4 tries left\.$/);
        expect(res.headers['set-cookie']).toBeUndefined();
      });

      it('after five wrong tries even the right code is refused', async () => {
        const phone = newPhone();
        const { attemptId } = (await requestCode(t, phone.typed).expect(200)).body;
        const code = await latestCode(t, phone.e164);
        for (let i = 0; i < 4; i += 1) await t.request.post('/api/auth/verify-otp').send({ phone: phone.typed, otp: wrongCode(code), attemptId }).expect(400);
        const fifth = await t.request.post('/api/auth/verify-otp').send({ phone: phone.typed, otp: wrongCode(code), attemptId }).expect(400);
        expect(fifth.body.detail).toMatch(/Too many incorrect attempts/);
        const right = await t.request.post('/api/auth/verify-otp').send({ phone: phone.typed, otp: code, attemptId });
        expect(right.status).toBe(400);
        expect(right.body.detail).toMatch(/Too many incorrect attempts/);
        // A new code works again.
        const again = (await requestCode(t, phone.typed).expect(200)).body;
        await t.request.post('/api/auth/verify-otp').send({ phone: phone.typed, otp: await latestCode(t, phone.e164), attemptId: again.attemptId }).expect(200);
      });

      it('expires after ten minutes', async () => {
        const phone = newPhone();
        const { attemptId } = (await requestCode(t, phone.typed).expect(200)).body;
        const code = await latestCode(t, phone.e164);
        now += 10 * MINUTE;
        const res = await t.request.post('/api/auth/verify-otp').send({ phone: phone.typed, otp: code, attemptId }).expect(410);
        expect(res.body.detail).toMatch(/expired/);
      });

      it('works until just before ten minutes', async () => {
        const phone = newPhone();
        const { attemptId } = (await requestCode(t, phone.typed).expect(200)).body;
        const code = await latestCode(t, phone.e164);
        now += 10 * MINUTE - 1000;
        await t.request.post('/api/auth/verify-otp').send({ phone: phone.typed, otp: code, attemptId }).expect(200);
      });

      it('is single use', async () => {
        const phone = newPhone();
        const { attemptId } = (await requestCode(t, phone.typed).expect(200)).body;
        const code = await latestCode(t, phone.e164);
        await t.request.post('/api/auth/verify-otp').send({ phone: phone.typed, otp: code, attemptId }).expect(200);
        const again = await t.request.post('/api/auth/verify-otp').send({ phone: phone.typed, otp: code, attemptId });
        expect(again.status).toBe(410);
        expect(again.body.detail).toMatch(/already used\. Please request a new one/);
      });

      it.each([
        [{ phone: '5551234567', attemptId: 'a' }, 'otp'],
        [{ phone: '5551234567', attemptId: 'a', otp: '12345' }, 'otp'],
        [{ phone: '5551234567', attemptId: 'a', otp: '1234567' }, 'otp'],
        [{ phone: '5551234567', attemptId: 'a', otp: 'abcdef' }, 'otp'],
        [{ phone: '5551234567', attemptId: 'a', otp: 123456 }, 'otp'],
        [{ otp: '123456', attemptId: 'a' }, 'phone'],
        [{ phone: '5551234567', otp: '123456' }, 'attemptId'],
        [{ phone: '5551234567', otp: '123456', attemptId: 42 }, 'attemptId'],
        [{ phone: '5551234567', attemptId: 'a', otp: '123456', session: 'jwt' }, 'session'],
      ])('verify refuses %j (field %s) with 400', async (body, field) => {
        const res = await t.request.post('/api/auth/verify-otp').send(body).expect(400);
        expect(res.body.errors).toEqual(expect.arrayContaining([expect.objectContaining({ field })]));
      });
    });

    describe('rate limits', () => {
      it('allow three codes per phone in fifteen minutes, then 429 with Retry-After, then again', async () => {
        const phone = newPhone();
        const sent = [];
        for (let i = 0; i < 3; i += 1) sent.push((await requestCode(t, phone.typed).expect(200)).body.resendAfterSeconds);
        // A minute between codes while the allowance lasts; after the last, until it comes back.
        expect(sent).toEqual([60, 60, 15 * 60]);
        now += MINUTE;
        const limited = await requestCode(t, phone.typed).expect(429);
        expect(limited.headers['retry-after']).toBe('840');
        expect(limited.body.detail).toMatch(/Too many verification codes were sent to this phone number/);
        now += 14 * MINUTE;
        await requestCode(t, phone.typed).expect(200);
      });

      it('limit codes per IP (behind a trusted proxy the client address counts)', async () => {
        const app = t.createApp({ services: [authWith()], env: { TRUST_PROXY: 'loopback', AUTH_OTP_SEND_LIMIT_PER_IP: '3', AUTH_OTP_VERIFY_LIMIT_PER_IP: '1000' } });
        const { default: supertest } = await import('supertest');
        const ip = `203.0.113.${Math.floor(Math.random() * 250)}`;
        for (let i = 0; i < 3; i += 1) await supertest(app).post('/api/auth/request-otp').set('X-Forwarded-For', ip).send({ phone: newPhone().typed }).expect(200);
        const limited = await supertest(app).post('/api/auth/request-otp').set('X-Forwarded-For', ip).send({ phone: newPhone().typed }).expect(429);
        expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
        await supertest(app).post('/api/auth/request-otp').set('X-Forwarded-For', '198.51.100.7').send({ phone: newPhone().typed }).expect(200);
      });

      it('limit verification attempts per client address across phones', async () => {
        const app = t.createApp({ services: [authWith()], env: { TRUST_PROXY: 'loopback', AUTH_OTP_SEND_LIMIT_PER_IP: '1000', AUTH_OTP_VERIFY_LIMIT_PER_IP: '3' } });
        const { default: supertest } = await import('supertest');
        const ip = `203.0.113.${Math.floor(Math.random() * 250)}`;
        const client = { request: (path: string) => supertest(app).post(path).set('X-Forwarded-For', ip) };
        const codes = [];
        for (const phone of [newPhone(), newPhone()]) {
          const { attemptId } = (await client.request('/api/auth/request-otp').send({ phone: phone.typed }).expect(200)).body;
          const outbox = await supertest(app).get('/api/dev/sms-outbox').query({ phone: phone.e164 }).expect(200);
          codes.push({ phone, attemptId, code: outbox.body.messages[0].code as string });
        }
        for (let i = 0; i < 3; i += 1) {
          const { phone, attemptId, code } = codes[i % 2]!;
          await client.request('/api/auth/verify-otp').send({ phone: phone.typed, otp: wrongCode(code), attemptId }).expect(400);
        }
        const limited = await client.request('/api/auth/verify-otp').send({ phone: codes[1]!.phone.typed, otp: codes[1]!.code, attemptId: codes[1]!.attemptId }).expect(429);
        expect(limited.headers['retry-after']).toBeDefined();
      });

      it('hold across gateway instances sharing the database', async () => {
        const phone = newPhone();
        const other = t.createApp({ services: [authWith()] });
        const { default: supertest } = await import('supertest');
        for (let i = 0; i < 2; i += 1) await requestCode(t, phone.typed).expect(200);
        await supertest(other).post('/api/auth/request-otp').send({ phone: phone.typed }).expect(200);
        await supertest(other).post('/api/auth/request-otp').send({ phone: phone.typed }).expect(429);
        await requestCode(t, phone.typed).expect(429);
      });
    });

    describe('sessions', () => {
      it('logout revokes the session on the server and clears the cookie', async () => {
        const agent = t.agent();
        const { verified } = await signIn(t, agent, ['Alan', 'Turing']);
        const cookie = sessionCookie(verified)!.split(';')[0]!;
        await t.request.get('/api/user/profile').set('Cookie', cookie).expect(200);

        const out = await agent.post('/api/auth/logout').send({}).expect(200);
        expect(out.body).toEqual({ success: true });
        expect(sessionCookie(out)).toMatch(/^vouch_session=;.*Expires=Thu, 01 Jan 1970/);
        // The old cookie, replayed, no longer works.
        const replay = await t.request.get('/api/user/profile').set('Cookie', cookie).expect(401);
        expect(replay.body.detail).toBe('Not authenticated');
      });

      it('logout without any session is refused (SESSION_MISSING); with one that already ended it succeeds again', async () => {
        const res = await t.request.post('/api/auth/logout').send({}).expect(401);
        expect(res.body).toMatchObject({ code: 'SESSION_MISSING' });
        expect(res.headers['www-authenticate']).toBe('Bearer realm="vouch"');
        const agent = t.agent();
        await signIn(t, agent, ['Grace', 'Hopper']);
        await agent.post('/api/auth/logout').send({}).expect(200);
        const { verified } = await signIn(t, t.agent(), ['Edsger', 'Dijkstra']);
        const cookie = sessionCookie(verified)!.split(';')[0]!;
        await t.request.post('/api/auth/logout').set('Cookie', cookie).send({}).expect(200, { success: true });
        await t.request.post('/api/auth/logout').set('Cookie', cookie).send({}).expect(200, { success: true });
      });

      it('a signed-out profile request is 401 Not authenticated', async () => {
        const res = await t.request.get('/api/user/profile').expect(401);
        expect(res.headers['content-type']).toMatch(/application\/problem\+json/);
        expect(res.body).toMatchObject({ status: 401, detail: 'Not authenticated' });
        await t.request.get('/api/user/profile').set('Cookie', 'vouch_session=forged').expect(401);
      });

      it('the session probe answers a signed-out visitor with 200 and null, and a member with the same user as the profile', async () => {
        for (const cookie of [undefined, 'vouch_session=forged']) {
          const probe = t.request.get('/api/auth/session');
          const res = await (cookie ? probe.set('Cookie', cookie) : probe).expect(200);
          expect(res.body).toEqual({ user: null, expiresAt: null, registrationComplete: false });
          expect(res.headers['cache-control']).toBe('no-store');
        }
        const agent = t.agent();
        await signIn(t, agent, ['Grace', 'Hopper']);
        const session = await agent.get('/api/auth/session').expect(200);
        expect(session.body.user).toMatchObject({ name: 'Grace Hopper' });
        expect(session.body.user).toEqual((await agent.get('/api/user/profile').expect(200)).body.user);
        expect(session.body.registrationComplete).toBe(true);
      });

      it('mobile: "session": "token" returns a bearer token and sets no cookie', async () => {
        const phone = newPhone();
        const { attemptId } = (await requestCode(t, phone.typed).expect(200)).body;
        const res = await t.request
          .post('/api/auth/verify-otp')
          .send({ phone: phone.typed, otp: await latestCode(t, phone.e164), attemptId, session: 'token' })
          .expect(200);
        expect(res.body).toEqual({ isNewUser: true, token: expect.stringMatching(/^[A-Za-z0-9_-]{43}$/), expiresAt: expect.any(String), deviceToken: expect.stringMatching(/^[A-Za-z0-9_-]{43}$/) });
        expect(sessionCookie(res)).toBeUndefined();
        const bearer = `Bearer ${res.body.token}`;

        await t.request.get('/api/user/profile').set('Authorization', bearer).expect(401);
        // Bearer writes need no Origin check, even from a foreign origin.
        await t.request
          .post('/api/auth/complete-registration')
          .set('Authorization', bearer)
          .set('Origin', 'https://elsewhere.example')
          .send({ firstName: 'Mobile', lastName: 'User' })
          .expect(201);
        const profile = await t.request.get('/api/user/profile').set('Authorization', bearer).expect(200);
        expect(profile.body.user.name).toBe('Mobile User');

        await t.request.post('/api/auth/logout').set('Authorization', bearer).send({}).expect(200);
        await t.request.get('/api/user/profile').set('Authorization', bearer).expect(401);
      });

      it('a cookie write from a foreign Origin is refused with 403', async () => {
        const agent = t.agent();
        await signIn(t, agent);
        const res = await agent.post('/api/auth/complete-registration').set('Origin', 'https://evil.example').send({ firstName: 'Eve', lastName: 'Evil' }).expect(403);
        expect(res.body.status).toBe(403);
        await agent.get('/api/user/profile').expect(401); // nothing was written
      });

      it('signing in again replaces the previous session', async () => {
        const agent = t.agent();
        const { phone, verified } = await signIn(t, agent, ['Katherine', 'Johnson']);
        const oldCookie = sessionCookie(verified)!.split(';')[0]!;
        const { attemptId } = (await requestCode(t, phone.typed).expect(200)).body;
        await agent.post('/api/auth/verify-otp').send({ phone: phone.typed, otp: await latestCode(t, phone.e164), attemptId }).expect(200);
        await t.request.get('/api/user/profile').set('Cookie', oldCookie).expect(401);
        await agent.get('/api/user/profile').expect(200);
      });

      it('expire after 30 days unused, but slide while in use', async () => {
        const active = t.agent();
        const idle = t.agent();
        await signIn(t, active, ['Active', 'User']);
        await signIn(t, idle, ['Idle', 'User']);
        now += 20 * 24 * 60 * MINUTE;
        await active.get('/api/user/profile').expect(200);
        now += 15 * 24 * 60 * MINUTE;
        await active.get('/api/user/profile').expect(200);
        await idle.get('/api/user/profile').expect(401);
      });
    });

    describe('logs', () => {
      it('never contain a phone or a session token in clear', async () => {
        logLines.length = 0;
        const agent = t.agent();
        const { phone, verified } = await signIn(t, agent, ['Log', 'Check']);
        const token = sessionCookie(verified)!.split(';')[0]!.split('=')[1]!;
        await agent.get('/api/user/profile').expect(200);
        await t.request.get('/api/dev/sms-outbox').query({ phone: phone.e164 }).expect(200);
        await agent.post('/api/auth/logout').send({}).expect(200);
        const all = logLines.join('\n');
        expect(all.length).toBeGreaterThan(0);
        expect(all).not.toContain(phone.e164.slice(2));
        expect(all).not.toContain(token);
        expect(all).toContain(phone.e164.slice(-4));
      });
    });

    it('documents the sign-in paths, the bearer scheme and the mobile flow in OpenAPI', async () => {
      const { body } = await t.request.get('/api/openapi.json').expect(200);
      for (const path of ['/auth/request-otp', '/auth/verify-otp', '/auth/complete-registration', '/auth/logout', '/user/profile']) {
        expect(body.paths[path]).toBeDefined();
      }
      expect(body.components.securitySchemes.bearerAuth).toMatchObject({ type: 'http', scheme: 'bearer' });
      expect(JSON.stringify(body.paths['/auth/verify-otp'])).toContain('token');
      expect(body.paths['/user/profile'].get.security).toEqual([{ sessionCookie: [] }, { bearerAuth: [] }]);
    });
  },
  {
    services: [authWith()],
    resolveSession: (db, token) => resolveSession(db, token, clock()),
    env: generousLimits,
    logger,
  },
);
