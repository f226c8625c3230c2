// `npm run seed` (api-gateway/src/seed): the demo network on a real database, through the real
// gateway. A small network (40 members) keeps the suite quick; the full one is the same code.
import { countMembers, findMemberByPhone } from '@vouch/service-auth';
import { countAcceptedVouches } from '@vouch/service-vouches';
import type { Introduction, NetworkResponse } from '@vouch/contracts';
import { DEMO_MEMBERS, planDemoNetwork, seedDemoNetwork, type SeedReport } from '../src/seed/index';
import { memberPhone } from '../src/seed/plan';
import { describeEachDatabase, GENEROUS_AUTH_LIMITS, signIn, type SignedInMember, type TestContext } from './support';

// Seeding 40 members twice (about 200 vouches) on a busy machine.
jest.setTimeout(300_000);

const SIZE = 40;

describe('the demo network plan', () => {
  it('is the same for the same size, with clustered accepted vouches, pending ones and requests', () => {
    const now = new Date('2025-06-15T12:00:00Z');
    const plan = planDemoNetwork(300, now);
    expect(planDemoNetwork(300, new Date('2026-01-01T00:00:00Z')).vouches.map((v) => [v.from, v.to, v.status])).toEqual(plan.vouches.map((v) => [v.from, v.to, v.status]));
    expect(plan.members).toHaveLength(300);
    expect(new Set(plan.members.map((m) => m.phone)).size).toBe(300);
    expect(new Set(plan.members.map((m) => `${m.firstName} ${m.lastName}`)).size).toBe(300);
    const accepted = plan.vouches.filter((v) => v.status === 'accepted');
    expect(accepted.length).toBeGreaterThan(1200);
    expect(plan.vouches.filter((v) => v.status === 'pending').length).toBeGreaterThan(80);
    // Mostly within a community, some bridges between them.
    const within = accepted.filter((v) => plan.members[v.from]!.community === plan.members[v.to as number]!.community).length;
    expect(within / accepted.length).toBeGreaterThan(0.7);
    expect(within / accepted.length).toBeLessThan(0.95);
    expect(plan.requests.length).toBeGreaterThanOrEqual(3);
    for (const v of plan.vouches) expect(v.createdAt.getTime()).toBeLessThan(now.getTime());
    expect(plan.members.slice(0, 3).map((m) => m.phone)).toEqual(DEMO_MEMBERS.map((d) => d.phone));
    // The demo members are hubs: at least 20 given and 8 received.
    for (const size of [40, 300]) {
      const { vouches } = planDemoNetwork(size, now);
      for (let d = 0; d < DEMO_MEMBERS.length; d += 1) {
        expect(vouches.filter((v) => v.status === 'accepted' && v.from === d).length).toBeGreaterThanOrEqual(20);
        expect(vouches.filter((v) => v.status === 'accepted' && v.to === d).length).toBeGreaterThanOrEqual(8);
      }
    }
  });
});

