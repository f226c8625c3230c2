// Issue 26 item 3 and issue 43 item 1: sign-in codes cannot be pumped to costly numbers or bombed
// at one phone, and strangers can neither jam a member's sign-in nor burn their code; on SQLite
// and (with TEST_DATABASE_URL) MariaDB/MySQL. Client addresses come from X-Forwarded-For (TRUST_PROXY).
import supertest from 'supertest';
import authService, { authRouter } from '@vouch/service-auth';
import { describeEachDatabase, newPhone, type TestContext } from './support';

jest.setTimeout(60_000);

const MEMBER = '198.51.100.20';
const DAY_SECONDS = 24 * 60 * 60;
type App = ReturnType<TestContext['createApp']>;

const from = (app: App, ip: string) => ({
  requestCode: (phone: string) => supertest(app).post('/api/auth/request-otp').set('X-Forwarded-For', ip).send({ phone }),
  verify: (phone: string, otp: string) => supertest(app).post('/api/auth/verify-otp').set('X-Forwarded-For', ip).send({ phone, otp }),
});
/** The newest code texted to `phone`, from `app`'s own dev outbox. */
const codeOf = async (app: App, phone: string) => {
  const res = await supertest(app).get('/api/dev/sms-outbox').expect(200);
  return (res.body.messages as { to: string; code: string | null }[]).find((m) => m.to === phone && m.code)!.code!;
};
const textsTo = async (app: App, phone: string) =>
  ((await supertest(app).get('/api/dev/sms-outbox').expect(200)).body.messages as { to: string; code: string | null }[]).filter((m) => m.to === phone && m.code).length;
const wrongFor = (code: string) => (code === '000000' ? '111111' : '000000');

