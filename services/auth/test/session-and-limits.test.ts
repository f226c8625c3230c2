import type { Database } from '@vouch/service-core';
import { Problem } from '@vouch/service-core';
import { authModels } from '../src/data-access/models';
import { insertSession } from '../src/data-access/session.repository';
import { endExpiredSessions, endSessions, type SessionsEnded } from '../src/domain/session-end';
import { describeUserAgent } from '../src/domain/user-agent';
import { addressPrefix } from '../src/domain/rate-limit';
import { decide, enforceRateLimit } from '../src/domain/rate-limit';
import { generateSessionToken, hashSessionToken } from '../src/domain/session';
import { resolveSession } from '../src/domain/session.use-case';
import { findMemberByPhone, getMember, getMembers, updateMemberStats } from '../src/index';
import { insertMember } from '../src/data-access/member.repository';
import { manualClock, openAuthDb } from './support/db';

const HOUR = 3600_000;
const DAY = 24 * HOUR;

describe('sessions', () => {
  let db: Database;
  beforeEach(async () => {
    db = await openAuthDb();
  });
  afterEach(() => db.close());

  async function open(now: Date, memberId: number | null = null, phone = '+15551234567') {
    const token = generateSessionToken();
    const id = await insertSession(db, { tokenHash: hashSessionToken(token), phone, memberId, expiresAt: new Date(now.getTime() + 30 * DAY), endsAt: new Date(now.getTime() + 90 * DAY), now });
    return { token, id };
  }

  it('are stored only as a SHA-256 hash of a 32-byte random token', async () => {
    const now = new Date();
    const { token } = await open(now);
    expect(Buffer.from(token, 'base64url')).toHaveLength(32);
    const rows = (await authModels(db.sequelize).Session.findAll()).map((r) => r.get({ plain: true }));
    expect(JSON.stringify(rows)).not.toContain(token);
    expect(rows[0].tokenHash).toBe(hashSessionToken(token));
  });

  it('resolve to the caller, and to nothing when unknown, malformed, revoked or expired', async () => {
    const now = new Date('2025-06-01T00:00:00Z');
    const { token, id } = await open(now);
    await expect(resolveSession(db, token, now)).resolves.toEqual({ sessionId: id, phone: '+15551234567', memberId: null, writeStamp: 0 });
    await expect(resolveSession(db, generateSessionToken(), now)).resolves.toBeNull();
    await expect(resolveSession(db, 'not a token', now)).resolves.toBeNull();
    await expect(resolveSession(db, undefined, now)).resolves.toBeNull();
    await expect(resolveSession(db, token, new Date(now.getTime() + 31 * DAY))).resolves.toBeNull();
    await endSessions({ db, listeners: [] }, { kind: 'ids', ids: [id] }, 'signed-out', now);
    await expect(resolveSession(db, token, now)).resolves.toBeNull();
  });

  it('end through one function that tells its listeners, in the ending transaction, once', async () => {
    const now = new Date('2025-06-01T00:00:00Z');
    const heard: Omit<SessionsEnded, 'db' | 't'>[] = [];
    const deps = { db, listeners: [async ({ reason, sessions }: SessionsEnded) => void heard.push({ reason, sessions })] };
    const member = await insertMember(db, { phone: '+15551234567', name: 'Ada Lovelace', now });
    const kept = await open(now, member.id);
    const other = await open(now, member.id);
    const third = await open(now, member.id);
    await endSessions(deps, { kind: 'ids', ids: [other.id] }, 'ended-by-member', now);
    await endSessions(deps, { kind: 'ids', ids: [other.id] }, 'ended-by-member', now);
    await endSessions(deps, { kind: 'member', member, except: kept.id }, 'ended-by-member', now);
    expect(heard).toEqual([
      { reason: 'ended-by-member', sessions: [{ id: other.id, memberId: member.id, phone: '+15551234567' }] },
      { reason: 'ended-by-member', sessions: [{ id: third.id, memberId: member.id, phone: '+15551234567' }] },
    ]);
    await expect(resolveSession(db, kept.token, now)).resolves.toMatchObject({ sessionId: kept.id });
    // A listener that fails undoes the end: the session lives on.
    const failing = { db, listeners: [async () => Promise.reject(new Error('listener down'))] };
    await expect(endSessions(failing, { kind: 'ids', ids: [kept.id] }, 'signed-out', now)).rejects.toThrow('listener down');
    await expect(resolveSession(db, kept.token, now)).resolves.toMatchObject({ sessionId: kept.id });
  });

  it('that ran out are ended by the expiry sweep, told as expired (not revoked)', async () => {
    const start = new Date('2025-06-01T00:00:00Z');
    const heard: SessionsEnded['reason'][] = [];
    const deps = { db, listeners: [async ({ reason, sessions }: SessionsEnded) => void heard.push(...sessions.map(() => reason))] };
    const stale = await open(start);
    await open(new Date(start.getTime() + 10 * DAY));
    const later = new Date(start.getTime() + 31 * DAY);
    await expect(endExpiredSessions(deps, later)).resolves.toBe(1);
    await expect(endExpiredSessions(deps, later)).resolves.toBe(0);
    expect(heard).toEqual(['expired']);
    const row = (await authModels(db.sequelize).Session.findByPk(stale.id))!.get({ plain: true });
    expect(row).toMatchObject({ endReason: 'expired', revokedAt: null });
  });

  it('find the member registered for their phone after they were opened', async () => {
    const now = new Date();
    const { token } = await open(now);
    const member = await insertMember(db, { phone: '+15551234567', name: 'Ada Lovelace', now });
    await expect(resolveSession(db, token, now)).resolves.toMatchObject({ memberId: member.id });
  });

  it('slide their expiry forward on use, at most once an hour', async () => {
    const start = new Date('2025-06-01T00:00:00Z');
    const { token, id } = await open(start);
    const expiry = async () => new Date((await authModels(db.sequelize).Session.findByPk(id))!.get('expiresAt') as Date).getTime();

    await resolveSession(db, token, new Date(start.getTime() + 30 * 60_000));
    expect(await expiry()).toBe(start.getTime() + 30 * DAY);

    const later = new Date(start.getTime() + 20 * DAY);
    await resolveSession(db, token, later);
    expect(await expiry()).toBe(later.getTime() + 30 * DAY);

    // Without the slide it would have expired at day 30; in use it lives on.
    await expect(resolveSession(db, token, new Date(start.getTime() + 45 * DAY))).resolves.not.toBeNull();
  });
});

