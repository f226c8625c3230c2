// Issue 26 items 5, 12 and 13: no session outlives its account or its absolute lifetime, and the
// session cookie is __Host- and unique; on SQLite and (with TEST_DATABASE_URL) MariaDB/MySQL.
import supertest from 'supertest';
import { DEV_SESSION_COOKIE, SESSION_COOKIE } from '@vouch/contracts';
import authService, { authRouter, explainSessionRefusal, resolveSession } from '@vouch/service-auth';
import { recordingOtpProvider } from '@vouch/service-auth/testing';
import { describeEachDatabase, GENEROUS_AUTH_LIMITS, signIn, signInRecorded, type TestContext } from './support';
import { COMPLETE_PRODUCTION_ENV } from './support/production-env';

jest.setTimeout(60_000);

describeEachDatabase(
  'sessions end with their account (issue 26 item 5)',
  (t: TestContext) => {
    it("deleting the account ends the member's other sessions at once, even those the gateway keeps in memory", async () => {
      const laptop = await signIn(t, ['Del', 'Eted']);
      const phone = await signIn(t, ['Del', 'Eted'], { phone: laptop.phone });
      expect(phone.memberId).toBe(laptop.memberId);
      // The laptop's session is now in the gateway's session cache (SESSION_CACHE_SECONDS=60 here).
      await laptop.agent.get('/api/vouches/my').expect(200);
      await phone.agent.delete('/api/account').expect(204);
      const after = await laptop.agent.get('/api/vouches/my').expect(401);
      expect(after.headers['content-type']).toMatch(/application\/problem\+json/);
    });
  },
  { env: { ...GENEROUS_AUTH_LIMITS, SESSION_CACHE_SECONDS: '60' } },
);

// The clock is moved by hand: sign-in, sliding expiry and refusals all read it.
let now = Date.now();
const clock = () => new Date(now);
const DAY = 24 * 60 * 60 * 1000;

describeEachDatabase(
  'sessions have an absolute lifetime (issue 26 item 12)',
  (t: TestContext) => {
    it('a session used every day still ends SESSION_MAX_AGE_DAYS after sign-in; its told expiry never passes that end', async () => {
      const member = await signIn(t, ['Daily', 'User']);
      const signedInAt = now;
      for (let day = 1; day <= 4; day += 1) {
        now += DAY;
        await member.agent.get('/api/user/profile').expect(200);
      }
      const told = (await member.agent.get('/api/auth/session').expect(200)).body.expiresAt as string;
      // Without the absolute end the expiry would have slid to day 4 + 30.
      expect(new Date(told).getTime()).toBe(signedInAt + 5 * DAY);
      now += DAY;
      const ended = await member.agent.get('/api/user/profile').expect(401);
      expect(ended.body.code).toBe('SESSION_EXPIRED');
      // Signing in again opens a new session with a new five days.
      const again = await signIn(t, ['Daily', 'User'], { phone: member.phone });
      await again.agent.get('/api/user/profile').expect(200);
    });

    it('SESSION_MAX_AGE_DAYS must be a whole number of at least 1', () => {
      expect(() => t.createApp({ env: { SESSION_MAX_AGE_DAYS: '0' } })).toThrow(/SESSION_MAX_AGE_DAYS/);
    });
  },
  {
    services: [{ ...authService, router: (ctx) => authRouter({ ...ctx, clock }) }],
    resolveSession: (db, token) => resolveSession(db, token, clock()),
    explainSessionRefusal: (db, token) => explainSessionRefusal(db, token, clock()),
    // No in-memory session kept: the tests' clock moves faster than the cache's.
    env: { ...GENEROUS_AUTH_LIMITS, SESSION_MAX_AGE_DAYS: '5', SESSION_CACHE_SECONDS: '0' },
  },
);


describeEachDatabase(
  'the session cookie (issue 26 item 13)',
  (t: TestContext) => {
    const production = COMPLETE_PRODUCTION_ENV;
    const texts = recordingOtpProvider();
    const productionApp = () => t.createApp({ env: production, services: [{ ...authService, router: (ctx) => authRouter({ ...ctx, otpProvider: texts }) }] });
    const signedIn = async (app: ReturnType<TestContext['createApp']>, cookie: string) =>
      (await supertest(app).get('/api/auth/session').set('Cookie', cookie).expect(200)).body.expiresAt !== null;

    it('in production is __Host-vouch_session: Secure, Path=/, no Domain; a plain vouch_session cookie (which a sibling subdomain could plant) is ignored', async () => {
      const app = productionApp();
      const res = await signInRecorded(app, texts, '(201) 555-0142');
      const cookie = (res.headers['set-cookie'] as unknown as string[]).find((c) => c.startsWith(`${SESSION_COOKIE}=`))!;
      expect(cookie).toMatch(/^__Host-vouch_session=[A-Za-z0-9_-]{43}; /);
      expect(cookie).toMatch(/; Path=\/;/);
      expect(cookie).toMatch(/; Secure/);
      expect(cookie).toMatch(/; HttpOnly/);
      expect(cookie).not.toMatch(/Domain=/i);
      const token = /=([^;]+)/.exec(cookie)![1]!;
      expect(await signedIn(app, `${SESSION_COOKIE}=${token}`)).toBe(true);
      expect(await signedIn(app, `vouch_session=${token}`)).toBe(false);
      // Signing out clears the same cookie.
      const out = await supertest(app).post('/api/auth/logout').set('Cookie', `${SESSION_COOKIE}=${token}`).send({}).expect(200);
      expect(String(out.headers['set-cookie'])).toMatch(/^__Host-vouch_session=;.*Secure/);
    });

    it('sent twice, the session cookie counts as none: the request is not signed in, in production and in development alike', async () => {
      const app = productionApp();
      const res = await signInRecorded(app, texts, '(201) 555-0143');
      const token = /=([^;]+)/.exec((res.headers['set-cookie'] as unknown as string[])[0]!)![1]!;
      const planted = 'A'.repeat(43);
      expect(await signedIn(app, `${SESSION_COOKIE}=${planted}; ${SESSION_COOKIE}=${token}`)).toBe(false);
      expect(await signedIn(app, `${SESSION_COOKIE}=${token}; ${SESSION_COOKIE}=${token}`)).toBe(false);
      expect(await signedIn(app, `other=1; ${SESSION_COOKIE}=${token}`)).toBe(true);

      const member = await signIn(t, ['Twice', 'Cookie']);
      const devCookie = (await member.agent.get('/api/auth/session')).request.cookies as unknown as string;
      expect(await signedIn(t.app, devCookie)).toBe(true);
      expect(await signedIn(t.app, `${DEV_SESSION_COOKIE}=${planted}; ${devCookie}`)).toBe(false);
      await supertest(t.app).get('/api/vouches/my').set('Cookie', `${devCookie}; ${devCookie}`).expect(401);
    });
  },
  { env: { ...GENEROUS_AUTH_LIMITS } },
);