describeEachDatabase(
  'sign-in abuse (issue 26 items 3 and 11)',
  (t: TestContext) => {
    describe('which numbers get a code (item 3)', () => {
      it('refuses premium-rate, invalid and out-of-country numbers with a 400 that says why, and texts a valid US mobile', async () => {
        const cases: [string, RegExp][] = [
          ['+1 900 555 1234', /premium-rate or shared-cost/],
          ['+1 876 555 1234', /only to phone numbers in US/], // Jamaica
          ['+1 809 555 1234', /only to phone numbers in US/], // Dominican Republic
          ['+1 649 555 1234', /not a valid phone number/], // Turks and Caicos range not in use
          ['+1 246 555 1234', /not a valid phone number/], // Barbados range not in use
          ['+1 613 555 1234', /only to phone numbers in US/], // Canada, not allowed by default
        ];
        for (const [phone, reason] of cases) {
          const res = await t.request.post('/api/auth/request-otp').send({ phone }).expect(400);
          expect(res.headers['content-type']).toMatch(/application\/problem\+json/);
          expect(res.body.detail).toMatch(reason);
          expect(res.body.errors).toEqual([{ field: 'phone', message: res.body.detail }]);
        }
        await t.request.post('/api/auth/request-otp').send({ phone: '(201) 555-0123' }).expect(200);
      });

      it('AUTH_SMS_COUNTRIES widens the allowlist; a country outside +1 is a start-up error', async () => {
        const app = t.createApp({ env: { AUTH_SMS_COUNTRIES: 'US,CA' } });
        await supertest(app).post('/api/auth/request-otp').send({ phone: '+1 613 555 1234' }).expect(200);
        await supertest(app).post('/api/auth/request-otp').send({ phone: '+1 876 555 1234' }).expect(400);
        expect(() => t.createApp({ env: { AUTH_SMS_COUNTRIES: 'US,GB' } })).toThrow(/AUTH_SMS_COUNTRIES .*GB/);
      });

      it('caps the codes one phone gets in a day from every address, and all codes in a day', async () => {
        const app = t.createApp({ env: { TRUST_PROXY: 'loopback', AUTH_OTP_SEND_LIMIT_PER_PHONE: '10', AUTH_OTP_SEND_DAILY_LIMIT_PER_PHONE: '3', AUTH_OTP_SEND_DAILY_LIMIT: '40' } });
        const victim = newPhone();
        for (let i = 0; i < 3; i += 1) await from(app, `192.0.2.${i + 1}`).requestCode(victim).expect(200);
        const bombed = await from(app, '192.0.2.9').requestCode(victim).expect(429);
        expect(bombed.body.detail).toMatch(/for this phone number today/);
        expect(Number(bombed.headers['retry-after'])).toBeGreaterThan(23 * 3600);
        // The global count is shared by the whole suite's database: new numbers from new addresses until it answers 429.
        let sent = 0;
        let pumped: supertest.Response | undefined;
        while (!pumped && sent <= 40) {
          const res = await from(app, `192.0.2.${100 + sent}`).requestCode(newPhone());
          if (res.status === 429) pumped = res;
          else expect(res.status).toBe(200);
          sent += 1;
        }
        expect(pumped?.body.detail).toMatch(/cannot send more verification codes right now/);
        await from(app, '192.0.2.200').requestCode(newPhone()).expect(429);
      });

      it('counts an IPv6 client per /64: a new address in the same /64 is the same client', async () => {
        const app = t.createApp({ env: { TRUST_PROXY: 'loopback', AUTH_OTP_SEND_LIMIT_PER_IP: '2' } });
        await from(app, '2001:db8:aa:1::1').requestCode(newPhone()).expect(200);
        await from(app, '2001:db8:aa:1:ffff::2').requestCode(newPhone()).expect(200);
        await from(app, '2001:db8:aa:1:1234:5678:9abc:def0').requestCode(newPhone()).expect(429);
        await from(app, '2001:db8:aa:2::1').requestCode(newPhone()).expect(200);
      });
    });

    describe('strangers can neither jam nor bomb a member (issue 43 item 1)', () => {
      const MEMBER_UA = 'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Safari/537.36';
      it("five wrong codes from five addresses cannot burn the member's code: only the attempt's holder spends its tries", async () => {
        const app = t.createApp({ env: { TRUST_PROXY: 'loopback' } });
        const phone = newPhone();
        const { attemptId } = (await from(app, MEMBER).requestCode(phone).expect(200)).body;
        const code = await codeOf(app, phone);
        for (let address = 1; address <= 5; address += 1) {
          const res = await from(app, `203.0.113.${20 + address}`).verify(phone, wrongFor(code)).expect(400);
          expect(res.body.code).toBe('VALIDATION_FAILED'); // no attemptId: the code is not even looked at
        }
        await supertest(app).post('/api/auth/verify-otp').set('X-Forwarded-For', MEMBER).send({ phone, otp: code, attemptId }).expect(200);
      });

      it('25 requests for one phone from 25 addresses send at most the cap (3), and the refusals say when to try again', async () => {
        const app = t.createApp({ env: { TRUST_PROXY: 'loopback' } });
        const phone = newPhone();
        const answers = [];
        for (let address = 1; address <= 25; address += 1) answers.push(await from(app, `198.18.0.${address}`).requestCode(phone));
        expect(answers.filter((res) => res.status === 200)).toHaveLength(3);
        expect(answers.slice(3).every((res) => res.status === 429)).toBe(true);
        expect(await textsTo(app, phone)).toBe(3);
        const refused = answers[24]!;
        expect(refused.body.detail).toBe('Too many verification codes were sent to this phone number. Please wait before trying again.');
        expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
        expect(Number(refused.headers['retry-after'])).toBeLessThanOrEqual(900);
        expect(refused.headers.ratelimit).toMatch(/"otp-send-phone";r=0;t=\d+/);
      });

      it('a device that signed in before still gets its code while strangers hammer the number', async () => {
        const app = t.createApp({ env: { TRUST_PROXY: 'loopback' } });
        const phone = newPhone();
        // The member's browser signs in once: it keeps the device cookie.
        const browser = supertest.agent(app);
        const first = (await browser.post('/api/auth/request-otp').set('X-Forwarded-For', MEMBER).send({ phone }).expect(200)).body;
        const signedIn = await browser.post('/api/auth/verify-otp').set('X-Forwarded-For', MEMBER).set('User-Agent', MEMBER_UA).send({ phone, otp: await codeOf(app, phone), attemptId: first.attemptId }).expect(200);
        expect(String(signedIn.headers['set-cookie'])).toMatch(/vouch_device=[A-Za-z0-9_-]{43}; Max-Age=31536000; Path=\/; Expires=[^;]+; HttpOnly; SameSite=Lax/);
        await browser.post('/api/auth/complete-registration').send({ firstName: 'Dee', lastName: 'Vice' }).expect(201);
        await browser.post('/api/auth/logout').send({}).expect(200);

        // Six addresses × 5 requests: strangers spend the phone's allowance (and a forged device cookie is no device).
        let strangersSent = 0;
        for (let address = 1; address <= 6; address += 1) {
          for (let i = 0; i < 5; i += 1) {
            const res = await supertest(app).post('/api/auth/request-otp').set('X-Forwarded-For', `203.0.113.${100 + address}`).set('Cookie', `vouch_device=${'A'.repeat(43)}`).send({ phone });
            if (res.status === 200) strangersSent += 1;
          }
        }
        expect(strangersSent).toBe(2); // the member's own first code was the third
        // The member's browser, with its device cookie, spends the device allowance: a code, and in.
        const mine = await browser.post('/api/auth/request-otp').set('X-Forwarded-For', MEMBER).send({ phone }).expect(200);
        expect(mine.headers['ratelimit-policy']).toContain('"otp-send-phone-trusted";q=3;w=900');
        const back = await browser.post('/api/auth/verify-otp').set('X-Forwarded-For', MEMBER).send({ phone, otp: await codeOf(app, phone), attemptId: mine.body.attemptId }).expect(200);
        expect(back.body).toEqual({ isNewUser: false });
        // Bombing stays bounded: at most 3 + 3 texts in the window, whatever anyone sends.
        expect(await textsTo(app, phone)).toBe(4);
      });

      it("strangers spend the phone's 10 codes a day in four 15-minute windows: a new device then waits for the day's end, a known one does not", async () => {
        // The windows are fixed and move with this clock; only requests past the 15-minute check count towards the day.
        let now = Date.now();
        const clock = () => new Date(now);
        const app = t.createApp({ services: [{ ...authService, router: (ctx) => authRouter({ ...ctx, clock }) }], env: { TRUST_PROXY: 'loopback' } });
        const phone = newPhone();
        const browser = supertest.agent(app);
        const first = (await browser.post('/api/auth/request-otp').set('X-Forwarded-For', MEMBER).send({ phone }).expect(200)).body;
        await browser.post('/api/auth/verify-otp').set('X-Forwarded-For', MEMBER).send({ phone, otp: await codeOf(app, phone), attemptId: first.attemptId }).expect(200);
        await browser.post('/api/auth/complete-registration').send({ firstName: 'Known', lastName: 'Device' }).expect(201);
        await browser.post('/api/auth/logout').send({}).expect(200);

        // Three requests every 15 minutes from anywhere: the member's first code and 9 of the strangers' make the day's 10.
        let strangersSent = 0;
        for (let window = 0; window < 4; window += 1) {
          for (let i = 0; i < 3; i += 1) {
            if ((await from(app, `203.0.113.${50 + window * 3 + i}`).requestCode(phone)).status === 200) strangersSent += 1;
          }
          now += 901 * 1000;
        }
        expect(strangersSent).toBe(9);
        expect(await textsTo(app, phone)).toBe(10);

        // A new browser (or a first sign-up) is refused until the day window ends, not for 15 minutes.
        const newDevice = await from(app, MEMBER).requestCode(phone).expect(429);
        expect(newDevice.body.detail).toMatch(/for this phone number today/);
        const retryAfter = Number(newDevice.headers['retry-after']);
        expect(retryAfter).toBeGreaterThan(22 * 3600);
        expect(retryAfter).toBeLessThanOrEqual(DAY_SECONDS);
        now += 901 * 1000;
        await from(app, MEMBER).requestCode(phone).expect(429);

        // The browser that signed in before spends its own allowance: a code, and in.
        const mine = await browser.post('/api/auth/request-otp').set('X-Forwarded-For', MEMBER).send({ phone }).expect(200);
        expect(mine.headers['ratelimit-policy']).toContain('otp-send-phone-trusted');
        const back = await browser.post('/api/auth/verify-otp').set('X-Forwarded-For', MEMBER).send({ phone, otp: await codeOf(app, phone), attemptId: mine.body.attemptId }).expect(200);
        expect(back.body).toEqual({ isNewUser: false });

        // Once the day window ends, a new device gets a code again.
        now += retryAfter * 1000;
        await from(app, MEMBER).requestCode(phone).expect(200);
      });

      it("an app's device token works like the cookie, and a member's other phone has no allowance from it", async () => {
        const app = t.createApp({ env: { TRUST_PROXY: 'loopback' } });
        const phone = newPhone();
        const { attemptId } = (await from(app, MEMBER).requestCode(phone).expect(200)).body;
        const signedIn = await supertest(app).post('/api/auth/verify-otp').set('X-Forwarded-For', MEMBER).send({ phone, otp: await codeOf(app, phone), attemptId, session: 'token' }).expect(200);
        const { deviceToken } = signedIn.body as { deviceToken: string };
        for (let address = 1; address <= 4; address += 1) await from(app, `203.0.113.${200 + address}`).requestCode(phone);
        await from(app, '203.0.113.209').requestCode(phone).expect(429);
        const mine = await supertest(app).post('/api/auth/request-otp').set('X-Forwarded-For', MEMBER).send({ phone, deviceToken }).expect(200);
        expect(mine.headers['ratelimit-policy']).toContain('otp-send-phone-trusted');
        // The same device token names no device for another phone: that phone's allowance applies.
        const other = newPhone();
        const otherAnswer = await supertest(app).post('/api/auth/request-otp').set('X-Forwarded-For', MEMBER).send({ phone: other, deviceToken }).expect(200);
        expect(otherAnswer.headers['ratelimit-policy']).not.toContain('otp-send-phone-trusted');
      });
    });
  },
  { env: { AUTH_OTP_SEND_LIMIT_PER_IP: '1000', AUTH_OTP_VERIFY_LIMIT_PER_IP: '1000' } },
);

