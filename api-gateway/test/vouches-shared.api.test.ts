// Re-sharing a pending vouch (issue 16): POST /api/vouches/:id/shared stamps lastSharedAt, which
// My Vouches → Sent shows; on SQLite and (with TEST_DATABASE_URL) MariaDB/MySQL.
import type { ServiceDefinition } from '@vouch/service-core';
import vouchesService, { vouchesRouter } from '@vouch/service-vouches';
import { VOUCH_MESSAGES } from '@vouch/contracts';
import { allServices } from '../src';
import { describeEachDatabase, GENEROUS_AUTH_LIMITS, newPhone, signIn, type Agent, type SignedInMember } from './support';

/** The vouches clock, moved by hand (when a share happened, expiry). */
let now = Date.now();
const clock = () => new Date(now);
const DAY = 24 * 60 * 60 * 1000;
const services = allServices.map((s): ServiceDefinition => (s.name === 'vouches' ? { ...vouchesService, router: (ctx) => vouchesRouter({ ...ctx, clock }) } : s));

async function vouch(agent: Agent, recipientPhone: string): Promise<{ id: number; vouchToken: string; lastSharedAt: string | null }> {
  const body = { type: 'invite', recipientName: 'Sam Shared', recipientPhone, reason: null };
  const res = await agent.post('/api/vouches').send(body);
  if (res.status !== 201) throw new Error(`create vouch: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body;
}

const shared = (member: SignedInMember, id: number | string) => member.agent.post(`/api/vouches/${id}/shared`).send({});
const sentList = async (member: SignedInMember) => (await member.agent.get('/api/vouches/my').expect(200)).body as { id: number; lastSharedAt: string | null }[];

describeEachDatabase(
  'sharing a pending vouch again',
  (t) => {
    let victor: SignedInMember, sam: SignedInMember, stranger: SignedInMember;

    beforeAll(async () => {
      victor = await signIn(t, ['Victor', 'Voucher']);
      sam = await signIn(t, ['Sam', 'Shared']);
      stranger = await signIn(t, ['Sid', 'Stranger']);
    });
    beforeEach(() => {
      now = Date.now();
    });

    it('a new vouch was never shared; each share stamps its time, which the Sent list and only the Sent list shows', async () => {
      const sent = await vouch(victor.agent, sam.phone);
      expect(sent.lastSharedAt).toBeNull();
      expect((await sentList(victor)).find((v) => v.id === sent.id)?.lastSharedAt).toBeNull();

      now += 60 * 60 * 1000;
      const first = await shared(victor, sent.id).expect(200);
      expect(first.body).toEqual({ id: sent.id, lastSharedAt: new Date(now).toISOString() });
      now += 1 * DAY;
      await shared(victor, sent.id).expect(200);
      expect((await sentList(victor)).find((v) => v.id === sent.id)?.lastSharedAt).toBe(new Date(now).toISOString());

      const page = (await t.request.get(`/api/vouches/public/${sent.vouchToken}`).expect(200)).body;
      expect(page.lastSharedAt).toBeNull();
      expect((await sam.agent.get('/api/vouches/pending-for-me').expect(200)).body.find((v: { id: number }) => v.id === sent.id)).toBeDefined();
    });

    it("someone else's vouch, an unknown or malformed id is not found (404), and the stamp stays as it was", async () => {
      const sent = await vouch(victor.agent, newPhone());
      for (const member of [stranger, sam]) {
        const res = await shared(member, sent.id).expect(404);
        expect(res.headers['content-type']).toMatch(/problem\+json/);
        expect(res.body.detail).toBe(VOUCH_MESSAGES.notFound);
      }
      await shared(victor, 99_999_999).expect(404);
      for (const bad of ['abc', '0', '-1', '1.5', '9'.repeat(30)]) await shared(victor, bad).expect(404);
      expect((await sentList(victor)).find((v) => v.id === sent.id)?.lastSharedAt).toBeNull();
    });

    it('an answered, revoked or expired vouch cannot be shared (409 / 410 with a sentence)', async () => {
      const ann = await signIn(t, ['Ann', 'Answered']);
      const accepted = await vouch(victor.agent, ann.phone);
      await ann.agent.post('/api/vouches/accept').send({ vouchToken: accepted.vouchToken, action: 'accept' }).expect(200);
      expect((await shared(victor, accepted.id).expect(409)).body.detail).toBe('This Vouch has already been accepted: only a pending Vouch can be shared.');

      const revoked = await vouch(victor.agent, newPhone());
      await victor.agent.post(`/api/vouches/${revoked.id}/revoke`).send({}).expect(200);
      expect((await shared(victor, revoked.id).expect(409)).body.detail).toBe('This Vouch has already been revoked.');

      const expiring = await vouch(victor.agent, newPhone());
      now += 30 * DAY;
      expect((await shared(victor, expiring.id).expect(410)).body.detail).toBe(VOUCH_MESSAGES.expired);
      expect((await sentList(victor)).find((v) => v.id === expiring.id)?.lastSharedAt).toBeNull();
    });

    it('a signed-out caller gets 401', async () => {
      await t.request.post('/api/vouches/1/shared').send({}).expect(401);
    });
  },
  { services, env: { ...GENEROUS_AUTH_LIMITS } },
);