describeEachDatabase(
  'npm run seed',
  (t: TestContext) => {
    let first: SeedReport;
    let second: SeedReport;
    let countsAfterFirst: { members: number; vouches: number; accepted: number };
    /** Members, every vouch row (pending ones too: a second run must add none) and the accepted ones. */
    const counts = async () => {
      const [[all]] = (await t.db.sequelize.query('SELECT COUNT(*) AS n FROM vouches')) as [{ n: number | string }[], unknown];
      return { members: await countMembers(t.db), vouches: Number(all!.n), accepted: await countAcceptedVouches(t.db) };
    };
    let realPerson: SignedInMember;

    beforeAll(async () => {
      // Someone registered on their own with a phone the seed would use for one of its members.
      realPerson = await signIn(t, ['Real', 'Person'], { phone: memberPhone(5) });
      first = await seedDemoNetwork(t.db, { members: SIZE });
      countsAfterFirst = await counts();
      second = await seedDemoNetwork(t.db, { members: SIZE });
    });

    it('builds members, accepted and pending vouches, requests and paid plans', () => {
      expect(first.members).toEqual({ created: SIZE - 1, existing: 0, leftAlone: 1 });
      expect(first.vouches.accepted).toBeGreaterThan(SIZE * 3);
      expect(first.vouches.pending).toBeGreaterThan(5);
      expect(first.requests.created).toBeGreaterThanOrEqual(3);
      expect(first.requests.suggestions).toBeGreaterThan(0);
      expect(first.plans.changed).toBeGreaterThanOrEqual(2);
      expect(countsAfterFirst).toEqual({ members: SIZE, vouches: first.vouches.accepted + first.vouches.pending, accepted: first.vouches.accepted });
    });

    it('completes an introduction both people agreed to: each sees the other on their map, with their number', async () => {
      expect(first.requests.introduced).toBeGreaterThanOrEqual(1);
      const plan = planDemoNetwork(SIZE, new Date());
      const request = plan.requests.find((r) => r.suggestions.some((s) => s.targetAgrees))!;
      const suggestion = request.suggestions.find((s) => s.targetAgrees)!;
      const [requester, target] = [plan.members[request.requester]!, plan.members[suggestion.person]!];
      const member = await signIn(t, [requester.firstName, requester.lastName], { phone: requester.phone });
      const network = (await member.agent.get('/api/network').expect(200)).body as NetworkResponse;
      expect(network.directConnections).toContainEqual(expect.objectContaining({ name: `${target.firstName} ${target.lastName}`, relationshipType: 'introduction_target' }));
      const introductions = (await member.agent.get('/api/introductions').expect(200)).body as Introduction[];
      expect(introductions).toContainEqual(expect.objectContaining({ status: 'introduced', target: expect.objectContaining({ phone: target.phone }) }));
    });

    it('shows a request addressed to a member: Marcus finds Maya\'s ask to introduce her to someone he knows', async () => {
      expect(first.requests.addressed).toBe(1);
      const [maya, marcus] = DEMO_MEMBERS;
      const member = await signIn(t, [marcus.firstName, marcus.lastName], { phone: marcus.phone });
      const asks = (await member.agent.get('/api/introduction-requests/as-connector').expect(200)).body as { status: string; requester: { name: string } }[];
      expect(asks).toEqual([expect.objectContaining({ status: 'awaiting_connector', requester: expect.objectContaining({ name: `${maya.firstName} ${maya.lastName}` }) })]);
    });

    it('when run again, adds nothing', async () => {
      expect(second.members).toEqual({ created: 0, existing: SIZE - 1, leftAlone: 1 });
      expect(second.vouches).toMatchObject({ accepted: 0, pending: 0 });
      expect(second.requests.created).toBe(0);
      expect(second.requests.addressed).toBe(0);
      expect(second.plans.changed).toBe(0);
      expect(await counts()).toEqual(countsAfterFirst);
    });

    it('never touches a member who signed up on their own', async () => {
      const real = await findMemberByPhone(t.db, realPerson.phone);
      expect(real).toMatchObject({ name: 'Real Person', vouchesGiven: 0, vouchesReceived: 0, introductionRequestsCount: 0, connectionsCount: 0 });
      const network = (await realPerson.agent.get('/api/network').expect(200)).body as NetworkResponse;
      expect(network.directConnections).toEqual([]);
    });

    it('lets a demo member sign in and see their 1° and 2° network, with live scores', async () => {
      const demo = DEMO_MEMBERS[0];
      const member = await signIn(t, [demo.firstName, demo.lastName], { phone: demo.phone });
      expect(member.name).toBe(`${demo.firstName} ${demo.lastName}`);
      const profile = (await member.agent.get('/api/user/profile').expect(200)).body.user;
      expect(profile.vouchesGiven).toBeGreaterThanOrEqual(15);
      expect(profile.reputationScore).toBeGreaterThan(0);
      expect(profile.onboardingComplete).toBe(true);
      const network = (await member.agent.get('/api/network').expect(200)).body as NetworkResponse;
      expect(network.directConnections.length).toBeGreaterThanOrEqual(15);
      expect(network.secondDegreeConnections.length).toBeGreaterThan(0);
      const usage = (await member.agent.get('/api/subscriptions/status').expect(200)).body;
      expect(usage.plan.name).toBe(demo.plan);
      // "Why this score" has something to show: named vouches with their points, and the seed's run as the last change.
      const why = (await member.agent.get('/api/profile/my-reputation').expect(200)).body;
      expect(why.score).toBe(Math.round(profile.reputationScore));
      expect(why.vouches.length).toBeGreaterThan(0);
      expect(why.vouches[0].points).toBeGreaterThan(0);
      expect(why.vouches[0].points).toBeLessThanOrEqual(why.maxVouchPoints);
      expect(why.lastChange).toMatchObject({ from: 0, to: why.score });
    });

    it('counts every member and every accepted vouch in /api/network/stats', async () => {
      const stats = (await t.request.get('/api/network/stats').expect(200)).body;
      // "Vouches Given" on the landing page: the accepted ones, not the seed's pending ones.
      expect(stats).toEqual({ totalUsers: SIZE, totalVouches: countsAfterFirst.accepted });
      expect(countsAfterFirst.accepted).toBeLessThan(countsAfterFirst.vouches);
    });
  },
  { env: { ...GENEROUS_AUTH_LIMITS, NETWORK_STATS_CACHE_SECONDS: '0' } },
);
