// Sign-in through a vouch link, the Twilio provider behind the gateway, and production settings.
import { randomBytes } from 'node:crypto';
import type { ServiceDefinition } from '@vouch/service-core';
import supertest from 'supertest';
import authService, { authRouter, createAuthService, TwilioOtpProvider } from '@vouch/service-auth';
import { FAKE_ACCOUNT_SID, FAKE_AUTH_TOKEN, FAKE_SERVICE_SID, FakeTwilioVerify, fakeTwilioHttpClient, recordingOtpProvider } from '@vouch/service-auth/testing';
import { describeEachDatabase, signInRecorded, type TestContext } from './support';
import { COMPLETE_PRODUCTION_ENV } from './support/production-env';

const vouches: Record<string, { phone: string; name: string }> = {
  'vouch-for-ada': { phone: '+15557770001', name: 'Ada Recipient' },
  'vouch-for-bob': { phone: '(555) 777-0002', name: 'Bob Recipient' },
};
const vouchLinkAuth = createAuthService({ vouchRecipient: async (_db, vouchToken) => vouches[vouchToken] ?? null });

async function codeFor(t: TestContext, e164: string): Promise<string | undefined> {
  const res = await t.request.get('/api/dev/sms-outbox').expect(200);
  return (res.body.messages as { to: string; code: string }[]).find((m) => m.to === e164)?.code;
}

describeEachDatabase(
  'sign-in through a vouch link',
  (t) => {
    it('an unknown vouch token is 404 and sends nothing', async () => {
      const res = await t.request.post('/api/auth/request-otp').send({ phone: '5557770009', vouchToken: 'no-such-vouch' }).expect(404);
      expect(res.body.detail).toMatch(/Vouch Not Found/);
      expect(await codeFor(t, '+15557770009')).toBeUndefined();
    });

    it('a phone that is not the recipient\'s is 403 Phone Number Mismatch and no code is sent', async () => {
      const res = await t.request.post('/api/auth/request-otp').send({ phone: '(555) 777-0003', vouchToken: 'vouch-for-ada' }).expect(403);
      expect(res.body.detail).toBe('Phone Number Mismatch: Please enter the phone number associated with this Vouch.');
      expect(await codeFor(t, '+15557770003')).toBeUndefined();
    });

    it('the recipient, new to Vouch, becomes a member named after the vouch at once', async () => {
      const sent = await t.request.post('/api/auth/request-otp').send({ phone: '555-777-0001', vouchToken: 'vouch-for-ada' }).expect(200);
      expect(sent.body.success).toBe(true);
      const agent = t.agent();
      const code = (await codeFor(t, '+15557770001'))!;
      const { attemptId } = sent.body;
      // Verifying for another vouch's recipient is refused before the code is looked at.
      await agent.post('/api/auth/verify-otp').send({ phone: '5557770001', otp: code, attemptId, vouchToken: 'vouch-for-bob' }).expect(403);
      const res = await agent.post('/api/auth/verify-otp').send({ phone: '5557770001', otp: code, attemptId, vouchToken: 'vouch-for-ada' }).expect(200);
      expect(res.body).toEqual({ isNewUser: true });
      const profile = await agent.get('/api/user/profile').expect(200);
      expect(profile.body.user).toMatchObject({ name: 'Ada Recipient', phone: '+15557770001' });
      await agent.post('/api/auth/complete-registration').send({ firstName: 'A', lastName: 'B' }).expect(409);
    });

    it('a recipient who is already a member signs in as themselves (isNewUser false)', async () => {
      const first = t.agent();
      const sent = await t.request.post('/api/auth/request-otp').send({ phone: '5557770002' }).expect(200);
      await first.post('/api/auth/verify-otp').send({ phone: '5557770002', otp: await codeFor(t, '+15557770002'), attemptId: sent.body.attemptId }).expect(200, { isNewUser: true });
      await first.post('/api/auth/complete-registration').send({ firstName: 'Robert', lastName: 'Member' }).expect(201);

      const again = await t.request.post('/api/auth/request-otp').send({ phone: '5557770002', vouchToken: 'vouch-for-bob' }).expect(200);
      const second = t.agent();
      const res = await second.post('/api/auth/verify-otp').send({ phone: '5557770002', otp: await codeFor(t, '+15557770002'), attemptId: again.body.attemptId, vouchToken: 'vouch-for-bob' }).expect(200);
      expect(res.body).toEqual({ isNewUser: false });
      expect((await second.get('/api/user/profile').expect(200)).body.user.name).toBe('Robert Member');
    });
  },
  { services: [vouchLinkAuth] },
);