describe('database rate limits', () => {
  let db: Database;
  beforeEach(async () => {
    db = await openAuthDb();
  });
  afterEach(() => db.close());

  it('decide by the count in the window', () => {
    const now = new Date('2025-06-01T00:00:00Z');
    const resetAt = new Date(now.getTime() + 90_500);
    expect(decide(5, resetAt, { points: 5, windowSeconds: 600 }, now)).toEqual({ allowed: true });
    expect(decide(6, resetAt, { points: 5, windowSeconds: 600 }, now)).toEqual({ allowed: false, retryAfterSeconds: 91 });
  });

  it('allow the configured number per window, then answer 429 with Retry-After, then reopen', async () => {
    const clock = manualClock();
    const rule = { points: 3, windowSeconds: 600 };
    for (let i = 0; i < 3; i += 1) await enforceRateLimit(db, clock, 'k', rule, 'Slow down.');
    clock.advance(60_000);
    const error = await enforceRateLimit(db, clock, 'k', rule, 'Slow down.').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(Problem);
    expect((error as Problem).status).toBe(429);
    expect((error as Problem).headers).toEqual({ 'Retry-After': '540' });
    // Another key is independent.
    await enforceRateLimit(db, clock, 'other', rule, 'Slow down.');
    clock.advance(540_000);
    await expect(enforceRateLimit(db, clock, 'k', rule, 'Slow down.')).resolves.toBeUndefined();
  });

  it('count every one of many simultaneous hits', async () => {
    const clock = manualClock();
    const rule = { points: 10, windowSeconds: 600 };
    const results = await Promise.allSettled(Array.from({ length: 25 }, () => enforceRateLimit(db, clock, 'burst', rule, 'Slow down.')));
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(10);
  });

  it('are off when set to 0', async () => {
    const clock = manualClock();
    for (let i = 0; i < 20; i += 1) await enforceRateLimit(db, clock, 'k', { points: 0, windowSeconds: 600 }, 'x');
  });
});

