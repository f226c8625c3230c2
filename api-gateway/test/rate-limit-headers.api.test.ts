// RateLimit-Policy and RateLimit (IETF draft-ietf-httpapi-ratelimit-headers) on every
// rate-limited endpoint, on SQLite and (with TEST_DATABASE_URL) MariaDB/MySQL: the quota and
// what is left of it count down with the limiter, and the 429 says it is spent.
import { describeEachDatabase, GENEROUS_AUTH_LIMITS, newPhone, signIn } from './support';

jest.setTimeout(60_000);

/** The `r` and `t` of one policy in a RateLimit header. */
function left(header: string | undefined, policy: string): { r: number; t: number } {
  const match = new RegExp(`"${policy}";r=(\\d+);t=(\\d+)`).exec(header ?? '');
  if (!match) throw new Error(`no "${policy}" in RateLimit: ${header}`);
  return { r: Number(match[1]), t: Number(match[2]) };
}

describeEachDatabase(
  'RateLimit headers',
  (t) => {
    it('request-otp: each quota in RateLimit-Policy, and RateLimit counting down to 0 on the 429', async () => {
      const phone = newPhone();
      const send = () => t.request.post('/api/auth/request-otp').send({ phone });
      const answers = [await send().expect(200), await send().expect(200), await send().expect(200)];
      // The phone's own allowance, whoever asks: 3 per 15 minutes and 10 a day (issue 43).
      expect(answers[0]!.headers['ratelimit-policy']).toContain('"otp-send-phone";q=3;w=900');
      expect(answers[0]!.headers['ratelimit-policy']).toContain('"otp-send-phone-day";q=10;w=86400');
      expect(answers[0]!.headers['ratelimit-policy']).toContain('"otp-send-ip";q=10000;w=600');
      expect(answers.map((res) => left(res.headers.ratelimit, 'otp-send-phone').r)).toEqual([2, 1, 0]);
      expect(answers.map((res) => left(res.headers.ratelimit, 'otp-send-phone-day').r)).toEqual([9, 8, 7]);
      const { t: resetIn } = left(answers[2]!.headers.ratelimit, 'otp-send-phone');
      expect(resetIn).toBeGreaterThan(890);
      expect(resetIn).toBeLessThanOrEqual(900);
      // The screen's Resend code waits for the allowance to come back once it is spent.
      expect(answers.map((res) => res.body.resendAfterSeconds)).toEqual([60, 60, resetIn]);

      const refused = await send().expect(429);
      expect(left(refused.headers.ratelimit, 'otp-send-phone').r).toBe(0);
      expect(refused.headers['ratelimit-policy']).toContain('"otp-send-phone";q=3;w=900');
      expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    });

    it('verify-otp: codes checked count down the client address\'s quota (a code has its own 5 tries)', async () => {
      const phone = newPhone();
      const { attemptId } = (await t.request.post('/api/auth/request-otp').send({ phone }).expect(200)).body;
      const first = await t.request.post('/api/auth/verify-otp').send({ phone, otp: '000000', attemptId });
      const second = await t.request.post('/api/auth/verify-otp').send({ phone, otp: '000001', attemptId });
      expect(first.headers['ratelimit-policy']).toBe('"otp-verify-ip";q=10000;w=600');
      expect(left(first.headers.ratelimit, 'otp-verify-ip').r - left(second.headers.ratelimit, 'otp-verify-ip').r).toBe(1);
    });

    it('network searches: the per-minute quota of a member, then a 429 that says none is left', async () => {
      const member = await signIn(t, ['Nia', 'Searcher']);
      const search = () => member.agent.get('/api/introduction-requests/for-suggestions');
      const answers = [await search().expect(200), await search().expect(200)];
      expect(answers[0]!.headers['ratelimit-policy']).toBe('"network-searches";q=2;w=60');
      expect(answers.map((res) => left(res.headers.ratelimit, 'network-searches').r)).toEqual([1, 0]);
      const refused = await search().expect(429);
      expect(refused.headers.ratelimit).toMatch(/^"network-searches";r=0;t=\d+$/);
      // A read without a limit carries neither.
      expect((await member.agent.get('/api/vouches/my').expect(200)).headers.ratelimit).toBeUndefined();
    });
  },
  {
    env: {
      ...GENEROUS_AUTH_LIMITS,
      EXPENSIVE_READS_PER_MINUTE: '2',
    },
  },
);