describeEachDatabase(
  'sign-in with Twilio Verify (real SDK, fake Verify server)',
  (t) => {
    let fake: FakeTwilioVerify;
    let app: ReturnType<TestContext['createApp']>;
    beforeAll(async () => {
      fake = await new FakeTwilioVerify().start();
      const otpProvider = new TwilioOtpProvider({ accountSid: FAKE_ACCOUNT_SID, authToken: FAKE_AUTH_TOKEN, verifyServiceSid: FAKE_SERVICE_SID, httpClient: fakeTwilioHttpClient(fake, { timeoutMs: 500 }) });
      const twilioAuth: ServiceDefinition = { ...authService, router: (ctx) => authRouter({ ...ctx, otpProvider }) };
      app = t.createApp({ services: [twilioAuth] });
    });
    afterAll(() => fake.stop());

    it('texts the code of the attempt through Verify, signs in with the code the handset got, and tells Verify it was used', async () => {
      const { attemptId } = (await supertest(app).post('/api/auth/request-otp').send({ phone: '(555) 888-0001' }).expect(200)).body;
      const code = fake.lastCode('+15558880001')!;
      expect(fake.requests.at(-1)!.form).toEqual({ To: '+15558880001', Channel: 'sms', CustomCode: code });
      const wrong = code === '000000' ? '111111' : '000000';
      const bad = await supertest(app).post('/api/auth/verify-otp').send({ phone: '5558880001', otp: wrong, attemptId }).expect(400);
      expect(bad.body.detail).toBe('The verification code is incorrect. 4 tries left.');
      await supertest(app).post('/api/auth/verify-otp').send({ phone: '5558880001', otp: code, attemptId }).expect(200, { isNewUser: true });
      expect(fake.approved).toHaveLength(1);
      // A used code cannot be replayed.
      await supertest(app).post('/api/auth/verify-otp').send({ phone: '5558880001', otp: code, attemptId }).expect(410);
    });

    it('answers 429 when Verify refuses more sends (60203) and 502 when it is down', async () => {
      fake.failWith = { status: 429, code: 60203, message: 'Max send attempts reached' };
      const limited = await supertest(app).post('/api/auth/request-otp').send({ phone: '5558880002' }).expect(429);
      expect(limited.headers['retry-after']).toBeDefined();
      fake.failWith = { status: 500, code: 20500, message: 'Internal Server Error' };
      const down = await supertest(app).post('/api/auth/request-otp').send({ phone: '5558880002' }).expect(502);
      expect(down.body.detail).toMatch(/SMS service/);
      fake.failWith = null;
    });

    it('when Verify does not answer, the member gets the 502 sentence after the timeout, and can sign in once it is back', async () => {
      fake.hang = true;
      const hung = await supertest(app).post('/api/auth/request-otp').send({ phone: '5558880003' }).expect(502);
      expect(hung.headers['content-type']).toMatch(/application\/problem\+json/);
      expect(hung.body.detail).toMatch(/SMS service/);
      fake.hang = false;
      const { attemptId } = (await supertest(app).post('/api/auth/request-otp').send({ phone: '5558880003' }).expect(200)).body;
      await supertest(app).post('/api/auth/verify-otp').send({ phone: '5558880003', otp: fake.lastCode('+15558880003'), attemptId }).expect(200, { isNewUser: true });
    });
  },
  { services: [authService] },
);

describeEachDatabase(
  'auth in production',
  (t) => {
    const production = COMPLETE_PRODUCTION_ENV;

    it('has no dev outbox', async () => {
      const app = t.createApp({ env: production });
      await supertest(app).get('/api/dev/sms-outbox').expect(404);
    });

    it('sets a Secure cookie', async () => {
      const texts = recordingOtpProvider();
      const app = t.createApp({ env: production, services: [{ ...authService, router: (ctx) => authRouter({ ...ctx, otpProvider: texts }) }] });
      const res = await signInRecorded(app, texts, '(201) 555-0199');
      const cookie = (res.headers['set-cookie'] as unknown as string[]).find((c) => c.startsWith('__Host-vouch_session='))!;
      expect(cookie).toMatch(/; Secure/);
      expect(cookie).toMatch(/HttpOnly/);
    });

    it('refuses to start without an OTP secret', () => {
      expect(() => t.createApp({ env: { ...production, OTP_SECRET: '', SESSION_SECRET: '' } })).toThrow(/OTP_SECRET is not set/);
    });

    it('refuses an OTP secret with less than 32 bytes of entropy (issue 43), and takes the output of openssl rand', () => {
      const weak = ['x', 'a-real-secret-from-the-vault', 'a'.repeat(100), '0123456789abcdef'.repeat(4), 'Kx9mP2vQ7wR4tY8uI1oL5nB3cV6zX0aS'];
      for (const secret of weak) expect(() => t.createApp({ env: { ...production, OTP_SECRET: secret } })).toThrow(/OTP_SECRET is too weak: .*32 bytes of entropy.*openssl rand -hex 32/);
      expect(() => t.createApp({ env: { ...production, OTP_SECRET: '', SESSION_SECRET: 'short' } })).toThrow(/OTP_SECRET is too weak: .*SESSION_SECRET is used in its place/);
      for (const strong of [randomBytes(32).toString('hex'), randomBytes(32).toString('base64'), randomBytes(32).toString('base64url')]) {
        expect(() => t.createApp({ env: { ...production, OTP_SECRET: strong } })).not.toThrow();
      }
    });
  },
  { services: [authService] },
);
