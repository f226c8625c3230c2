// Vouch revocation through the real gateway (issue 10): a voucher withdraws a pending vouch,
// on SQLite and (with TEST_DATABASE_URL) MariaDB/MySQL.
import { describeEachDatabase, GENEROUS_AUTH_LIMITS, newPhone, signIn, type Agent, type SignedInMember } from './support';

const REMOVED = 'This Vouch was removed by its sender.';

function recommendation(recipientPhone: string) {
  return { type: 'recommendation', recipientName: 'Rita Recipient', recipientPhone, reason: 'Rita ran the launch.', characterTraits: 'Calm', skills: 'Launches', accomplishments: null };
}

async function vouch(agent: Agent, recipientPhone: string): Promise<{ id: number; vouchToken: string }> {
  const res = await agent.post('/api/vouches').send(recommendation(recipientPhone));
  if (res.status !== 201) throw new Error(`create vouch: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body;
}

const revoke = (member: SignedInMember, id: number | string) => member.agent.post(`/api/vouches/${id}/revoke`).send({});
const usedVouches = async (member: SignedInMember) => (await member.agent.get('/api/usage/current').expect(200)).body.vouches.used as number;

describeEachDatabase(
  'vouch revocation',
  (t) => {
    let victor: SignedInMember, rita: SignedInMember, stranger: SignedInMember;

    beforeAll(async () => {
      victor = await signIn(t, ['Victor', 'Voucher']);
      rita = await signIn(t, ['Rita', 'Recipient']);
      stranger = await signIn(t, ['Sam', 'Stranger']);
    });

    it('the voucher revokes a pending vouch: it leaves the recipient\'s list, stays in Sent marked revoked, its page and any answer say it was removed', async () => {
      const sent = await vouch(victor.agent, rita.phone);
      expect((await rita.agent.get('/api/vouches/pending-for-me').expect(200)).body.map((v: { id: number }) => v.id)).toContain(sent.id);

      expect((await revoke(victor, sent.id).expect(200)).body).toEqual({ id: sent.id, status: 'revoked' });

      expect((await rita.agent.get('/api/vouches/pending-for-me').expect(200)).body.map((v: { id: number }) => v.id)).not.toContain(sent.id);
      const mine = (await victor.agent.get('/api/vouches/my').expect(200)).body as { id: number; status: string }[];
      expect(mine.find((v) => v.id === sent.id)).toMatchObject({ status: 'revoked' });
      const page = await t.request.get(`/api/vouches/public/${sent.vouchToken}`).expect(410);
      expect(page.headers['content-type']).toMatch(/problem\+json/);
      expect(page.body.detail).toBe(REMOVED);
      const answer = await rita.agent.post('/api/vouches/accept').send({ vouchToken: sent.vouchToken, action: 'accept' }).expect(410);
      expect(answer.body.detail).toBe(REMOVED);
      await rita.agent.put('/api/vouches/respond').send({ vouchToken: sent.vouchToken, action: 'reject' }).expect(410);
      const feed = (await victor.agent.get('/api/activities').expect(200)).body;
      expect(feed[0]).toMatchObject({ type: 'vouch_revoked', description: 'You revoked your Vouch for Rita Recipient.' });
    });

    it('the monthly allowance is not given back, and a new vouch to the same phone may follow', async () => {
      const before = await usedVouches(victor);
      const first = await vouch(victor.agent, rita.phone);
      expect(await usedVouches(victor)).toBe(before + 1);
      await revoke(victor, first.id).expect(200);
      expect(await usedVouches(victor)).toBe(before + 1);
      const second = await vouch(victor.agent, rita.phone);
      expect(second.id).not.toBe(first.id);
      expect(await usedVouches(victor)).toBe(before + 2);
      await revoke(victor, second.id).expect(200);
    });

    it("someone else's vouch, an unknown id or a malformed id is not found (404), and nothing changes", async () => {
      const sent = await vouch(victor.agent, newPhone());
      for (const member of [stranger, rita]) {
        const res = await revoke(member, sent.id).expect(404);
        expect(res.body.detail).toBe('Vouch Not Found - This Vouch may have expired or been removed.');
      }
      await revoke(victor, 99_999_999).expect(404);
      for (const bad of ['abc', '0', '-1', '1.5', '9'.repeat(30)]) await revoke(victor, bad).expect(404);
      await t.request.get(`/api/vouches/public/${sent.vouchToken}`).expect(200);
    });

    it('a vouch that is no longer pending cannot be revoked (409 with a sentence)', async () => {
      const accepted = await vouch(victor.agent, rita.phone);
      await rita.agent.post('/api/vouches/accept').send({ vouchToken: accepted.vouchToken, action: 'accept' }).expect(200);
      expect((await revoke(victor, accepted.id).expect(409)).body.detail).toBe('This Vouch has already been accepted: only a pending Vouch can be revoked.');

      const declined = await vouch(victor.agent, rita.phone);
      await rita.agent.post('/api/vouches/accept').send({ vouchToken: declined.vouchToken, action: 'reject' }).expect(200);
      expect((await revoke(victor, declined.id).expect(409)).body.detail).toBe('This Vouch has already been rejected: only a pending Vouch can be revoked.');

      const twice = await vouch(victor.agent, newPhone());
      await revoke(victor, twice.id).expect(200);
      expect((await revoke(victor, twice.id).expect(409)).body.detail).toBe('This Vouch has already been revoked.');
    });

    it('a signed-out caller gets 401', async () => {
      await t.request.post('/api/vouches/1/revoke').send({}).expect(401);
    });

    it('a revocation racing the answer leaves exactly one winner', async () => {
      const sent = await vouch(victor.agent, rita.phone);
      const [revoked, answered] = await Promise.all([
        revoke(victor, sent.id),
        rita.agent.post('/api/vouches/accept').send({ vouchToken: sent.vouchToken, action: 'accept' }),
      ]);
      expect([revoked.status, answered.status].sort()).toEqual(revoked.status === 200 ? [200, 410] : [200, 409]);
      const page = await t.request.get(`/api/vouches/public/${sent.vouchToken}`);
      expect(page.status).toBe(revoked.status === 200 ? 410 : 200);
    });
  },
  { env: { ...GENEROUS_AUTH_LIMITS } },
);
