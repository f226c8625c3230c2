// Issue 26 items 5, 12 and 13: no session outlives its account or its absolute lifetime, and the
// session cookie is __Host- and unique; on SQLite and (with TEST_DATABASE_URL) MariaDB/MySQL.
import authService, { authRouter, explainSessionRefusal, resolveSession } from '@vouch/service-auth';
import { describeEachDatabase, GENEROUS_AUTH_LIMITS, signIn, type TestContext } from './support';

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
