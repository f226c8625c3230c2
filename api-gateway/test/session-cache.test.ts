import type { AuthContext } from '@vouch/service-core';
import { createSessionCache, sessionCacheTtlMs } from '../src/session-cache';

const member: AuthContext = { sessionId: 's-1', phone: '+15551234567', memberId: 7 };
const registering: AuthContext = { sessionId: 's-2', phone: '+15551234568', memberId: null };

/** A lookup that counts its calls and answers what `answer` says at the time of the call. */
function countingLookup(answer: () => AuthContext | null) {
  const lookup = jest.fn(async () => answer());
  return lookup;
}

describe('session cache', () => {
  let clock = 0;
  const now = () => clock;
  beforeEach(() => {
    clock = 1_000_000;
  });

  it('answers a signed-in member’s repeated lookups from memory until the lifetime ends', async () => {
    const cache = createSessionCache({ ttlMs: 2000, now });
    const lookup = countingLookup(() => member);
    expect(await cache.resolve('token-a', lookup)).toEqual(member);
    clock += 1999;
    expect(await cache.resolve('token-a', lookup)).toEqual(member);
    expect(lookup).toHaveBeenCalledTimes(1);
    clock += 1;
    await cache.resolve('token-a', lookup);
    expect(lookup).toHaveBeenCalledTimes(2);
  });

  it('forgets a token at once: the next lookup reads again and sees the sign-out', async () => {
    const cache = createSessionCache({ ttlMs: 2000, now });
    let live = true;
    const lookup = countingLookup(() => (live ? member : null));
    await cache.resolve('token-a', lookup);
    live = false;
    cache.forget('token-a');
    expect(await cache.resolve('token-a', lookup)).toBeNull();
  });

  it('a lookup in flight when the token is forgotten does not store its older answer', async () => {
    const cache = createSessionCache({ ttlMs: 2000, now });
    let finish!: (auth: AuthContext | null) => void;
    const slow = jest.fn(() => new Promise<AuthContext | null>((resolve) => (finish = resolve)));
    const pending = cache.resolve('token-a', slow);
    cache.forget('token-a'); // sign-out committed while the read was on its way
    finish(member);
    expect(await pending).toEqual(member); // the request that was already running
    const after = countingLookup(() => null);
    expect(await cache.resolve('token-a', after)).toBeNull();
    expect(after).toHaveBeenCalledTimes(1);
  });

  it('concurrent lookups of one token share one read', async () => {
    const cache = createSessionCache({ ttlMs: 2000, now });
    const lookup = countingLookup(() => member);
    const answers = await Promise.all(Array.from({ length: 20 }, () => cache.resolve('token-a', lookup)));
    expect(answers.every((a) => a === member)).toBe(true);
    expect(lookup).toHaveBeenCalledTimes(1);
  });

  it('keeps neither unknown tokens nor sessions still registering (their member is bound later)', async () => {
    const cache = createSessionCache({ ttlMs: 2000, now });
    const unknown = countingLookup(() => null);
    await cache.resolve('token-x', unknown);
    await cache.resolve('token-x', unknown);
    expect(unknown).toHaveBeenCalledTimes(2);
    const pending = countingLookup(() => registering);
    await cache.resolve('token-r', pending);
    await cache.resolve('token-r', pending);
    expect(pending).toHaveBeenCalledTimes(2);
    expect(cache.size).toBe(0);
  });

  it('a failed read is not kept: the next request tries again', async () => {
    const cache = createSessionCache({ ttlMs: 2000, now });
    const failing = jest.fn(async (): Promise<AuthContext | null> => {
      throw new Error('database down');
    });
    await expect(cache.resolve('token-a', failing)).rejects.toThrow('database down');
    expect(await cache.resolve('token-a', countingLookup(() => member))).toEqual(member);
  });

  it('holds at most maxEntries sessions, dropping the oldest', async () => {
    const cache = createSessionCache({ ttlMs: 2000, now, maxEntries: 2 });
    for (const token of ['t1', 't2', 't3']) await cache.resolve(token, countingLookup(() => member));
    expect(cache.size).toBe(2);
    const again = countingLookup(() => member);
    await cache.resolve('t1', again);
    expect(again).toHaveBeenCalledTimes(1);
  });

  it('with a lifetime of 0 every lookup reads the database', async () => {
    const cache = createSessionCache({ ttlMs: 0, now });
    const lookup = countingLookup(() => member);
    await cache.resolve('token-a', lookup);
    await cache.resolve('token-a', lookup);
    expect(lookup).toHaveBeenCalledTimes(2);
  });
});

describe('SESSION_CACHE_SECONDS', () => {
  it('defaults to 2 s, accepts 0 to 60 (fractions too), refuses anything else at start-up', () => {
    expect(sessionCacheTtlMs({})).toBe(2000);
    expect(sessionCacheTtlMs({ SESSION_CACHE_SECONDS: '0' })).toBe(0);
    expect(sessionCacheTtlMs({ SESSION_CACHE_SECONDS: '0.5' })).toBe(500);
    for (const bad of ['-1', 'soon', '61']) expect(() => sessionCacheTtlMs({ SESSION_CACHE_SECONDS: bad })).toThrow(/SESSION_CACHE_SECONDS must be a number of seconds from 0 to 60/);
  });
});

describe('session cache: a member\'s sessions dropped together (issue 26 item 5)', () => {
  let clock = 1_000_000;
  const now = () => clock;

  it('forgetMember drops every cached session of that member and no other', async () => {
    const cache = createSessionCache({ ttlMs: 60_000, now });
    const other: AuthContext = { sessionId: 's-9', phone: '+15551234569', memberId: 9 };
    let live = true;
    const phoneA = jest.fn(async () => (live ? member : null));
    const phoneB = jest.fn(async () => (live ? { ...member, sessionId: 's-3' } : null));
    const otherLookup = jest.fn(async () => other);
    await cache.resolve('token-a', phoneA);
    await cache.resolve('token-b', phoneB);
    await cache.resolve('token-o', otherLookup);
    live = false;
    cache.forgetMember(7);
    expect(await cache.resolve('token-a', phoneA)).toBeNull();
    expect(await cache.resolve('token-b', phoneB)).toBeNull();
    expect(await cache.resolve('token-o', otherLookup)).toEqual(other);
    expect(otherLookup).toHaveBeenCalledTimes(1);
  });

  it('a lookup of that member in flight when the sessions are dropped does not store its answer', async () => {
    const cache = createSessionCache({ ttlMs: 60_000, now });
    let release!: () => void;
    const slow = jest.fn(() => new Promise<AuthContext>((resolve) => (release = () => resolve(member))));
    const pending = cache.resolve('token-a', slow);
    clock += 1;
    cache.forgetMember(7);
    release();
    await pending;
    const again = jest.fn(async () => null);
    expect(await cache.resolve('token-a', again)).toBeNull();
    clock += 1;
  });
});
