// Issue 26 items 5, 12 and 13: no session outlives its account or its absolute lifetime, and the
// session cookie is __Host- and unique; on SQLite and (with TEST_DATABASE_URL) MariaDB/MySQL.
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
