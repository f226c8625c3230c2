import type { Database } from '@vouch/service-core';
import { authModels } from '../src/data-access/models';
import { ConsoleOtpProvider, SmsOutbox } from '../src/domain/console-otp-provider';
import { OTP_TTL_SECONDS, generateOtpCode, hashOtpCode, otpCodeMatches } from '../src/domain/otp';
import { manualClock, openAuthDb } from './support/db';
import { resendAfterSeconds } from '../src/domain/sign-in.use-case';

const PHONE = '+15551234567';
const SECRET = 'test-secret';

describe('OTP codes', () => {
  it('are six digits, zero-padded, and vary', () => {
    const codes = new Set(Array.from({ length: 200 }, generateOtpCode));
    for (const code of codes) expect(code).toMatch(/^\d{6}$/);
    expect(codes.size).toBeGreaterThan(190);
  });

  it('are hashed with the server secret and bound to the phone', () => {
    const hash = hashOtpCode(SECRET, PHONE, '123456');
    expect(hash).toMatch(/^[0-9a-f]{64}$/);
    expect(otpCodeMatches(SECRET, PHONE, '123456', hash)).toBe(true);
    expect(otpCodeMatches(SECRET, PHONE, '123457', hash)).toBe(false);
    expect(otpCodeMatches('other-secret', PHONE, '123456', hash)).toBe(false);
    expect(otpCodeMatches(SECRET, '+15551234568', '123456', hash)).toBe(false);
  });
});

describe('the console provider', () => {
  let db: Database;
  let clock: ReturnType<typeof manualClock>;
  let outbox: SmsOutbox;
  let provider: ConsoleOtpProvider;
  const logged: string[] = [];

  beforeEach(async () => {
    db = await openAuthDb();
    clock = manualClock();
    outbox = new SmsOutbox();
    logged.length = 0;
    provider = new ConsoleOtpProvider({ db, clock, secret: SECRET, outbox, logger: { info: (msg: string) => logged.push(msg) } as never });
  });
  afterEach(() => db.close());

  async function send(): Promise<string> {
    await provider.send(PHONE);
    return outbox.list(PHONE)[0]!.code!;
  }

  it('stores only an HMAC of the code, never the code', async () => {
    const code = await send();
    const rows = (await authModels(db.sequelize).OtpCode.findAll()).map((r) => r.get({ plain: true }));
    expect(rows).toHaveLength(1);
    expect(JSON.stringify(rows)).not.toContain(code);
    expect(rows[0].codeHash).toBe(hashOtpCode(SECRET, PHONE, code));
  });

  it('logs the code with the phone masked to its last four digits', async () => {
    const code = await send();
    expect(logged).toHaveLength(1);
    expect(logged[0]).toContain(code);
    expect(logged[0]).toContain('4567');
    expect(logged[0]).not.toContain('5551234567');
  });

  it('approves the right code once: it is single use', async () => {
    const code = await send();
    await expect(provider.check(PHONE, code)).resolves.toEqual({ status: 'approved' });
    await expect(provider.check(PHONE, code)).resolves.toEqual({ status: 'missing' });
  });

  it('refuses a code after ten minutes', async () => {
    const code = await send();
    clock.advance(OTP_TTL_SECONDS * 1000 - 1);
    clock.advance(1);
    await expect(provider.check(PHONE, code)).resolves.toEqual({ status: 'expired' });
  });

  it('still accepts a code just before it expires', async () => {
    const code = await send();
    clock.advance(OTP_TTL_SECONDS * 1000 - 1000);
    await expect(provider.check(PHONE, code)).resolves.toEqual({ status: 'approved' });
  });

  it('counts wrong tries down and, after the fifth, refuses even the right code', async () => {
    const code = await send();
    const wrong = code === '000000' ? '111111' : '000000';
    const results = [];
    for (let i = 0; i < 5; i += 1) results.push(await provider.check(PHONE, wrong));
    expect(results).toEqual([
      { status: 'incorrect', triesLeft: 4 },
      { status: 'incorrect', triesLeft: 3 },
      { status: 'incorrect', triesLeft: 2 },
      { status: 'incorrect', triesLeft: 1 },
      { status: 'exhausted' },
    ]);
    await expect(provider.check(PHONE, code)).resolves.toEqual({ status: 'exhausted' });
  });

  it('accepts the right code on the fifth try', async () => {
    const code = await send();
    const wrong = code === '000000' ? '111111' : '000000';
    for (let i = 0; i < 4; i += 1) await provider.check(PHONE, wrong);
    await expect(provider.check(PHONE, code)).resolves.toEqual({ status: 'approved' });
  });

  it('a new code replaces the previous one', async () => {
    const first = await send();
    let second = await send();
    while (second === first) second = await send();
    await expect(provider.check(PHONE, first)).resolves.toMatchObject({ status: 'incorrect' });
    await expect(provider.check(PHONE, second)).resolves.toEqual({ status: 'approved' });
  });

  it('says so when no code was requested', async () => {
    await expect(provider.check(PHONE, '123456')).resolves.toEqual({ status: 'missing' });
  });

  it('lets only one of two simultaneous right answers through', async () => {
    const code = await send();
    const results = await Promise.all([provider.check(PHONE, code), provider.check(PHONE, code)]);
    expect(results.filter((r) => r.status === 'approved')).toHaveLength(1);
  });

  it('keeps the outbox newest first and per phone', async () => {
    await provider.send(PHONE);
    clock.advance(1000);
    await provider.send('+15550000000');
    clock.advance(1000);
    await provider.send(PHONE);
    const mine = outbox.list(PHONE);
    expect(mine).toHaveLength(2);
    expect(mine[0]!.sentAt > mine[1]!.sentAt).toBe(true);
    expect(mine[0]).toEqual({ to: PHONE, body: expect.stringContaining(mine[0]!.code!), code: expect.stringMatching(/^\d{6}$/), sentAt: expect.any(String) });
  });
});

describe('the Resend code wait (issue 28)', () => {
  it("spreads the phone's send limit over its window, never under 30 s", () => {
    expect(resendAfterSeconds({ points: 5, windowSeconds: 600 })).toBe(120);
    expect(resendAfterSeconds({ points: 3, windowSeconds: 100 })).toBe(34);
    expect(resendAfterSeconds({ points: 100, windowSeconds: 600 })).toBe(30);
    expect(resendAfterSeconds({ points: 0, windowSeconds: 600 })).toBe(30);
  });
});
