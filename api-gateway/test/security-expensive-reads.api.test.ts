// Issue 26 item 16: the signed-in reads that search the network are limited per member (429 with
// Retry-After), on SQLite and (with TEST_DATABASE_URL) MariaDB/MySQL.
import { EXPENSIVE_READS_LIMITED } from '@vouch/service-core';
import { describeEachDatabase, GENEROUS_AUTH_LIMITS, signIn, vouchAndAccept, type TestContext } from './support';

jest.setTimeout(60_000);

describeEachDatabase(
  'expensive reads are limited per member (issue 26 item 16)',
  (t: TestContext) => {
    it('past EXPENSIVE_READS_PER_MINUTE, analysis, requests for suggestions, my-matches, connector insights, people search and every 2° person answer 429 with Retry-After; other members are not slowed', async () => {
      const busy = await signIn(t, ['Busy', 'Bee']);
      const calm = await signIn(t, ['Calm', 'Cat']);
      await vouchAndAccept(calm, busy);
      const requestId = (await busy.agent.post('/api/introduction-requests').send({ requestType: 'Hiring', desiredSkills: 'React', reason: 'A new team', context: null, degreeLevel: 1 }).expect(201)).body.id;
      const expensive = [
        '/api/network/analysis?degree=3',
        '/api/introduction-requests/for-suggestions',
        `/api/introduction-requests/${requestId}/my-matches`,
        `/api/introduction-requests/${requestId}/connector-insights`,
        '/api/people/search?q=calm',
        // Issue 43: every 2° person, paged, is as expensive as a search.
        '/api/network/second-degree?q=c',
      ];
      for (const url of expensive) expect((await busy.agent.get(url)).status).toBeLessThan(500);
      // Each kind answered once; the budget (6 a minute here) is shared by all of them.
      for (const url of expensive) {
        const res = await busy.agent.get(url).expect(429);
        expect(res.headers['content-type']).toMatch(/application\/problem\+json/);
        expect(res.body.detail).toBe(EXPENSIVE_READS_LIMITED);
        expect(Number(res.headers['retry-after'])).toBeGreaterThanOrEqual(1);
        expect(Number(res.headers['retry-after'])).toBeLessThanOrEqual(60);
      }
      // Cheap reads are not counted, and another member has a budget of their own.
      await busy.agent.get('/api/vouches/my').expect(200);
      await calm.agent.get('/api/network/analysis?degree=3').expect(200);
    });

    it('the limits are settings; a wrong value is a start-up error', () => {
      expect(() => t.createApp({ env: { EXPENSIVE_READS_PER_MINUTE: 'many' } })).toThrow(/EXPENSIVE_READS_PER_MINUTE/);
    });
  },
  // No cached answer: every call reaches the route (the caches answer repeated reads for nothing).
  { env: { ...GENEROUS_AUTH_LIMITS, EXPENSIVE_READS_PER_MINUTE: '6', MEMBER_READ_CACHE_SECONDS: '0' } },
);
