// Asking for a vouch (issue 28 item 4) through the real gateway, on SQLite and (with
// TEST_DATABASE_URL) MariaDB/MySQL: the ask reaches the asked member in the bell, by text and by
// push; one open ask per pair; the asked member declines or vouches (which fulfils it); asks are
// bounded per month by plan; many simultaneous asks of one pair leave one row.
import supertest from 'supertest';
import { listOutboxRows, startFakeFcm, type FakeFcm } from '@vouch/service-notifications/testing';
import { describeEachDatabase, GENEROUS_AUTH_LIMITS, signIn, type SignedInMember, type SignInTarget, type TestContext } from './support';

const recommendation = { type: 'recommendation', reason: 'We shipped the launch together.', skills: 'Launches', characterTraits: null, accomplishments: null };

describeEachDatabase(
  'asking for a vouch',
  (t: TestContext) => {
    let fcm: FakeFcm;
    let gateway: SignInTarget;
    let ann: SignedInMember, bob: SignedInMember, sam: SignedInMember;

    beforeAll(async () => {
      fcm = await startFakeFcm();
      const app = t.createApp({ env: { ...GENEROUS_AUTH_LIMITS, FCM_CREDENTIALS_FILE: fcm.credentialsFile, PUBLIC_URL: 'https://vouch.example' } });
      gateway = { request: supertest(app), agent: () => supertest.agent(app) };
      [ann, bob, sam] = [await signIn(gateway, ['Ann', 'Asker']), await signIn(gateway, ['Bob', 'Asked']), await signIn(gateway, ['Sam', 'Stranger'])];
      await bob.agent.post('/api/devices').send({ platform: 'ios', token: 'fcm-bob', appVersion: '1.0' }).expect(201);
    });
    afterAll(async () => {
      await fcm?.close();
    });

    const ask = (from: SignedInMember, to: SignedInMember, message?: string) => from.agent.post('/api/vouch-asks').send({ memberId: to.memberId, ...(message ? { message } : {}) });
    const asks = async (who: SignedInMember, query: string) => (await who.agent.get(`/api/vouch-asks?${query}`).expect(200)).body as { id: number; status: string; asker: { id: number; name: string }; asked: { id: number; name: string }; message: string | null }[];
    const texts = async (to: string) => ((await gateway.request.get('/api/dev/sms-outbox').expect(200)).body.messages as { to: string; body: string }[]).filter((m) => m.to === to);

    it('the asked member gets the ask in the bell (opening Create Vouch for the asker), by text and by push; the asker sees it open', async () => {
      const res = await ask(ann, bob, 'Would you vouch for my launch work?').expect(201);
      expect(res.body).toMatchObject({ status: 'open', message: 'Would you vouch for my launch work?', asker: { id: ann.memberId, name: 'Ann Asker' }, asked: { id: bob.memberId, name: 'Bob Asked' }, answeredAt: null });

      const bell = (await bob.agent.get('/api/activities').expect(200)).body;
      expect(bell[0]).toMatchObject({ type: 'vouch_asked', aboutMemberId: ann.memberId, unread: true, description: 'Ann Asker asked you for a Vouch. Vouch for them, or decline the ask. “Would you vouch for my launch work?”' });
      // The outbox lists the newest text first.
      expect((await texts(bob.phone))[0]?.body).toBe(`Vouch: Ann Asker asked you for a Vouch. Vouch for them or decline: https://vouch.example/my-vouches?vouchFor=${ann.memberId}`);
      const pushes = await listOutboxRows(t.db, bob.memberId);
      expect(pushes.at(-1)).toMatchObject({ kind: 'vouch_asked', title: 'Asked for a Vouch', link: `/my-vouches?vouchFor=${ann.memberId}` });

      expect((await asks(bob, 'box=received')).map((a) => [a.id, a.status])).toEqual([[res.body.id, 'open']]);
      expect((await asks(ann, `box=sent&memberId=${bob.memberId}`)).map((a) => a.id)).toEqual([res.body.id]);
      expect(await asks(ann, `box=sent&memberId=${sam.memberId}`)).toEqual([]);
      expect(await asks(sam, 'box=received')).toEqual([]);
    });

    it('a second ask while the first is open is a 409 naming it; asking yourself, an unknown member or a bad body is a clear 4xx', async () => {
      const open = (await asks(ann, `box=sent&memberId=${bob.memberId}`))[0]!;
      const again = await ask(ann, bob).expect(409);
      expect(again.headers['content-type']).toMatch(/problem\+json/);
      expect(again.body).toMatchObject({ code: 'DUPLICATE', existingId: open.id, detail: 'You already asked this member for a Vouch; they have not answered yet.' });

      expect((await ask(ann, ann).expect(400)).body).toMatchObject({ code: 'OWN_ASK', detail: 'You cannot ask yourself for a Vouch.' });
      expect((await ann.agent.post('/api/vouch-asks').send({ memberId: 999999 }).expect(404)).body.detail).toBe('That member was not found.');
      expect((await ann.agent.post('/api/vouch-asks').send({ memberId: 'bob' }).expect(400)).body.code).toBe('VALIDATION_FAILED');
      expect((await ann.agent.post('/api/vouch-asks').send({ memberId: sam.memberId, message: 'x'.repeat(501) }).expect(400)).body.detail).toMatch(/at most 500 characters/);
      expect((await ann.agent.get('/api/vouch-asks?box=everything').expect(400)).body.detail).toMatch(/received, sent/);
      await gateway.request.post('/api/vouch-asks').send({ memberId: bob.memberId }).expect(401);
    });

    it('only the asked member declines (the asker 403, anyone else 404); a declined ask cannot be declined again, and a new ask may follow', async () => {
      const open = (await asks(bob, `box=received&memberId=${ann.memberId}`))[0]!;
      expect((await ann.agent.post(`/api/vouch-asks/${open.id}/decline`).send({}).expect(403)).body).toMatchObject({ code: 'NOT_ASKED_MEMBER', detail: 'Only the member who was asked can decline this ask.' });
      await sam.agent.post(`/api/vouch-asks/${open.id}/decline`).send({}).expect(404);
      await bob.agent.post('/api/vouch-asks/abc/decline').send({}).expect(404);

      expect((await bob.agent.post(`/api/vouch-asks/${open.id}/decline`).send({}).expect(200)).body).toMatchObject({ id: open.id, status: 'declined' });
      expect((await bob.agent.post(`/api/vouch-asks/${open.id}/decline`).send({}).expect(409)).body.code).toBe('ASK_ANSWERED');
      expect((await asks(ann, 'box=sent'))[0]).toMatchObject({ id: open.id, status: 'declined' });

      await ask(ann, bob).expect(201);
    });

    it('vouching for the asker, by member id, fulfils the ask; the phone the voucher never saw stays masked', async () => {
      const open = (await asks(bob, `box=received&memberId=${ann.memberId}`))[0]!;
      expect(open.status).toBe('open');
      const created = await bob.agent.post('/api/vouches').send({ ...recommendation, recipientName: 'Ann Asker', recipientMemberId: ann.memberId }).expect(201);
      expect(created.body.recipientPhone).toBe(`•••-•••-${ann.phone.slice(-4)}`);
      expect((await bob.agent.get('/api/vouches/my').expect(200)).body[0].recipientPhone).toBe(`•••-•••-${ann.phone.slice(-4)}`);
      expect((await asks(ann, `box=sent&memberId=${bob.memberId}`))[0]).toMatchObject({ id: open.id, status: 'fulfilled' });
      // The asker received it as a vouch to their own phone.
      expect((await ann.agent.get('/api/vouches/pending-for-me').expect(200)).body.map((v: { id: number }) => v.id)).toContain(created.body.id);
      expect((await bob.agent.post(`/api/vouch-asks/${open.id}/decline`).send({}).expect(409)).body.code).toBe('ASK_ANSWERED');
    });

    it('a vouch by typed phone fulfils the ask too; vouching by id for yourself or an unknown member is a 400', async () => {
      const created = (await ask(sam, ann).expect(201)).body;
      await ann.agent.post('/api/vouches').send({ ...recommendation, recipientName: 'Sam Stranger', recipientPhone: sam.phone }).expect(201);
      expect((await asks(sam, 'box=sent'))[0]).toMatchObject({ id: created.id, status: 'fulfilled' });

      const own = await ann.agent.post('/api/vouches').send({ ...recommendation, recipientName: 'Ann Asker', recipientMemberId: ann.memberId }).expect(400);
      expect(own.body.errors).toEqual([{ field: 'recipientMemberId', message: 'You cannot Vouch for yourself.' }]);
      const unknown = await ann.agent.post('/api/vouches').send({ ...recommendation, recipientName: 'Nobody Here', recipientMemberId: 999999 }).expect(400);
      expect(unknown.body.detail).toBe('That member was not found.');
      await ann.agent.post('/api/vouches').send({ ...recommendation, recipientName: 'Nobody Here' }).expect(400);
    });

    it('asks are bounded per month by plan: the free plan\'s 11th is a 402 that writes nothing; Network Pro allows 50', async () => {
      const asker = await signIn(gateway, ['Quinn', 'Quota']);
      const others: SignedInMember[] = [];
      for (let i = 0; i < 11; i++) others.push(await signIn(gateway, ['Pat', `Person${String.fromCharCode(65 + i)}`]));
      for (const other of others.slice(0, 10)) await ask(asker, other).expect(201);
      expect((await asker.agent.get('/api/usage/current').expect(200)).body.vouchAsks).toEqual({ used: 10, monthly: 10 });
      const refused = await ask(asker, others[10]!).expect(402);
      expect(refused.body).toMatchObject({ code: 'PLAN_LIMIT' });
      expect(refused.body.detail).toMatch(/^You have used all 10 asks for a vouch of your Network Builder plan this month; it resets on .+\. Upgrade to Network Pro for 50 a month\.$/);
      expect(await asks(others[10]!, 'box=received')).toEqual([]);
      expect((await others[10]!.agent.get('/api/activities').expect(200)).body.filter((a: { type: string }) => a.type === 'vouch_asked')).toEqual([]);

      await asker.agent.post('/api/subscriptions/create').send({ plan: 'premium' }).expect(200);
      expect((await asker.agent.get('/api/usage/current').expect(200)).body.vouchAsks).toEqual({ used: 10, monthly: 50 });
      await ask(asker, others[10]!).expect(201);
    });

    it('accepting a vouch offers Vouch back for the voucher, unless the recipient already vouched for them', async () => {
      const giver = await signIn(gateway, ['Gia', 'Giver']);
      const taker = await signIn(gateway, ['Tom', 'Taker']);
      const first = await giver.agent.post('/api/vouches').send({ ...recommendation, recipientName: 'Tom Taker', recipientMemberId: taker.memberId }).expect(201);
      const accepted = await taker.agent.put('/api/vouches/respond').send({ vouchToken: first.body.vouchToken, action: 'accept' }).expect(200);
      expect(accepted.body.vouchBack).toEqual({ memberId: giver.memberId, name: 'Gia Giver' });

      // Tom vouches back (by id); Gia's next vouch, once accepted, offers nothing more.
      await taker.agent.post('/api/vouches').send({ ...recommendation, recipientName: 'Gia Giver', recipientMemberId: giver.memberId }).expect(201);
      await giver.agent.post(`/api/vouches/${first.body.id}/revoke`).send({}).expect(409);
      const other = await signIn(gateway, ['Olly', 'Other']);
      const second = await other.agent.post('/api/vouches').send({ ...recommendation, recipientName: 'Gia Giver', recipientPhone: giver.phone }).expect(201);
      const declined = await giver.agent.put('/api/vouches/respond').send({ vouchToken: second.body.vouchToken, action: 'reject' }).expect(200);
      expect(declined.body.vouchBack).toBeNull();
      const third = await taker.agent.post('/api/vouches').send({ ...recommendation, type: 'invite', recipientName: 'Olly Other', recipientPhone: other.phone }).expect(201);
      const viaLink = await other.agent.post('/api/vouches/accept').send({ vouchToken: third.body.vouchToken, action: 'accept' }).expect(200);
      expect(viaLink.body.vouchBack).toEqual({ memberId: taker.memberId, name: 'Tom Taker' });
      const gia = await giver.agent.get('/api/vouches/pending-for-me').expect(200);
      const back = gia.body.find((v: { voucherId: number }) => v.voucherId === taker.memberId);
      expect((await giver.agent.put('/api/vouches/respond').send({ vouchToken: back.vouchToken, action: 'accept' }).expect(200)).body.vouchBack).toBeNull();
    });

    it('a profile tells a signed-in visitor the member id its actions address', async () => {
      const slug = (await bob.agent.get('/api/profile/my-summary').expect(200)).body.profile.profileSlug as string;
      expect((await ann.agent.get(`/api/profile/public/${slug}`).expect(200)).body.viewer).toMatchObject({ isOwner: false, memberId: bob.memberId });
      expect((await gateway.request.get(`/api/profile/public/${slug}`).expect(200)).body.viewer).toBeNull();
    });

    it('many simultaneous asks of one member by another leave one open ask, the rest 409s, never a 500', async () => {
      const asker = await signIn(gateway, ['Cora', 'Concurrent']);
      await asker.agent.post('/api/subscriptions/create').send({ plan: 'enterprise' }).expect(200);
      const asked = await signIn(gateway, ['Dan', 'Desired']);
      const results = await Promise.all(Array.from({ length: 12 }, () => ask(asker, asked)));
      expect(results.map((r) => r.status).sort()).toEqual([201, ...Array(11).fill(409)]);
      const winner = results.find((r) => r.status === 201)!.body.id;
      for (const r of results.filter((x) => x.status === 409)) expect(r.body.existingId).toBe(winner);
      expect((await asks(asked, 'box=received')).map((a) => a.id)).toEqual([winner]);
      expect((await asked.agent.get('/api/activities').expect(200)).body.filter((a: { type: string }) => a.type === 'vouch_asked')).toHaveLength(1);
    });
  },
);
