// The network through the real gateway (issue 7): GET /api/network, /api/network/stats,
// /api/network/analysis and /api/onboarding/network-map, on SQLite and (with TEST_DATABASE_URL)
// MariaDB/MySQL, on a small network made and answered through the API.
import { updateMemberStats } from '@vouch/service-auth';
import { reputationIdle } from '@vouch/service-vouches/worker';
import { NETWORK_MESSAGES, type DirectConnection, type NetworkResponse, type OnboardingNetworkMap } from '@vouch/contracts';
import { describeEachDatabase, GENEROUS_AUTH_LIMITS, newPhone, signIn, type Agent, type SignedInMember, type TestContext } from './support';

/** A member's 1° entry: the id as text, its kind and the member id (an invite has none). */
const member = (memberId: number) => ({ id: String(memberId), kind: 'member' as const, memberId });

// Setting up signs nine members in and answers a dozen vouches through the API: slow on a busy machine.
jest.setTimeout(60_000);

type Name = 'Ada' | 'Ben' | 'Cal' | 'Dee' | 'Eve' | 'Gil' | 'Hal' | 'Kim' | 'Joy';

describeEachDatabase(
  'the network',
  (t: TestContext) => {
    const m = {} as Record<Name, SignedInMember>;
    const id = (name: Name) => m[name].memberId;
    const ids: Record<string, number> = {};

    async function send(from: Name, body: Record<string, unknown>) {
      const res = await m[from].agent.post('/api/vouches').send({ reason: 'Trusted', characterTraits: null, skills: null, accomplishments: null, ...body });
      if (res.status !== 201) throw new Error(`create vouch: ${res.status} ${JSON.stringify(res.body)}`);
      return res.body as { id: number; vouchToken: string };
    }
    /** `from` recommends `to`, who then answers (or leaves it pending). */
    async function recommend(from: Name, to: Name, answer: 'accept' | 'reject' | 'pending', extra: Record<string, unknown> = {}) {
      const vouch = await send(from, { type: 'recommendation', recipientName: m[to].name, recipientPhone: m[to].phone, skills: `skill of ${to}`, ...extra });
      if (answer !== 'pending') await m[to].agent.put('/api/vouches/respond').send({ vouchToken: vouch.vouchToken, action: answer }).expect(200);
      return vouch.id;
    }

    //  Ada ──▶ Ben ──▶ Dee ◀── Cal ──▶ Eve       (accepted)
    //  Ben ──▶ Ada,  Cal ──▶ Ada                  (accepted)
    //  Ada ══▶ Joy   invite accepted, then a recommendation accepted
    //  Ada ┄┄▶ Gil pending · Ada ┄┄▶ Hal declined · Ben ┄┄▶ Kim pending · Ada ┄┄▶ Ivy pending invite (no member)
    //  Gil ──▶ Hal accepted (a network of their own, unreachable from Ada)
    beforeAll(async () => {
      for (const name of ['Ada', 'Ben', 'Cal', 'Dee', 'Eve', 'Gil', 'Hal', 'Kim'] as Name[]) m[name] = await signIn(t, [name, 'Test']);
      ids.AdaBen = await recommend('Ada', 'Ben', 'accept', { skills: 'Rust, Go; rust', characterTraits: 'Honest' });
      ids.BenAda = await recommend('Ben', 'Ada', 'accept', { skills: 'Design' });
      ids.CalAda = await recommend('Cal', 'Ada', 'accept');
      ids.BenDee = await recommend('Ben', 'Dee', 'accept');
      ids.CalDee = await recommend('Cal', 'Dee', 'accept');
      ids.CalEve = await recommend('Cal', 'Eve', 'accept');
      ids.AdaGil = await recommend('Ada', 'Gil', 'pending');
      ids.AdaHal = await recommend('Ada', 'Hal', 'reject');
      ids.BenKim = await recommend('Ben', 'Kim', 'pending');
      ids.GilHal = await recommend('Gil', 'Hal', 'accept');
      // Joy joins through Ada's invite link, then Ada recommends her too.
      const joyPhone = newPhone();
      const invite = await send('Ada', { type: 'invite', recipientName: 'Joy Test', recipientPhone: joyPhone, reason: null });
      ids.AdaJoyInvite = invite.id;
      m.Joy = await signIn(t, ['Joy', 'Test'], { phone: joyPhone, vouchToken: invite.vouchToken });
      await m.Joy.agent.put('/api/vouches/respond').send({ vouchToken: invite.vouchToken, action: 'accept' }).expect(200);
      ids.AdaJoy = await recommend('Ada', 'Joy', 'accept', { skills: 'Sales', characterTraits: 'Kind' });
      ids.AdaIvy = (await send('Ada', { type: 'invite', recipientName: 'Ivy Invitee', recipientPhone: newPhone(), reason: null })).id;
      await reputationIdle(t.db);
    });

    const network = async (agent: Agent) => (await agent.get('/api/network').expect(200)).body as NetworkResponse;
    const direct = (body: NetworkResponse) => Object.fromEntries(body.directConnections.map((c) => [c.name, c]));

    describe('GET /api/network', () => {
      it('lists my 1° once each, with one relationship by precedence and the skills and traits of the vouches I gave', async () => {
        const body = await network(m.Ada.agent);
        expect(body.user).toEqual({ id: id('Ada'), name: 'Ada Test' });
        expect(body.directConnections).toEqual<DirectConnection[]>([
          // Ben: I vouched for him and he for me → vouched_for; his vouch for me adds nothing to his tags.
          { ...member(id('Ben')), name: 'Ben Test', skills: ['Rust', 'Go'], characterTraits: ['Honest'], relationshipType: 'vouched_for' },
          { ...member(id('Cal')), name: 'Cal Test', skills: [], characterTraits: [], relationshipType: 'vouched_by' },
          // Joy: joined through my invite, then recommended → invited_accepted wins.
          { ...member(id('Joy')), name: 'Joy Test', skills: ['Sales'], characterTraits: ['Kind'], relationshipType: 'invited_accepted' },
          { id: `invite:${ids.AdaIvy}`, kind: 'invite', memberId: null, name: 'Ivy Invitee', skills: [], characterTraits: [], relationshipType: 'invited_pending' },
        ]);
      });

      it('lists my 2° through the right 1° member, most shared connections first, never 1° people or me', async () => {
        const body = await network(m.Ada.agent);
        expect(body.secondDegreeConnections).toEqual([
          // Dee is behind Ben and Cal: the smaller id (Ben) is named.
          { id: id('Dee'), name: 'Dee Test', relationshipType: 'second_degree_vouch', connectedThrough: 'Ben Test', connectedThroughId: id('Ben'), sharedConnections: 2 },
          { id: id('Eve'), name: 'Eve Test', relationshipType: 'second_degree_vouch', connectedThrough: 'Cal Test', connectedThroughId: id('Cal'), sharedConnections: 1 },
        ]);
        const everyone = [...body.directConnections.map((c) => c.memberId), ...body.secondDegreeConnections.map((c) => c.id)];
        expect(new Set(everyone).size).toBe(everyone.length);
        expect(everyone).not.toContain(id('Ada'));
      });

      it('consent: pending and declined vouches connect no one, either way', async () => {
        const ada = await network(m.Ada.agent);
        const names = [...ada.directConnections, ...ada.secondDegreeConnections].map((c) => c.name);
        expect(names).not.toContain('Gil Test'); // my pending recommendation
        expect(names).not.toContain('Hal Test'); // declined
        expect(names).not.toContain('Kim Test'); // Ben's pending recommendation
        const gil = await network(m.Gil.agent);
        expect(gil.directConnections.map((c) => c.name)).toEqual(['Hal Test']); // not Ada: her vouch is pending
        expect(gil.secondDegreeConnections).toEqual([]);
        const kim = await network(m.Kim.agent);
        expect(kim).toEqual({ user: { id: id('Kim'), name: 'Kim Test' }, directConnections: [], secondDegreeConnections: [] });
      });

      it('my pending invite is shown only to me', async () => {
        const ben = await network(m.Ben.agent);
        expect(direct(ben)['Ada Test']).toMatchObject({ ...member(id('Ada')), relationshipType: 'vouched_for', skills: ['Design'] });
        expect(ben.directConnections.some((c) => c.kind === 'invite')).toBe(false);
        expect(ben.secondDegreeConnections.map((c) => c.name)).toEqual(['Cal Test', 'Joy Test']); // through Ada (Cal also through Dee)
        expect(ben.secondDegreeConnections[0]).toMatchObject({ sharedConnections: 2 });
      });

      it('a member who joined through an invite sees the inviter as vouched_by', async () => {
        const joy = await network(m.Joy.agent);
        expect(joy.directConnections).toEqual([{ ...member(id('Ada')), name: 'Ada Test', skills: [], characterTraits: [], relationshipType: 'vouched_by' }]);
      });

      it('401 without a session', async () => {
        const res = await t.request.get('/api/network').expect(401);
        expect(res.headers['content-type']).toMatch(/application\/problem\+json/);
        expect(res.body.detail).toBe('Not authenticated');
      });
    });

    describe('GET /api/network/analysis', () => {
      const analysis = async (query: string, agent: Agent = m.Ada.agent) => (await agent.get(`/api/network/analysis${query}`).expect(200)).body;

      it('degree 1: my direct connections, each opening up only themselves', async () => {
        const body = await analysis('?degree=1');
        expect(body.totalReachablePeople).toBe(3);
        expect(body.connectors).toEqual([
          { connectorId: id('Ben'), connectorName: 'Ben Test', degree: 1, networkSize: 1, relevantMatches: 1 },
          { connectorId: id('Joy'), connectorName: 'Joy Test', degree: 1, networkSize: 1, relevantMatches: 1 },
          { connectorId: id('Cal'), connectorName: 'Cal Test', degree: 1, networkSize: 1, relevantMatches: 0 },
        ]);
        expect(body.networkAnalysis).toBe('You have 3 direct connections; 2 have skills vouched for.');
      });

      it('degree 2 (also the default): connectors ranked by the people they open up', async () => {
        const body = await analysis('?degree=2');
        expect(body.totalReachablePeople).toBe(5);
        expect(body.connectors).toEqual([
          { connectorId: id('Cal'), connectorName: 'Cal Test', degree: 1, networkSize: 3, relevantMatches: 2 },
          { connectorId: id('Ben'), connectorName: 'Ben Test', degree: 1, networkSize: 2, relevantMatches: 2 },
          { connectorId: id('Joy'), connectorName: 'Joy Test', degree: 1, networkSize: 1, relevantMatches: 1 },
        ]);
        expect(body.networkAnalysis).toBe('Within two degrees you can reach 5 people through 3 direct connections; 4 have skills vouched for. Cal Test opens up the most (3 people).');
        expect(await analysis('')).toEqual(body);
      });

      it('degree 3 reaches no further here; an unconnected member gets a sentence, not an error', async () => {
        expect((await analysis('?degree=3')).totalReachablePeople).toBe(5);
        expect(await analysis('?degree=2', m.Kim.agent)).toEqual({
          networkAnalysis: 'You have no connections yet. Vouch for people you trust to start building your network.',
          totalReachablePeople: 0,
          connectors: [],
        });
      });

      it.each([['?degree=0'], ['?degree=4'], ['?degree=1.5'], ['?degree=two'], ['?degree='], ['?degree=1&degree=2'], ['?degree=-1']])('400 for %s', async (query) => {
        const res = await m.Ada.agent.get(`/api/network/analysis${query}`).expect(400);
        expect(res.headers['content-type']).toMatch(/application\/problem\+json/);
        expect(res.body.detail).toContain(NETWORK_MESSAGES.invalidDegree);
      });

      it('401 without a session', async () => {
        await t.request.get('/api/network/analysis?degree=2').expect(401);
      });
    });

    describe('GET /api/onboarding/network-map', () => {
      const map = async (agent: Agent) => (await agent.get('/api/onboarding/network-map').expect(200)).body as OnboardingNetworkMap;

      it('a member without accepted vouches sees 15 empty slots with questions 1–15 and their themes', async () => {
        const body = await map(m.Kim.agent);
        expect(body.stats).toEqual({ mentors: { active: 0, total: 5 }, peers: { active: 0, total: 5 }, mentees: { active: 0, total: 5 } });
        expect(body.networkData.nodes).toHaveLength(15);
        expect(body.networkData.nodes.map((n) => n.question?.number)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15]);
        expect(body.networkData.nodes.map((n) => n.type).slice(0, 3)).toEqual(['mentor', 'peer', 'mentee']);
        expect(body.networkData.nodes[0]).toEqual({
          id: 'mentor-1',
          type: 'mentor',
          position: { x: 0, y: -1 },
          isActive: false,
          question: { number: 1, text: 'Who would you trust with your house keys?', theme: 'Character Traits' },
        });
        expect(body.networkData.nodes[5]!.question!.theme).toBe('Skills & Expertise');
        expect(body.networkData.nodes[14]!.question!.theme).toBe('Accomplishments & Impact');
      });

      it('places each accepted vouch by standing: from someone above me a mentor, to someone below me a mentee, mutual a peer', async () => {
        await updateMemberStats(t.db, id('Ada'), { reputationScore: 50 });
        await updateMemberStats(t.db, id('Cal'), { reputationScore: 80 });
        await updateMemberStats(t.db, id('Ben'), { reputationScore: 90 });
        await updateMemberStats(t.db, id('Joy'), { reputationScore: 10 });
        const body = await map(m.Ada.agent);
        expect(body.stats).toEqual({ mentors: { active: 1, total: 5 }, peers: { active: 2, total: 5 }, mentees: { active: 2, total: 5 } });
        const active = body.networkData.nodes.filter((n) => n.isActive);
        expect(active.map((n) => [n.id, n.vouch!.id, n.vouch!.direction])).toEqual([
          ['mentor-1', ids.CalAda, 'received'],
          ['peer-1', ids.AdaBen, 'given'], // Ben stands above Ada, but they vouched for each other
          ['mentee-1', ids.AdaJoyInvite, 'given'],
          ['peer-2', ids.BenAda, 'received'],
          ['mentee-2', ids.AdaJoy, 'given'],
        ]);
        expect(active.every((n) => n.question === undefined)).toBe(true);
        expect(active[1]!.vouch).toEqual({
          id: ids.AdaBen,
          name: 'Ben Test',
          type: 'recommendation',
          skills: 'Rust, Go; rust',
          characterTraits: 'Honest',
          accomplishments: null,
          reason: 'Trusted',
          relationship: null,
          acceptedAt: expect.any(String),
          direction: 'given',
        });
        // Pending and declined vouches hold no slot; the questions left are those of the empty slots.
        const inactive = body.networkData.nodes.filter((n) => !n.isActive);
        expect(inactive).toHaveLength(10);
        expect(inactive.map((n) => n.question!.number)).toEqual([4, 7, 8, 9, 10, 11, 12, 13, 14, 15]);
      });

      it('401 without a session', async () => {
        await t.request.get('/api/onboarding/network-map').expect(401);
      });
    });

    describe('GET /api/network/stats', () => {
      it('counts members and accepted vouches ("Vouches Given"), not pending or declined ones, anonymously', async () => {
        const [[members]] = (await t.db.sequelize.query('SELECT COUNT(*) AS n FROM members')) as [{ n: number | string }[], unknown];
        const res = await t.request.get('/api/network/stats').expect(200);
        // 9 accepted (Ada→Ben, Ben→Ada, Cal→Ada, Ben→Dee, Cal→Dee, Cal→Eve, Gil→Hal, Ada→Joy twice);
        // Ada→Gil, Ben→Kim and the invite to Ivy are pending, Ada→Hal declined: none of them counts.
        expect(res.body).toEqual({ totalUsers: Number(members!.n), totalVouches: 9 });
        expect(res.body.totalUsers).toBe(9);
      });

      it('answers from memory for NETWORK_STATS_CACHE_SECONDS', async () => {
        const app = t.createApp({ env: { ...GENEROUS_AUTH_LIMITS, NETWORK_STATS_CACHE_SECONDS: '60' } });
        const { default: supertest } = await import('supertest');
        const first = (await supertest(app).get('/api/network/stats').expect(200)).body;
        await signIn({ request: supertest(app), agent: () => supertest.agent(app) }, ['New', 'Member']);
        expect((await supertest(app).get('/api/network/stats').expect(200)).body).toEqual(first);
        expect((await t.request.get('/api/network/stats').expect(200)).body.totalUsers).toBe(first.totalUsers + 1);
        expect(() => t.createApp({ env: { NETWORK_STATS_CACHE_SECONDS: 'soon' } })).toThrow(/NETWORK_STATS_CACHE_SECONDS/);
      });
    });

    it('every network path is in the OpenAPI document', async () => {
      const doc = (await t.request.get('/api/openapi.json').expect(200)).body;
      for (const path of ['/network', '/network/stats', '/network/analysis', '/onboarding/network-map']) expect(doc.paths[path]?.get).toBeDefined();
    });
  },
  { env: { ...GENEROUS_AUTH_LIMITS, NETWORK_STATS_CACHE_SECONDS: '0' } },
);
