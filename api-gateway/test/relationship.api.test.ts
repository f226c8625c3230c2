// The relationship of a vouch (issue 28 item 8) through the real gateway, on SQLite and (with
// TEST_DATABASE_URL) MariaDB: the voucher chooses it, the recipient may correct it when
// accepting, and each side's onboarding map places the other by it.
import { describeEachDatabase, signIn, type SignedInMember } from './support';

interface MapNode { type: string; vouch?: { id: number; relationship: string | null } }

const recommendation = (to: SignedInMember, extra: Record<string, unknown> = {}) => ({
  type: 'recommendation',
  recipientName: to.name,
  recipientPhone: to.phone,
  reason: 'We shipped together.',
  skills: 'Planning',
  ...extra,
});

async function slotOf(member: SignedInMember, vouchId: number): Promise<{ type: string; relationship: string | null }> {
  const nodes = (await member.agent.get('/api/onboarding/network-map').expect(200)).body.networkData.nodes as MapNode[];
  const node = nodes.find((n) => n.vouch?.id === vouchId);
  if (!node?.vouch) throw new Error(`vouch ${vouchId} is not on the map`);
  return { type: node.type, relationship: node.vouch.relationship };
}

describeEachDatabase(
  'vouch relationships',
  (t) => {
    let victor: SignedInMember, rita: SignedInMember, olga: SignedInMember, paul: SignedInMember;

    beforeAll(async () => {
      victor = await signIn(t, ['Victor', 'Voucher']);
      rita = await signIn(t, ['Rita', 'Recipient']);
      olga = await signIn(t, ['Olga', 'Oldclient']);
      paul = await signIn(t, ['Paul', 'Peer']);
    });

    it('the voucher chooses it; each side sees the other as the relationship says (my manager has me as their report)', async () => {
      const created = await victor.agent.post('/api/vouches').send(recommendation(rita, { relationship: 'manager' })).expect(201);
      expect(created.body.relationship).toBe('manager');
      const pending = (await rita.agent.get('/api/vouches/pending-for-me').expect(200)).body as { id: number; relationship: string }[];
      expect(pending.find((v) => v.id === created.body.id)?.relationship).toBe('manager');
      expect((await t.request.get(`/api/vouches/public/${created.body.vouchToken}`).expect(200)).body.relationship).toBe('manager');

      await rita.agent.post('/api/vouches/accept').send({ vouchToken: created.body.vouchToken, action: 'accept' }).expect(200);
      // Rita is Victor's manager: above him on his map; Victor is her report: below her on hers.
      expect(await slotOf(victor, created.body.id)).toEqual({ type: 'mentor', relationship: 'manager' });
      expect(await slotOf(rita, created.body.id)).toEqual({ type: 'mentee', relationship: 'report' });
    });

    it('the recipient corrects it when accepting; the vouch then holds the correction for both', async () => {
      const created = await paul.agent.post('/api/vouches').send(recommendation(rita, { relationship: 'mentee' })).expect(201);
      // Rita says she is Paul's mentor, not his mentee: from the voucher's side, as stored, "mentor".
      const answer = await rita.agent.post('/api/vouches/accept').send({ vouchToken: created.body.vouchToken, action: 'accept', relationship: 'mentor' }).expect(200);
      expect(answer.body.vouch.relationship).toBe('mentor');
      const sent = (await paul.agent.get('/api/vouches/my').expect(200)).body as { id: number; relationship: string }[];
      expect(sent.find((v) => v.id === created.body.id)?.relationship).toBe('mentor');
      expect(await slotOf(paul, created.body.id)).toEqual({ type: 'mentor', relationship: 'mentor' });
      expect(await slotOf(rita, created.body.id)).toEqual({ type: 'mentee', relationship: 'mentee' });
    });

    it('an older client sends none: the vouch holds null and its slot is guessed as before', async () => {
      const created = await olga.agent.post('/api/vouches').send(recommendation(paul)).expect(201);
      expect(created.body.relationship).toBeNull();
      await paul.agent.post('/api/vouches/accept').send({ vouchToken: created.body.vouchToken, action: 'accept' }).expect(200);
      expect((await slotOf(olga, created.body.id)).relationship).toBeNull();
    });

    it('an unknown relationship, or a correction while declining, is a 400 with a sentence; nothing changes', async () => {
      const bad = await victor.agent.post('/api/vouches').send(recommendation(olga, { relationship: 'boss' })).expect(400);
      expect(bad.headers['content-type']).toMatch(/problem\+json/);
      expect(bad.body.detail).toContain('Relationship must be one of: colleague, manager, report, mentor, mentee, client, friend.');

      const created = await victor.agent.post('/api/vouches').send(recommendation(olga, { relationship: 'client' })).expect(201);
      const refused = await olga.agent.put('/api/vouches/respond').send({ vouchToken: created.body.vouchToken, action: 'reject', relationship: 'friend' }).expect(400);
      expect(refused.body.detail).toBe('A relationship can only be corrected when accepting a Vouch.');
      const wrong = await olga.agent.post('/api/vouches/accept').send({ vouchToken: created.body.vouchToken, action: 'accept', relationship: 'sibling' }).expect(400);
      expect(wrong.body.detail).toContain('Relationship must be one of');
      expect((await t.request.get(`/api/vouches/public/${created.body.vouchToken}`).expect(200)).body).toMatchObject({ status: 'pending', relationship: 'client' });
    });
  },
);
