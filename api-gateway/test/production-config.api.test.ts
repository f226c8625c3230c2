// Issue 26 items 1, 2 and 6: production fails closed. Only an explicit development mode
// (NODE_ENV=development or test, or VOUCH_LOCAL_DEMO=1) has the dev SMS outbox, console codes
// and local billing; any other NODE_ENV needs the whole production configuration, and a paid
// plan is never granted without a payment.
import { Writable } from 'node:stream';
import supertest from 'supertest';
import { createLogger } from '@vouch/service-core';
import authService, { authRouter } from '@vouch/service-auth';
import { recordingOtpProvider } from '@vouch/service-auth/testing';
import { describeEachDatabase } from './support';
import { COMPLETE_PRODUCTION_ENV, NO_PRODUCTION_SETTINGS } from './support/production-env';
import { GENEROUS_AUTH_LIMITS, latestCode, signInRecorded, signInWithToken } from './support/sign-in';

const EVERY_PRODUCTION_VARIABLE = ['PUBLIC_URL', 'OTP_SECRET', 'TWILIO_ACCOUNT_SID', 'TWILIO_AUTH_TOKEN', 'TWILIO_VERIFY_SERVICE_SID', 'TWILIO_MESSAGING_SERVICE_SID', 'STRIPE_SECRET_KEY', 'STRIPE_WEBHOOK_SECRET', 'STRIPE_PRICE_PREMIUM', 'STRIPE_PRICE_ENTERPRISE', 'PUSH'];

/** The error a start with `env` throws, or null when it starts. */
function startError(start: () => unknown): string | null {
  try {
    start();
    return null;
  } catch (error) {
    return error instanceof Error ? error.message : String(error);
  }
}

