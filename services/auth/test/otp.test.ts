import type { Database } from '@vouch/service-core';
import { authModels } from '../src/data-access/models';
import { ConsoleOtpProvider, SmsOutbox } from '../src/domain/console-otp-provider';
import { OTP_TTL_SECONDS, generateOtpCode, hashOtpCode, otpCodeMatches } from '../src/domain/otp';
import { checkSignInCode, generateAttemptId, hashAttemptId, issueSignInCode } from '../src/domain/sign-in-codes';
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

describe('sign-in codes, one per sign-in attempt (issue 43)', () => {
  let db: Database;
  let clock: ReturnType<typeof manualClock>;

  beforeEach(async () => {
    db = await openAuthDb();
    clock = manualClock();
  });
  afterEach(() => db.close());

  const issue = () => issueSignInCode(db, SECRET, PHONE, clock());
  const check = (attemptId: string, code: string, phone = PHONE) => checkSignInCode(db, SECRET, { phone, attemptId, code }, clock());
  const wrongFor = (code: string) => (code === '000000' ? '111111' : '000000');

  it('stores only an HMAC of the code and a hash of the attempt id, never either', async () => {
    const { attemptId, code } = await issue();
    expect(attemptId).toMatch(/^[A-Za-z0-9_-]{22}$/);
    const rows = (await authModels(db.sequelize).OtpCode.findAll()).map((r) => r.get({ plain: true }));
    expect(rows).toHaveLength(1);
    expect(JSON.stringify(rows)).not.toContain(code);
    expect(JSON.stringify(rows)).not.toContain(attemptId);
    expect(rows[0].codeHash).toBe(hashOtpCode(SECRET, PHONE, code));
    expect(rows[0].attemptHash).toBe(hashAttemptId(attemptId));
  });

  it('approves the right code once, in its own attempt: it is single use', async () => {
    const { attemptId, code } = await issue();
    await expect(check(attemptId, code)).resolves.toEqual({ status: 'approved', providerRef: null });
    await expect(check(attemptId, code)).resolves.toEqual({ status: 'expired' });
  });

  it('reaches a code only through its attempt and its phone', async () => {
    const { attemptId, code } = await issue();
    await expect(check(generateAttemptId(), code)).resolves.toEqual({ status: 'missing' });
    await expect(check(attemptId, code, '+15550000000')).resolves.toEqual({ status: 'missing' });
    await expect(check(attemptId, code)).resolves.toEqual({ status: 'approved', providerRef: null });
  });

  it("wrong guesses in another attempt for the same phone never touch this attempt's code", async () => {
    const member = await issue();
    const stranger = await issue();
    for (let i = 0; i < 5; i += 1) await check(stranger.attemptId, wrongFor(member.code));
    await expect(check(stranger.attemptId, stranger.code)).resolves.toEqual({ status: 'exhausted' });
    await expect(check(member.attemptId, member.code)).resolves.toEqual({ status: 'approved', providerRef: null });
  });

  it('refuses a code after ten minutes, and accepts it just before', async () => {
    const late = await issue();
    const inTime = await issue();
    clock.advance(OTP_TTL_SECONDS * 1000 - 1000);
    await expect(check(inTime.attemptId, inTime.code)).resolves.toMatchObject({ status: 'approved' });
    clock.advance(1000);
    await expect(check(late.attemptId, late.code)).resolves.toEqual({ status: 'expired' });
  });

  it('counts wrong tries down and, after the fifth, refuses even the right code', async () => {
    const { attemptId, code } = await issue();
    const results = [];
    for (let i = 0; i < 5; i += 1) results.push(await check(attemptId, wrongFor(code)));
    expect(results).toEqual([
      { status: 'incorrect', triesLeft: 4 },
      { status: 'incorrect', triesLeft: 3 },
      { status: 'incorrect', triesLeft: 2 },
      { status: 'incorrect', triesLeft: 1 },
      { status: 'exhausted' },
    ]);
    await expect(check(attemptId, code)).resolves.toEqual({ status: 'exhausted' });
  });

  it('accepts the right code on the fifth try', async () => {
    const { attemptId, code } = await issue();
    for (let i = 0; i < 4; i += 1) await check(attemptId, wrongFor(code));
    await expect(check(attemptId, code)).resolves.toMatchObject({ status: 'approved' });
  });

  it('a new attempt leaves the earlier one working (a stranger asking for a code cannot end the member’s)', async () => {
    const first = await issue();
    await issue();
    await expect(check(first.attemptId, first.code)).resolves.toMatchObject({ status: 'approved' });
  });

  it('lets only one of two simultaneous right answers through', async () => {
    const { attemptId, code } = await issue();
    const results = await Promise.all([check(attemptId, code), check(attemptId, code)]);
    expect(results.filter((r) => r.status === 'approved')).toHaveLength(1);
  });
});

describe('the console provider', () => {
  const logged: string[] = [];
  let db: Database;
  let outbox: SmsOutbox;
  let clock: ReturnType<typeof manualClock>;
  let provider: ConsoleOtpProvider;

  beforeEach(async () => {
    logged.length = 0;
    db = await openAuthDb();
    outbox = new SmsOutbox(db);
    clock = manualClock();
    provider = new ConsoleOtpProvider({ clock, outbox, logger: { info: (msg: string) => logged.push(msg) } as never });
  });
  afterEach(() => db.close());

  it('logs the code with the phone masked to its last four digits', async () => {
    await provider.send(PHONE, '123456');
    expect(logged).toHaveLength(1);
    expect(logged[0]).toContain('123456');
    expect(logged[0]).toContain('4567');
    expect(logged[0]).not.toContain('5551234567');
  });

  it('keeps the outbox newest first and per phone', async () => {
    await provider.send(PHONE, '111111');
    clock.advance(1000);
    await provider.send('+15550000000', '222222');
    clock.advance(1000);
    await provider.send(PHONE, '333333');
    const mine = await outbox.list(PHONE);
    expect(mine.map((m) => m.code)).toEqual(['333333', '111111']);
    expect(mine[0]).toEqual({ to: PHONE, body: expect.stringContaining('333333'), code: '333333', sentAt: expect.any(String) });
  });
});

describe('the Resend code wait', () => {
  const quota = (remaining: number, resetSeconds: number) => ({ policy: 'otp-send-phone', quota: 3, windowSeconds: 900, remaining, resetSeconds });

  it("is a minute while the phone's allowance lasts, else until the spent allowance comes back", () => {
    expect(resendAfterSeconds([quota(2, 900), { ...quota(9, 86_400), policy: 'otp-send-phone-day' }])).toBe(60);
    expect(resendAfterSeconds([quota(0, 700.2), { ...quota(7, 86_000), policy: 'otp-send-phone-day' }])).toBe(701);
    expect(resendAfterSeconds([quota(1, 30), { ...quota(0, 40_000), policy: 'otp-send-phone-day' }])).toBe(40_000);
    expect(resendAfterSeconds([])).toBe(60);
  });
});
