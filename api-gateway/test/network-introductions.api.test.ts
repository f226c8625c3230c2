// The network map's introduction relationships (issue 7): people joined by an introduction both
// agreed to (issue 16: the requester accepted the suggestion, the suggested person agreed) appear at 1° as introduction_target (I asked) or introduction_requester
// (they asked), through the real gateway on SQLite and (with TEST_DATABASE_URL) MariaDB/MySQL.
import { randomBytes } from 'node:crypto';
import { registerMember } from '@vouch/service-auth';
import { networkOf } from '@vouch/service-network';
import { SECOND_DEGREE_LIMIT, type NetworkResponse } from '@vouch/contracts';
import { insertVouchRows } from '@vouch/service-vouches/testing';
import { describeEachDatabase, GENEROUS_AUTH_LIMITS, newPhone, signIn, type SignedInMember, type TestContext } from './support';

// Setting up signs six members in and answers vouches and suggestions through the API: slow on a busy machine.
jest.setTimeout(60_000);

type Name = 'Ann' | 'Bo' | 'Cy' | 'Dot' | 'Eli';

describeEachDatabase(
  'the network and introductions',
  (t: TestContext) => {
    const m = {} as Record<Name, SignedInMember>;
    const id = (name: Name) => m[name].memberId;

    async function recommend(from: Name, to: Name) {
      const res = await m[from].agent
        .post('/api/vouches')
        .send({ type: 'recommendation', recipientName: m[to].name, recipientPhone: m[to].phone, reason: 'Trusted', skills: `skill of ${to}`, characterTraits: null, accomplishments: null })
        .expect(201);
      await m[to].agent.put('/api/vouches/respond').send({ vouchToken: res.body.vouchToken, action: 'accept' }).expect(200);
    }
    async function request(who: Name) {
      const res = await m[who].agent.post('/api/introduction-requests').send({ requestType: 'Hiring', desiredSkills: 'Design', reason: 'A new product', context: null, degreeLevel: 2 }).expect(201);
      return res.body.id as number;
    }
    async function suggest(who: Name, requestId: number, person: Name) {
      const res = await m[who].agent.post('/api/introduction-suggestions').send({ requestId, suggestedPersonId: id(person), reasoning: `${person} fits` }).expect(201);
      return res.body.id as number;
    }
    const answer = (who: Name, suggestionId: number, action: 'accept' | 'reject') => m[who].agent.post(`/api/introduction-suggestions/${suggestionId}/${action}`).expect(200);
    /** The suggested person agrees to the introduction the requester accepted (double opt-in). */
    async function agree(who: Name, requester: Name) {
      const asked = (await m[who].agent.get('/api/introductions').expect(200)).body.find((i: { role: string; status: string; requester: { name: string } }) => i.role === 'target' && i.status === 'awaiting_target' && i.requester.name === m[requester].name);
      await m[who].agent.post(`/api/introductions/${asked.id}/accept`).expect(200);
    }
    const network = async (who: Name) => (await m[who].agent.get('/api/network').expect(200)).body as NetworkResponse;
    const relationships = async (who: Name) => Object.fromEntries((await network(who)).directConnections.map((c) => [c.name, c.relationshipType]));
    const secondDegree = async (who: Name) => (await network(who)).secondDegreeConnections.map((c) => c.name);

    //  Bo ──▶ Ann, Bo ──▶ Cy, Bo ──▶ Dot, Ann ──▶ Eli   (accepted vouches)
    //  Ann asks for an introduction; Bo suggests Cy, Dot and Eli.
    const suggestions = {} as Record<'Cy' | 'Dot' | 'Eli', number>;
    let annRequest = 0;
    beforeAll(async () => {
      for (const name of ['Ann', 'Bo', 'Cy', 'Dot', 'Eli'] as Name[]) m[name] = await signIn(t, [name, 'Test']);
      await recommend('Bo', 'Ann');
      await recommend('Bo', 'Cy');
      await recommend('Bo', 'Dot');
      await recommend('Ann', 'Eli');
      annRequest = await request('Ann');
      for (const person of ['Cy', 'Dot', 'Eli'] as const) suggestions[person] = await suggest('Bo', annRequest, person);
    });

    it('a pending suggestion joins no one: the suggested people are still 2° to the requester and strangers to each other', async () => {
      expect(await relationships('Ann')).toEqual({ 'Bo Test': 'vouched_by', 'Eli Test': 'vouched_for' });
      expect(await secondDegree('Ann')).toEqual(['Cy Test', 'Dot Test']);
      expect(await relationships('Cy')).toEqual({ 'Bo Test': 'vouched_by' });
    });

    it('accepted by me but not yet agreed by them: still no link', async () => {
      await answer('Ann', suggestions.Cy, 'accept');
      expect(await secondDegree('Ann')).toEqual(['Cy Test', 'Dot Test']);
      expect(await relationships('Cy')).toEqual({ 'Bo Test': 'vouched_by' });
    });

    it('both agreed: the person I asked to meet is my introduction_target, and I am their introduction_requester', async () => {
      await agree('Cy', 'Ann');
      const ann = await network('Ann');
      expect(ann.directConnections).toContainEqual({ id: String(id('Cy')), kind: 'member', memberId: id('Cy'), name: 'Cy Test', skills: [], characterTraits: [], relationshipType: 'introduction_target' });
      // Now 1°, so no longer listed at 2°; nobody twice, never me.
      expect(ann.secondDegreeConnections.map((c) => c.name)).toEqual(['Dot Test']);
      const everyone = [...ann.directConnections.map((c) => c.memberId), ...ann.secondDegreeConnections.map((c) => c.id)];
      expect(new Set(everyone).size).toBe(everyone.length);
      expect(everyone).not.toContain(id('Ann'));
      expect((await network('Cy')).directConnections).toEqual([
        { id: String(id('Bo')), kind: 'member', memberId: id('Bo'), name: 'Bo Test', skills: [], characterTraits: [], relationshipType: 'vouched_by' },
        { id: String(id('Ann')), kind: 'member', memberId: id('Ann'), name: 'Ann Test', skills: [], characterTraits: [], relationshipType: 'introduction_requester' },
      ]);
      // The suggester gains no relationship by suggesting.
      expect(await relationships('Bo')).toEqual({ 'Ann Test': 'vouched_for', 'Cy Test': 'vouched_for', 'Dot Test': 'vouched_for' });
    });

    it('a rejected suggestion joins no one', async () => {
      await answer('Ann', suggestions.Dot, 'reject');
      expect(await secondDegree('Ann')).toEqual(['Dot Test']);
      expect(await relationships('Dot')).toEqual({ 'Bo Test': 'vouched_by' });
    });

    it('a vouch outranks an introduction, on both sides', async () => {
      await answer('Ann', suggestions.Eli, 'accept');
      await agree('Eli', 'Ann');
      expect((await relationships('Ann'))['Eli Test']).toBe('vouched_for');
      expect(await relationships('Eli')).toEqual({ 'Ann Test': 'vouched_by' });
    });

    it('introduced both ways: my own request outranks theirs, and each of us is listed once', async () => {
      const cyRequest = await request('Cy');
      await answer('Cy', await suggest('Bo', cyRequest, 'Ann'), 'accept');
      await agree('Ann', 'Cy');
      expect(await relationships('Ann')).toEqual({ 'Bo Test': 'vouched_by', 'Eli Test': 'vouched_for', 'Cy Test': 'introduction_target' });
      expect(await relationships('Cy')).toEqual({ 'Bo Test': 'vouched_by', 'Ann Test': 'introduction_target' });
    });

    it('the analysis reaches over vouches only: an introduction opens up no one', async () => {
      const analysis = (await m.Ann.agent.get('/api/network/analysis?degree=1').expect(200)).body;
      expect(analysis.connectors.map((c: { connectorName: string }) => c.connectorName).sort()).toEqual(['Bo Test', 'Eli Test']);
    });

    it('a full 2° list that loses an introduced person is read again, so it stays the closest 200', async () => {
      // A hub with one 1° member behind whom SECOND_DEGREE_LIMIT + 5 people sit, the first of them
      // also reached through a second 1° member (so the closest); the injected introductionLinks provider says that one was introduced.
      const member = async (first: string) => (await registerMember(t.db, { phone: newPhone(), firstName: first, lastName: 'Hub' })).id;
      const hub = await member('Hub');
      const [left, right] = [await member('Left'), await member('Right')];
      const far: number[] = [];
      for (let i = 0; i < SECOND_DEGREE_LIMIT + 5; i++) far.push(await member(`Far${i}`));
      const now = new Date();
      const edge = (voucherId: number, recipientId: number) => ({
        type: 'recommendation',
        status: 'accepted',
        vouchToken: randomBytes(24).toString('base64url'),
        voucherId,
        recipientName: 'Hub',
        recipientPhone: newPhone(),
        recipientId,
        createdAt: now,
        acceptedAt: now,
        respondedAt: now,
        expiresAt: new Date(now.getTime() + 86_400_000),
      });
      await insertVouchRows(t.db, [edge(hub, left), edge(hub, right), edge(right, far[0]!), ...far.map((f) => edge(left, f))]);

      const plain = await networkOf(t.db, hub);
      expect(plain.secondDegreeConnections).toHaveLength(SECOND_DEGREE_LIMIT);
      expect(plain.secondDegreeConnections[0]).toMatchObject({ id: far[0], sharedConnections: 2 });

      const introduced = await networkOf(t.db, hub, { introductionLinks: async () => [{ memberId: far[0]!, relationshipType: 'introduction_target' }] });
      expect(introduced.directConnections.map((c) => [c.memberId, c.relationshipType])).toEqual([
        [left, 'vouched_for'],
        [right, 'vouched_for'],
        [far[0], 'introduction_target'],
      ]);
      expect(introduced.secondDegreeConnections.map((c) => c.id)).toEqual(far.slice(1, SECOND_DEGREE_LIMIT + 1));
    });
  },
  { env: GENEROUS_AUTH_LIMITS },
);