// Issue 43 item 1 at the default per-address limits (50 checks, 20 requests per 10 minutes): the suite
// above raises them for its many addresses; here nothing is raised.
describeEachDatabase('strangers cannot jam a member at the default limits (issue 43 item 1)', (t: TestContext) => {
  it("four addresses × ten wrong codes, then the member's own code from their own address signs them in", async () => {
    const app = t.createApp({ env: { TRUST_PROXY: 'loopback' } });
    const phone = newPhone();
    const member = from(app, MEMBER);
    const { attemptId } = (await member.requestCode(phone).expect(200)).body;
    const code = await codeOf(app, phone);
    // Strangers guess without the member's attempt: no attempt, a made-up one, or one of their own.
    const own = (await from(app, '192.0.2.77').requestCode(phone).expect(200)).body.attemptId as string;
    const guesses = [undefined, 'kq3VdV2mJ8bXxW1yU5aT0w', own];
    for (let address = 1; address <= 4; address += 1) {
      for (let i = 0; i < 10; i += 1) {
        const guess = guesses[(address + i) % guesses.length];
        const res = await supertest(app).post('/api/auth/verify-otp').set('X-Forwarded-For', `203.0.113.${address}`).send({ phone, otp: wrongFor(code), ...(guess ? { attemptId: guess } : {}) });
        expect([400]).toContain(res.status);
      }
    }
    const signedIn = await supertest(app).post('/api/auth/verify-otp').set('X-Forwarded-For', MEMBER).send({ phone, otp: code, attemptId }).expect(200);
    expect(signedIn.body).toEqual({ isNewUser: true });
    expect(signedIn.headers['ratelimit-policy']).toContain('"otp-verify-ip";q=50;w=600'); // the default, not raised
  });
});
