import { createSingleFlightCache } from '../src/single-flight-cache';

describe('single-flight cache', () => {
  let clock = 0;
  const now = () => clock;
  beforeEach(() => {
    clock = 1_000_000;
  });

  it('keeps only what can still be answered: storing a value drops the entries whose lifetime has ended', async () => {
    const cache = createSingleFlightCache<string>({ ttlMs: 1000, now });
    // A thousand members, each reading once within 0.9 s.
    for (let i = 0; i < 1000; i += 1) {
      await cache.get(`member-${i}`, async () => `body ${i}`);
      if (i % 100 === 99) clock += 100;
    }
    expect(cache.size).toBe(1000);
    clock += 500; // the first 600 have expired, nobody asked for them again
    await cache.get('member-next', async () => 'body next');
    expect(cache.size).toBe(401);
    expect(cache.peek('member-599')).toBeUndefined();
    expect(cache.peek('member-600')).toBe('body 600');
    expect(cache.peek('member-next')).toBe('body next');
  });

  it('a value stored again after it expired goes to the back, so the younger ones before it stay', async () => {
    const cache = createSingleFlightCache<string>({ ttlMs: 1000, now });
    await cache.get('a', async () => 'a1');
    clock += 600;
    await cache.get('b', async () => 'b1');
    clock += 600; // a expired, b has 400 ms left
    expect(await cache.get('a', async () => 'a2')).toBe('a2');
    expect(cache.size).toBe(2);
    expect(cache.peek('b')).toBe('b1');
    clock += 500; // b expired, a has 500 ms left
    await cache.get('c', async () => 'c1');
    expect(cache.peek('a')).toBe('a2');
    expect(cache.size).toBe(2);
  });

  it('still answers a value within its lifetime from memory, one load for concurrent misses', async () => {
    const cache = createSingleFlightCache<number>({ ttlMs: 1000, now });
    let loads = 0;
    const load = async () => ++loads;
    expect(await Promise.all([cache.get('k', load), cache.get('k', load)])).toEqual([1, 1]);
    clock += 999;
    expect(await cache.get('k', load)).toBe(1);
    clock += 1;
    expect(await cache.get('k', load)).toBe(2);
  });
});