describe('the public member functions', () => {
  let db: Database;
  beforeEach(async () => {
    db = await openAuthDb();
  });
  afterEach(() => db.close());

  it('read members by id, ids and phone in any spelling', async () => {
    const now = new Date();
    const a = await insertMember(db, { phone: '+15551234567', name: 'Ada Lovelace', now });
    const b = await insertMember(db, { phone: '+15559876543', name: 'Grace Hopper', now });
    await expect(getMember(db, a.id)).resolves.toMatchObject({ id: a.id, name: 'Ada Lovelace', phone: '+15551234567', vouchesGiven: 0, onboardingComplete: false });
    await expect(getMember(db, 999)).resolves.toBeNull();
    expect((await getMembers(db, [b.id, a.id, a.id, 999])).map((m) => m.name)).toEqual(['Ada Lovelace', 'Grace Hopper']);
    await expect(getMembers(db, [])).resolves.toEqual([]);
    await expect(findMemberByPhone(db, '(555) 987-6543')).resolves.toMatchObject({ id: b.id });
    await expect(findMemberByPhone(db, 'nonsense')).resolves.toBeNull();
  });

  it('update stats by setting and by race-free increments, inside a caller transaction too', async () => {
    const member = await insertMember(db, { phone: '+15551234567', name: 'Ada Lovelace', now: new Date() });
    await Promise.all(Array.from({ length: 10 }, () => updateMemberStats(db, member.id, { vouchesGiven: { increment: 1 } })));
    const updated = await updateMemberStats(db, member.id, { reputationScore: 42.5, profileViews: { increment: 3 }, onboardingComplete: true });
    expect(updated).toMatchObject({ vouchesGiven: 10, reputationScore: 42.5, profileViews: 3, onboardingComplete: true });
    await expect(db.transaction((t) => updateMemberStats(db, member.id, { vouchesGiven: { increment: -1 } }, t))).resolves.toMatchObject({ vouchesGiven: 9 });
    await expect(updateMemberStats(db, 999, { vouchesGiven: 1 })).resolves.toBeNull();
  });
});

describe('what the sessions list shows of a session', () => {
  it('names the browser or app and its system from the User-Agent', () => {
    const cases: [string | null, string][] = [
      ['Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Safari/537.36', 'Chrome on macOS'],
      ['Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1', 'Safari on iPhone'],
      ['Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Safari/537.36 Edg/126.0.0.0', 'Edge on Windows'],
      ['Mozilla/5.0 (X11; Linux x86_64; rv:127.0) Gecko/20100101 Firefox/127.0', 'Firefox on Linux'],
      ['Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Mobile Safari/537.36', 'Chrome on Android'],
      ['Vouch/2.4.1 (iPhone; iOS 17.5)', 'Vouch app on iPhone'],
      ['okhttp/4.12.0', 'Android app'],
      ['curl/8.5.0', 'Script or tool'],
      [null, 'Unknown browser'],
      ['something else', 'Unknown browser'],
    ];
    for (const [ua, description] of cases) expect(describeUserAgent(ua)).toBe(description);
  });

  it('places it by its network, never its address', () => {
    expect(addressPrefix('203.0.113.66')).toBe('203.0.113.0/24');
    expect(addressPrefix('::ffff:198.51.100.7')).toBe('198.51.100.0/24');
    expect(addressPrefix('2001:db8:aa:1:ffff::2')).toBe('2001:db8:aa::/48');
    expect(addressPrefix('unknown')).toBeNull();
    expect(addressPrefix(undefined)).toBeNull();
  });
});