describeEachDatabase(
  'production fails closed',
  (t) => {
    it.each(['production', '', 'prod', 'staging'])('with NODE_ENV="%s" and nothing configured, the gateway refuses to start naming every missing variable', (nodeEnv) => {
      const message = startError(() => t.createApp({ env: { ...NO_PRODUCTION_SETTINGS, NODE_ENV: nodeEnv, SESSION_SECRET: '' } }));
      expect(message).toMatch(/refuses to start/);
      for (const name of EVERY_PRODUCTION_VARIABLE) expect({ name, named: message?.includes(`${name} is not set`) }).toEqual({ name, named: true });
    });

    it('names exactly what is missing: one Stripe variable gone is one line', () => {
      const message = startError(() => t.createApp({ env: { ...COMPLETE_PRODUCTION_ENV, STRIPE_PRICE_ENTERPRISE: '' } }));
      expect(message?.split('\n').filter((line) => line.startsWith('  - '))).toEqual([expect.stringMatching(/^ {2}- STRIPE_PRICE_ENTERPRISE is not set: .*PAID_PLANS=off/)]);
    });

    it('refuses a PUBLIC_URL that is not an http(s) address, and the local demo switch with NODE_ENV=production', () => {
      expect(startError(() => t.createApp({ env: { ...COMPLETE_PRODUCTION_ENV, PUBLIC_URL: 'vouch.example' } }))).toMatch(/PUBLIC_URL is not an absolute URL/);
      expect(startError(() => t.createApp({ env: { ...COMPLETE_PRODUCTION_ENV, VOUCH_LOCAL_DEMO: '1' } }))).toMatch(/VOUCH_LOCAL_DEMO=1 .* cannot be used with NODE_ENV=production/);
      expect(startError(() => t.createApp({ env: { ...COMPLETE_PRODUCTION_ENV, PAID_PLANS: 'maybe' } }))).toMatch(/PAID_PLANS must be "on" or "off"/);
    });

    it('makes push a decision: no push setting and no PUSH=off is refused, push settings given in part are named, one complete channel starts', () => {
      const noPush = { ...COMPLETE_PRODUCTION_ENV, PUSH: '' };
      expect(startError(() => t.createApp({ env: noPush }))?.split('\n').filter((line) => line.startsWith('  - '))).toEqual([expect.stringMatching(/^ {2}- PUSH is not set: push notifications need FCM_CREDENTIALS_FILE .* or set PUSH=off/)]);
      const partial = startError(() => t.createApp({ env: { ...noPush, VAPID_PUBLIC_KEY: 'BPublic', FCM_PROJECT_ID: 'vouch-prod' } }));
      for (const name of ['VAPID_PRIVATE_KEY', 'VAPID_SUBJECT', 'FCM_CLIENT_EMAIL', 'FCM_PRIVATE_KEY']) expect(partial).toContain(`${name} is not set`);
      expect(startError(() => t.createApp({ env: { ...noPush, PUSH: 'maybe' } }))).toMatch(/PUSH must be "on" or "off" \(got "maybe"\)/);
      expect(startError(() => t.createApp({ env: { ...noPush, VAPID_PUBLIC_KEY: 'BPublic', VAPID_PRIVATE_KEY: 'private', VAPID_SUBJECT: 'ops@vouch.example' } }))).toMatch(/VAPID_SUBJECT must be a mailto: or https: URL/);
      expect(startError(() => t.createApp({ env: { ...noPush, VAPID_PUBLIC_KEY: 'BPublic', VAPID_PRIVATE_KEY: 'private', VAPID_SUBJECT: 'mailto:ops@vouch.example' } }))).toBeNull();
    });

    it('makes texts a decision: without a Twilio Messaging sender and no TEXTS=off the start is refused; either one starts', () => {
      const noSender = { ...COMPLETE_PRODUCTION_ENV, TWILIO_MESSAGING_SERVICE_SID: '' };
      expect(startError(() => t.createApp({ env: noSender }))?.split('\n').filter((line) => line.startsWith('  - '))).toEqual([expect.stringMatching(/^ {2}- TWILIO_MESSAGING_SERVICE_SID is not set: \(or TWILIO_FROM_NUMBER\) the sender of texts to members .*set TEXTS=off to run without texts\./)]);
      expect(startError(() => t.createApp({ env: { ...noSender, TEXTS: 'maybe' } }))).toMatch(/TEXTS must be "on" or "off" \(got "maybe"\)/);
      expect(startError(() => t.createApp({ env: { ...noSender, TEXTS: 'off' } }))).toBeNull();
      expect(startError(() => t.createApp({ env: { ...noSender, TWILIO_FROM_NUMBER: '+15005550006' } }))).toBeNull();
    });

    it.each(['production', '', 'staging'])('with NODE_ENV="%s" and a complete configuration: no outbox, a Secure cookie, HSTS', async (nodeEnv) => {
      const app = t.createApp({ env: { ...COMPLETE_PRODUCTION_ENV, NODE_ENV: nodeEnv } });
      const outbox = await supertest(app).get('/api/dev/sms-outbox');
      expect(outbox.status).toBe(404);
      const health = await supertest(app).get('/api/health').expect(200);
      expect(health.headers['strict-transport-security']).toMatch(/max-age=\d+/);
      expect(health.headers['content-security-policy']).toContain('upgrade-insecure-requests');
      // A recording provider stands in for Twilio (the cookie is the point).
      const texts = recordingOtpProvider();
      const signingIn = t.createApp({ env: { ...COMPLETE_PRODUCTION_ENV, NODE_ENV: nodeEnv }, services: [{ ...authService, router: (ctx) => authRouter({ ...ctx, otpProvider: texts }) }] });
      const res = await signInRecorded(signingIn, texts, `+1201555${String(1000 + Math.floor(Math.random() * 9000))}`);
      expect((res.headers['set-cookie'] as unknown as string[]).join('\n')).toMatch(/; Secure/);
    });

    it('a complete production configuration without paid plans (PAID_PLANS=off) starts without Stripe and sells nothing', async () => {
      // The member signs in on a development gateway of the same database; the production one only sees the bearer.
      const { token } = await signInWithToken(t, ['Grace', 'Hopper']);
      const stripeless = { ...COMPLETE_PRODUCTION_ENV, STRIPE_SECRET_KEY: '', STRIPE_WEBHOOK_SECRET: '', STRIPE_PRICE_PREMIUM: '', STRIPE_PRICE_ENTERPRISE: '', PAID_PLANS: 'off' };
      const app = t.createApp({ env: stripeless });
      const plans = await supertest(app).get('/api/subscriptions/plans').expect(200);
      expect(plans.body.billing).toEqual({ provider: 'none', publishableKey: null });
      for (const plan of ['premium', 'enterprise']) {
        const bought = await supertest(app).post('/api/subscriptions/create').set('Authorization', `Bearer ${token}`).send({ plan });
        expect(bought.status).toBe(403);
        expect(bought.headers['content-type']).toMatch(/application\/problem\+json/);
        expect(bought.body.detail).toMatch(/Paid plans are not offered on this server/);
      }
      const status = await supertest(app).get('/api/subscriptions/status').set('Authorization', `Bearer ${token}`).expect(200);
      expect(status.body.plan.name).toBe('free');
      const portal = await supertest(app).post('/api/subscriptions/portal').set('Authorization', `Bearer ${token}`).send({});
      expect(portal.status).toBe(403);
    });

    it('the site address comes from PUBLIC_URL, never from a forged Host header', async () => {
      const app = t.createApp({ env: COMPLETE_PRODUCTION_ENV });
      const robots = await supertest(app).get('/robots.txt').set('Host', 'evil.example').expect(200);
      expect(robots.text).toContain('https://vouch.example/sitemap.xml');
      expect(robots.text).not.toContain('evil.example');
      const sitemap = await supertest(app).get('/sitemap.xml').set('Host', 'evil.example').expect(200);
      expect(sitemap.text).not.toContain('evil.example');
    });
  },
  { env: { ...GENEROUS_AUTH_LIMITS, LOG_LEVEL: 'silent' } },
);

