// Issue 26 item 1: a production process with an incomplete configuration refuses to start,
// naming every missing variable in a sentence (before it touches the database), and starts with
// a complete one. The gateway as `npm start` runs it, and a standalone service as
// `node scripts/service.mjs auth` runs it (it reads the same sign-in settings).
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describeEachDatabase } from './support';
import { startOnce } from './support/gateway-process';
import { COMPLETE_PRODUCTION_ENV, NO_PRODUCTION_SETTINGS } from './support/production-env';

jest.setTimeout(180_000);

const NOT_SET = (output: string) => [...output.matchAll(/- (\w+) is not set:/g)].map((match) => match[1]).sort();

describe('a production process with an incomplete configuration', () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'vouch-prod-start-'));
  afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

  it('the gateway refuses to start, names each missing variable, and leaves the database alone', async () => {
    const file = path.join(dir, 'untouched.sqlite');
    const outcome = await startOnce({ ...NO_PRODUCTION_SETTINGS, SESSION_SECRET: '', NODE_ENV: 'production', DATABASE_URL: `sqlite:${file}` });
    expect(outcome).toEqual({ exited: 1, output: expect.stringContaining('Vouch refuses to start (NODE_ENV=production runs with production settings)') });
    expect(NOT_SET(outcome.output)).toEqual(Object.keys(NO_PRODUCTION_SETTINGS).filter((name) => name !== 'NODE_ENV').sort());
    expect(fs.existsSync(file)).toBe(false);
  });

  it('with NODE_ENV unset (and no local demo switch) it refuses the same way', async () => {
    const outcome = await startOnce({ ...NO_PRODUCTION_SETTINGS, SESSION_SECRET: '', NODE_ENV: '', VOUCH_LOCAL_DEMO: '', DATABASE_URL: `sqlite:${path.join(dir, 'unset.sqlite')}` });
    expect(outcome).toEqual({ exited: 1, output: expect.stringContaining('NODE_ENV unset runs with production settings') });
    expect(NOT_SET(outcome.output)).toContain('TWILIO_VERIFY_SERVICE_SID');
  });

  it('a standalone auth service refuses without the shared secret and sign-in settings', async () => {
    const outcome = await startOnce({ ...NO_PRODUCTION_SETTINGS, SESSION_SECRET: '', NODE_ENV: 'production', INTERNAL_SERVICE_SECRET: '', DATABASE_URL: `sqlite:${path.join(dir, 'auth.sqlite')}` }, 'auth');
    expect(outcome).toEqual({ exited: 1, output: expect.stringContaining('Vouch refuses to start') });
    expect(NOT_SET(outcome.output)).toEqual(['INTERNAL_SERVICE_SECRET', 'OTP_SECRET', 'TWILIO_ACCOUNT_SID', 'TWILIO_AUTH_TOKEN', 'TWILIO_VERIFY_SERVICE_SID']);
  });
});

describeEachDatabase('a production process with a complete configuration', (t) => {
  it('the gateway starts and answers', async () => {
    const outcome = await startOnce({ ...COMPLETE_PRODUCTION_ENV, DATABASE_URL: t.databaseUrl });
    expect(outcome).toEqual({ listening: expect.stringMatching(/^http:/), output: expect.not.stringContaining('refuses') });
  });

  it('a standalone subscriptions service starts with PAID_PLANS=off instead of Stripe', async () => {
    const outcome = await startOnce({ ...NO_PRODUCTION_SETTINGS, NODE_ENV: 'production', PAID_PLANS: 'off', INTERNAL_SERVICE_SECRET: 'shared', DATABASE_URL: t.databaseUrl }, 'subscriptions');
    expect(outcome).toEqual({ listening: expect.stringMatching(/^http:/), output: expect.not.stringContaining('refuses') });
  });
});
