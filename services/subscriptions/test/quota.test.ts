import { Problem } from '@vouch/service-core';
import { consumeQuota, getTier } from '../src/index';
import { updateSubscription } from '../src/data-access/subscription.repository';
import { getCurrentUsage } from '../src/domain/subscription.use-case';
import type { UsageKind } from '@vouch/contracts';
import type { PlanName } from '../src/domain/plans';
import { TEST_DATABASES, type TestDatabase } from './support/test-databases';

describe.each(TEST_DATABASES)('monthly quota on %s', (_name, open) => {
  let test: TestDatabase;
  let nextMember = 1;
  const newMember = () => nextMember++;

  beforeAll(async () => {
    test = await open();
  });
  afterAll(async () => {
    await test?.drop();
  });

  const now = new Date('2025-11-15T12:00:00Z');
  const consume = (memberId: number, kind: UsageKind, at: Date = now) =>
    test.db.transaction((t) => consumeQuota(test.db, t, memberId, kind, { now: at }));
  const onPlan = (memberId: number, plan: PlanName, status = 'active') =>
    test.db.transaction((t) => updateSubscription(test.db, memberId, { plan, status }, t));
  const used = async (memberId: number, kind: UsageKind, at: Date = now) => (await getCurrentUsage(test.db, memberId, at))[kind].used;

  async function race(memberId: number, kind: UsageKind, attempts: number) {
    const results = await Promise.allSettled(Array.from({ length: attempts }, () => consume(memberId, kind)));
    const granted = results.filter((r) => r.status === 'fulfilled').length;
    const refused = results.filter((r) => r.status === 'rejected').map((r) => (r as PromiseRejectedResult).reason);
    return { granted, refused };
  }

  it('a member without a subscription row is on the free plan', async () => {
    const member = newMember();
    expect(await getTier(test.db, member)).toMatchObject({ plan: 'free', introductionDegrees: [1, 2], selfSuggestDegrees: [], matchSuggestions: 3 });
    expect(await getCurrentUsage(test.db, member, now)).toEqual({
      vouches: { used: 0, monthly: 15 },
      invites: { used: 0, monthly: 15 },
      introductions: { used: 0, monthly: 10 },
      vouchAsks: { used: 0, monthly: 10 },
      periodEnd: '2025-12-01T00:00:00.000Z',
    });
  });

  it('when a free member has 3 vouches left and sends 12 at once, exactly 3 go through and 9 get a 402', async () => {
    const member = newMember();
    for (let i = 0; i < 12; i++) await consume(member, 'vouches');
    const { granted, refused } = await race(member, 'vouches', 12);
    expect(granted).toBe(3);
    expect(refused).toHaveLength(9);
    for (const reason of refused) {
      expect(reason).toBeInstanceOf(Problem);
      expect((reason as Problem).status).toBe(402);
      expect((reason as Problem).detail).toBe(
        'You have used all 15 vouches of your Network Builder plan this month; it resets on December 1. Upgrade to Network Pro for 100 vouches a month.',
      );
    }
    expect(await used(member, 'vouches')).toBe(15);
  });

  it('when the first requests of the month race for a counter that does not exist yet, exactly the allowance goes through', async () => {
    const member = newMember();
    const { granted, refused } = await race(member, 'introductions', 16);
    expect(granted).toBe(10);
    expect(refused.map((r) => (r as Problem).status)).toEqual(Array(6).fill(402));
    expect(await used(member, 'introductions')).toBe(10);
  });

  it('each kind has its own allowance', async () => {
    const member = newMember();
    for (let i = 0; i < 15; i++) await consume(member, 'invites');
    await expect(consume(member, 'invites')).rejects.toMatchObject({ status: 402 });
    await expect(consume(member, 'vouches')).resolves.toMatchObject({ plan: 'free', monthly: 15 });
  });

  it("a unit is given back when the caller's own write rolls back", async () => {
    const member = newMember();
    await expect(
      test.db.transaction(async (t) => {
        await consumeQuota(test.db, t, member, 'vouches', { now });
        throw new Error('the vouch could not be saved');
      }),
    ).rejects.toThrow('the vouch could not be saved');
    expect(await used(member, 'vouches')).toBe(0);
  });

  it('a new month starts from zero', async () => {
    const member = newMember();
    for (let i = 0; i < 15; i++) await consume(member, 'vouches');
    await expect(consume(member, 'vouches')).rejects.toMatchObject({ status: 402 });
    const december = new Date('2025-12-01T00:00:00Z');
    await expect(consume(member, 'vouches', december)).resolves.toMatchObject({ periodEnd: new Date('2026-01-01T00:00:00Z') });
    expect(await used(member, 'vouches', december)).toBe(1);
    expect(await used(member, 'vouches')).toBe(15);
  });

  it('upgrading mid-month keeps what was used and lifts the limit at once', async () => {
    const member = newMember();
    for (let i = 0; i < 15; i++) await consume(member, 'vouches');
    await onPlan(member, 'premium');
    await expect(consume(member, 'vouches')).resolves.toMatchObject({ plan: 'premium', monthly: 100 });
    expect(await getCurrentUsage(test.db, member, now)).toMatchObject({ vouches: { used: 16, monthly: 100 } });
  });

  it('Network Pro stops at 100 under concurrency and points at Network Catalyst', async () => {
    const member = newMember();
    await onPlan(member, 'premium');
    for (let i = 0; i < 45; i++) await consume(member, 'introductions');
    const { granted, refused } = await race(member, 'introductions', 10);
    expect(granted).toBe(5);
    expect((refused[0] as Problem).detail).toContain('Upgrade to Network Catalyst for unlimited introduction requests.');
  });

  it('Network Catalyst is unlimited: concurrent units are all granted and all counted', async () => {
    const member = newMember();
    await onPlan(member, 'enterprise');
    for (let i = 0; i < 20; i++) await consume(member, 'vouches');
    const { granted } = await race(member, 'vouches', 12);
    expect(granted).toBe(12);
    expect(await getCurrentUsage(test.db, member, now)).toMatchObject({ vouches: { used: 32, monthly: -1 } });
  });

  it('a paid plan whose payment lapsed (unpaid) has the free allowances', async () => {
    const member = newMember();
    await onPlan(member, 'premium', 'unpaid');
    expect((await getTier(test.db, member)).plan).toBe('free');
    for (let i = 0; i < 10; i++) await consume(member, 'introductions');
    await expect(consume(member, 'introductions')).rejects.toMatchObject({ status: 402 });
  });
});