describeEachDatabase(
  'the dev SMS outbox: development mode only, from this machine only',
  (t) => {
    it('answers a request made on the machine itself in development mode', async () => {
      const app = t.createApp({ env: { NODE_ENV: 'development' } });
      await supertest(app).post('/api/auth/request-otp').send({ phone: '+15550107001' }).expect(200);
      const res = await supertest(app).get('/api/dev/sms-outbox').expect(200);
      expect(res.body.messages[0]).toEqual(expect.objectContaining({ to: '+15550107001', code: expect.stringMatching(/^\d{6}$/) }));
    });

    it('refuses a request that came through a proxy (forwarding headers), even from loopback', async () => {
      await t.request.post('/api/auth/request-otp').send({ phone: '+15550107002' }).expect(200);
      for (const [name, value] of [['X-Forwarded-For', '203.0.113.9'], ['Forwarded', 'for=203.0.113.9'], ['X-Real-IP', '203.0.113.9'], ['X-Forwarded-Host', 'vouch.example']]) {
        const res = await t.request.get('/api/dev/sms-outbox').set(name!, value!);
        expect({ name, status: res.status }).toEqual({ name, status: 403 });
        expect(res.headers['content-type']).toMatch(/application\/problem\+json/);
        expect(res.text).not.toContain('+15550107002');
      }
      expect(await latestCode(t, '+15550107002')).toMatch(/^\d{6}$/);
    });

    it('says in its log that the server must not be put behind a proxy or tunnel (issue 43: the loopback rule trusts one that adds no header)', () => {
      const lines: string[] = [];
      const logger = createLogger({ level: 'info', destination: new Writable({ write: (chunk, _encoding, done) => (lines.push(String(chunk)), done()) }) });
      t.createApp({ env: { ...NO_PRODUCTION_SETTINGS, NODE_ENV: '', VOUCH_LOCAL_DEMO: '1' }, logger });
      expect(lines.join('')).toMatch(/Do not put this development server behind a proxy or tunnel: the dev SMS outbox answers any request from this machine/);
      lines.length = 0;
      t.createApp({ env: COMPLETE_PRODUCTION_ENV, logger });
      expect(lines.join('')).not.toMatch(/dev SMS outbox/);
    });

    it('exists with NODE_ENV unset only when the local demo switch is on (what `npm start` sets)', async () => {
      const demo = t.createApp({ env: { ...NO_PRODUCTION_SETTINGS, NODE_ENV: '', VOUCH_LOCAL_DEMO: '1' } });
      await supertest(demo).post('/api/auth/request-otp').send({ phone: '+15550107003' }).expect(200);
      expect((await supertest(demo).get('/api/dev/sms-outbox').expect(200)).body.messages[0].to).toBe('+15550107003');
      const plans = await supertest(demo).get('/api/subscriptions/plans').expect(200);
      expect(plans.body.billing.provider).toBe('local');
    });
  },
  { env: { ...GENEROUS_AUTH_LIMITS, LOG_LEVEL: 'silent' } },
);
