// Issue 26 items 3 and 11: sign-in codes cannot be pumped to costly numbers or bombed at one
// phone, and a stranger cannot lock a member out of signing in; on SQLite and (with
// TEST_DATABASE_URL) MariaDB/MySQL. Client addresses come from X-Forwarded-For (TRUST_PROXY).
import supertest from 'supertest';
import { describeEachDatabase, latestCode, newPhone, type TestContext } from './support';

jest.setTimeout(60_000);

const ATTACKER = '203.0.113.66';
const MEMBER = '198.51.100.20';

describeEachDatabase(
  'sign-in abuse (issue 26 items 3 and 11)',
  (t: TestContext) => {
    const from = (app: ReturnType<TestContext['createApp']>, ip: string) => ({
      requestCode: (phone: string) => supertest(app).post('/api/auth/request-otp').set('X-Forwarded-For', ip).send({ phone }),
      verify: (phone: string, otp: string) => supertest(app).post('/api/auth/verify-otp').set('X-Forwarded-For', ip).send({ phone, otp }),
    });

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
        const app = t.createApp({ env: { TRUST_PROXY: 'loopback', AUTH_OTP_SEND_DAILY_LIMIT_PER_PHONE: '3', AUTH_OTP_SEND_DAILY_LIMIT: '40' } });
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

    describe('a stranger cannot lock a member out (item 11)', () => {
      it('codes requested elsewhere do not use up the allowance of the member on their own address', async () => {
        const app = t.createApp({ env: { TRUST_PROXY: 'loopback' } });
        const phone = newPhone();
        const attacker = from(app, ATTACKER);
        for (let i = 0; i < 5; i += 1) await attacker.requestCode(phone).expect(200);
        await attacker.requestCode(phone).expect(429);
        await from(app, MEMBER).requestCode(phone).expect(200);
      });

      it('wrong codes typed elsewhere leave the right code working on the member address; the phone stays bounded over all addresses', async () => {
        const app = t.createApp({ env: { TRUST_PROXY: 'loopback', AUTH_OTP_VERIFY_LIMIT_PER_PHONE_ALL_IPS: '14' } });
        const phone = newPhone();
        const member = from(app, MEMBER);
        // Every code dies after 5 wrong tries, so the attacker keeps asking for fresh ones.
        for (let round = 0; round < 2; round += 1) {
          await from(app, ATTACKER).requestCode(phone).expect(200);
          for (let i = 0; i < 5; i += 1) await from(app, ATTACKER).verify(phone, '000000').expect((res) => expect([400]).toContain(res.status));
        }
        await from(app, ATTACKER).verify(phone, '000000').expect(429);
        await member.requestCode(phone).expect(200);
        await member.verify(phone, await latestCode({ request: supertest(app), agent: () => supertest.agent(app) }, phone)).expect(200);
        // Over every address together the phone's guesses stay bounded (14 here): more addresses do not buy more guesses.
        await from(app, '192.0.2.50').requestCode(phone).expect(200);
        for (let i = 0; i < 3; i += 1) await from(app, '192.0.2.50').verify(phone, '000000').expect(400);
        const capped = await from(app, '192.0.2.51').verify(phone, '000000').expect(429);
        expect(Number(capped.headers['retry-after'])).toBeGreaterThan(0);
      });
    });
  },
  { env: { AUTH_OTP_SEND_LIMIT_PER_IP: '1000', AUTH_OTP_VERIFY_LIMIT_PER_IP: '1000' } },
);
