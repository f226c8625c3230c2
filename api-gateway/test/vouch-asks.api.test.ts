// Asking for a vouch (issue 28 item 4, issue 40) through the real gateway, on SQLite and (with
// TEST_DATABASE_URL) MariaDB/MySQL: the ask reaches the asked member in the bell and the outbox
// (text and push go out from the worker: notifications.api.test.ts); asks go only within the plan's
// reach, never within 30 days of a decline, never from a blocked member and at most three a week to
// one member; the asked member declines (the asker hears of it) or vouches (which fulfils it); asks
// are bounded per month by plan; simultaneous asks leave one open ask per pair and respect the cap.
import type { ServiceDefinition } from '@vouch/service-core';
import vouchesService, { vouchesRouter } from '@vouch/service-vouches';
import { listNotificationsOf } from '@vouch/service-notifications/testing';
import { allServices } from '../src';
import { describeEachDatabase, GENEROUS_AUTH_LIMITS, signIn, vouchAndAccept, type SignedInMember, type TestContext } from './support';

jest.setTimeout(90_000);

/** The vouches clock moves by hand (30 days after a decline, a week of asks); sign-in keeps real time. */
let now = Date.now();
const DAY = 86_400_000;
const vouchesWithClock: ServiceDefinition = { ...vouchesService, router: (ctx) => vouchesRouter({ ...ctx, clock: () => new Date(now) }) };
const services = allServices.map((s) => (s.name === 'vouches' ? vouchesWithClock : s));

const recommendation = { type: 'recommendation', reason: 'We shipped the launch together.', skills: 'Launches', characterTraits: null, accomplishments: null };

type Ask = { id: number; status: string; asker: { id: number; name: string }; asked: { id: number; name: string }; message: string | null };

describeEachDatabase(
  'asking for a vouch',
  (t: TestContext) => {
    let ann: SignedInMember, bob: SignedInMember, cy: SignedInMember, sam: SignedInMember;

    beforeAll(async () => {
      // Ann and Bob vouched for each other's work (1°); Cy is Bob's (2° of Ann); Sam knows nobody.
      [ann, bob, cy, sam] = [await signIn(t, ['Ann', 'Asker']), await signIn(t, ['Bob', 'Asked']), await signIn(t, ['Cy', 'Second']), await signIn(t, ['Sam', 'Stranger'])];
      await vouchAndAccept(ann, bob);
      await vouchAndAccept(bob, cy);
    });
    beforeEach(() => {
      now = Date.now();
    });

    const ask = (from: SignedInMember, to: SignedInMember, message?: string) => from.agent.post('/api/vouch-asks').send({ memberId: to.memberId, ...(message ? { message } : {}) });
    const asks = async (who: SignedInMember, query: string) => (await who.agent.get(`/api/vouch-asks?${query}`).expect(200)).body as Ask[];
    const bell = async (who: SignedInMember) => (await who.agent.get('/api/activities').expect(200)).body as Array<{ type: string; description: string; link: string; objectType: string; objectId: number; unread: boolean; aboutMemberId: number }>;

    it('the asked member gets the ask in the bell (opening Create Vouch for the asker) and in the outbox, their message in the bell only; both open it by id', async () => {
      const res = await ask(ann, bob, 'Would you vouch for my launch work?').expect(201);
      expect(res.body).toMatchObject({ status: 'open', message: 'Would you vouch for my launch work?', asker: { id: ann.memberId, name: 'Ann Asker' }, asked: { id: bob.memberId, name: 'Bob Asked' }, answeredAt: null });
      const link = `/my-vouches?vouchFor=${ann.memberId}&ask=${res.body.id}`;

      expect((await bell(bob))[0]).toMatchObject({ type: 'vouch_asked', aboutMemberId: ann.memberId, unread: true, objectType: 'vouch_ask', objectId: res.body.id, link, description: 'Ann Asker asked you for a Vouch. Vouch for them, or decline the ask. “Would you vouch for my launch work?”' });
      const [queued] = (await listNotificationsOf(t.db, bob.memberId)).filter((n) => n.kind === 'vouch_asked');
      expect(queued).toMatchObject({ objectType: 'vouch_ask', objectId: res.body.id, link, title: 'Asked for a Vouch', body: 'Ann Asker asked you for a Vouch. Vouch for them, or decline the ask.', textBody: 'Vouch: Ann Asker asked you for a Vouch. Vouch for them or decline:' });

      for (const who of [ann, bob]) expect((await who.agent.get(`/api/vouch-asks/${res.body.id}`).expect(200)).body).toMatchObject({ id: res.body.id, status: 'open' });
      await sam.agent.get(`/api/vouch-asks/${res.body.id}`).expect(404);
      expect((await asks(bob, 'box=received')).map((a) => [a.id, a.status])).toEqual([[res.body.id, 'open']]);
      expect((await asks(ann, `box=sent&memberId=${bob.memberId}`)).map((a) => a.id)).toEqual([res.body.id]);
    });

    it('a second ask while the first is open is a 409 naming it; asking yourself, an unknown member or a bad body is a clear 4xx', async () => {
      const open = (await asks(ann, `box=sent&memberId=${bob.memberId}`))[0]!;
      const again = await ask(ann, bob).expect(409);
      expect(again.headers['content-type']).toMatch(/problem\+json/);
      expect(again.body).toMatchObject({ code: 'DUPLICATE', existingId: open.id, detail: 'You already asked this member for a Vouch; they have not answered yet.' });
      expect((await ask(ann, ann).expect(400)).body).toMatchObject({ code: 'OWN_ASK', detail: 'You cannot ask yourself for a Vouch.' });
      expect((await ann.agent.post('/api/vouch-asks').send({ memberId: 999999 }).expect(404)).body.detail).toBe('That member was not found.');
      expect((await ann.agent.post('/api/vouch-asks').send({ memberId: 'bob' }).expect(400)).body.code).toBe('VALIDATION_FAILED');
      expect((await ann.agent.post('/api/vouch-asks').send({ memberId: bob.memberId, message: 'x'.repeat(501) }).expect(400)).body.detail).toMatch(/at most 500 characters/);
      expect((await ann.agent.get('/api/vouch-asks?box=everything').expect(400)).body.detail).toMatch(/received, sent/);
      await t.request.post('/api/vouch-asks').send({ memberId: bob.memberId }).expect(401);
    });

    it('asks go only within the plan\'s reach: a stranger is a 403 (a private one the 404 of nobody), a 2° member only on a paid plan', async () => {
      const stranger = await ask(sam, ann).expect(403);
      expect(stranger.body).toMatchObject({ code: 'ASK_OUT_OF_REACH', detail: 'On Network Builder you can ask your 1st degree connections for a Vouch. Ann Asker is not one of them yet: vouch for each other first, or upgrade to Network Pro to ask 2nd degree connections.' });
      const second = await ask(ann, cy).expect(403);
      expect(second.body.code).toBe('ASK_OUT_OF_REACH');
      expect((await listNotificationsOf(t.db, cy.memberId)).filter((n) => n.kind === 'vouch_asked')).toEqual([]);

      // A private member beyond reach: the same answer as an id nobody has.
      await sam.agent.patch('/api/profile').send({ isPublic: false }).expect(200);
      expect((await ask(cy, sam).expect(404)).body.detail).toBe('That member was not found.');

      await ann.agent.post('/api/subscriptions/create').send({ plan: 'premium' }).expect(200);
      await ask(ann, cy).expect(201);
      expect((await ask(ann, sam).expect(404)).body.detail).toBe('That member was not found.');
    });

    it('only the asked member declines (the asker 403, anyone else 404); the asker hears of it, and may ask again only after 30 days', async () => {
      const open = (await asks(bob, `box=received&memberId=${ann.memberId}`))[0]!;
      expect((await ann.agent.post(`/api/vouch-asks/${open.id}/decline`).send({}).expect(403)).body).toMatchObject({ code: 'NOT_ASKED_MEMBER', detail: 'Only the member who was asked can decline this ask.' });
      await sam.agent.post(`/api/vouch-asks/${open.id}/decline`).send({}).expect(404);
      await bob.agent.post('/api/vouch-asks/abc/decline').send({}).expect(404);
      expect((await bob.agent.post(`/api/vouch-asks/${open.id}/decline`).send({ block: 'yes' }).expect(400)).body.detail).toMatch(/Block must be true or false/);

      expect((await bob.agent.post(`/api/vouch-asks/${open.id}/decline`).send({}).expect(200)).body).toMatchObject({ id: open.id, status: 'declined' });
      expect((await bob.agent.post(`/api/vouch-asks/${open.id}/decline`).send({}).expect(409)).body.code).toBe('ASK_ANSWERED');
      expect((await bell(ann))[0]).toMatchObject({ type: 'vouch_ask_declined', description: 'Bob Asked declined your ask for a Vouch.', link: `/my-vouches?tab=asks&ask=${open.id}`, objectType: 'vouch_ask', objectId: open.id, unread: true });
      expect((await bell(bob))[0]).toMatchObject({ type: 'vouch_ask_declined', description: "You declined Ann Asker's ask for a Vouch.", unread: false });

      const soon = await ask(ann, bob).expect(409);
      expect(soon.body.code).toBe('ASK_DECLINED_RECENTLY');
      expect(soon.body.detail).toMatch(/^Bob Asked declined your last ask on \w+ \d+, \d{4}\. You can ask again from \w+ \d+, \d{4}\.$/);
      now += 29 * DAY;
      await ask(ann, bob).expect(409);
      now += 2 * DAY;
      await ask(ann, bob).expect(201);
    });

    it('a member who declines with block takes no more asks from the asker, until they unblock', async () => {
      const open = (await asks(bob, `box=received&memberId=${ann.memberId}`)).find((a) => a.status === 'open')!;
      await bob.agent.post(`/api/vouch-asks/${open.id}/decline`).send({ block: true }).expect(200);
      expect((await bob.agent.get('/api/vouch-asks/blocks').expect(200)).body).toEqual([{ member: { id: ann.memberId, name: 'Ann Asker' }, createdAt: expect.any(String) }]);
      now += 40 * DAY;
      expect((await ask(ann, bob).expect(403)).body).toMatchObject({ code: 'ASKS_BLOCKED', detail: 'Bob Asked is not taking asks for a Vouch from you.' });
      await bob.agent.delete(`/api/vouch-asks/blocks/${sam.memberId}`).expect(404);
      await bob.agent.delete(`/api/vouch-asks/blocks/${ann.memberId}`).expect(204);
      expect((await bob.agent.get('/api/vouch-asks/blocks').expect(200)).body).toEqual([]);
      await ask(ann, bob).expect(201);
    });

    it('vouching for the asker, by member id, fulfils the ask and tells the asker so; the phone the voucher never saw stays masked', async () => {
      const open = (await asks(bob, `box=received&memberId=${ann.memberId}`)).find((a) => a.status === 'open')!;
      const created = await bob.agent.post('/api/vouches').send({ ...recommendation, recipientName: 'Ann Asker', recipientMemberId: ann.memberId }).expect(201);
      expect(created.body.recipientPhone).toBe(`•••-•••-${ann.phone.slice(-4)}`);
      expect((await asks(ann, `box=sent&memberId=${bob.memberId}`))[0]).toMatchObject({ id: open.id, status: 'fulfilled' });
      expect((await bell(ann))[0]).toMatchObject({ type: 'vouch_created', description: 'Bob Asked vouched for you, answering your ask.', objectType: 'vouch', objectId: created.body.id, link: `/vouch/${created.body.vouchToken}`, unread: true });
      expect((await bob.agent.post(`/api/vouch-asks/${open.id}/decline`).send({}).expect(409)).body.code).toBe('ASK_ANSWERED');
    });

    it('a member is asked at most three times a week, by anyone: the fourth is a 429 with Retry-After, and a place frees a week after the first', async () => {
      const popular = await signIn(t, ['Pia', 'Popular']);
      const askers: SignedInMember[] = [];
      for (const letter of 'ABCD') {
        const asker = await signIn(t, ['Fan', `Number${letter}`]);
        await vouchAndAccept(popular, asker);
        askers.push(asker);
      }
      const start = now;
      for (const [i, asker] of askers.slice(0, 3).entries()) {
        now = start + i * DAY;
        await ask(asker, popular).expect(201);
      }
      now = start + 3 * DAY;
      const refused = await ask(askers[3]!, popular).expect(429);
      expect(refused.body).toMatchObject({ code: 'ASKED_TOO_OFTEN', detail: 'Pia Popular has been asked for several Vouches this week. Try again in 4 days.' });
      expect(Number(refused.headers['retry-after'])).toBe(4 * 86_400);
      expect((await askers[3]!.agent.get('/api/usage/current').expect(200)).body.vouchAsks.used).toBe(0);
      now = start + 7 * DAY + 1000;
      await ask(askers[3]!, popular).expect(201);
    });

    it('asks are bounded per month by plan: the free plan\'s 11th is a 402 that writes nothing', async () => {
      const asker = await signIn(t, ['Quinn', 'Quota']);
      const others: SignedInMember[] = [];
      for (let i = 0; i < 11; i++) {
        const other = await signIn(t, ['Pat', `Person${String.fromCharCode(65 + i)}`]);
        await vouchAndAccept(other, asker);
        others.push(other);
      }
      for (const other of others.slice(0, 10)) await ask(asker, other).expect(201);
      expect((await asker.agent.get('/api/usage/current').expect(200)).body.vouchAsks).toEqual({ used: 10, monthly: 10 });
      const refused = await ask(asker, others[10]!).expect(402);
      expect(refused.body).toMatchObject({ code: 'PLAN_LIMIT' });
      expect(await asks(others[10]!, 'box=received')).toEqual([]);
      expect((await bell(others[10]!)).filter((a) => a.type === 'vouch_asked')).toEqual([]);
      expect((await listNotificationsOf(t.db, others[10]!.memberId)).filter((n) => n.kind === 'vouch_asked')).toEqual([]);
    });

    it('accepting a vouch offers Vouch back for the voucher, unless the recipient already vouched for them', async () => {
      const giver = await signIn(t, ['Gia', 'Giver']);
      const taker = await signIn(t, ['Tom', 'Taker']);
      const first = await giver.agent.post('/api/vouches').send({ ...recommendation, recipientName: 'Tom Taker', recipientMemberId: taker.memberId }).expect(201);
      const accepted = await taker.agent.put('/api/vouches/respond').send({ vouchToken: first.body.vouchToken, action: 'accept' }).expect(200);
      expect(accepted.body.vouchBack).toEqual({ memberId: giver.memberId, name: 'Gia Giver' });
      await taker.agent.post('/api/vouches').send({ ...recommendation, recipientName: 'Gia Giver', recipientMemberId: giver.memberId }).expect(201);
      const other = await signIn(t, ['Olly', 'Other']);
      const second = await other.agent.post('/api/vouches').send({ ...recommendation, recipientName: 'Gia Giver', recipientPhone: giver.phone }).expect(201);
      expect((await giver.agent.put('/api/vouches/respond').send({ vouchToken: second.body.vouchToken, action: 'reject' }).expect(200)).body.vouchBack).toBeNull();
      const back = (await giver.agent.get('/api/vouches/pending-for-me').expect(200)).body.find((v: { voucherId: number }) => v.voucherId === taker.memberId);
      expect((await giver.agent.put('/api/vouches/respond').send({ vouchToken: back.vouchToken, action: 'accept' }).expect(200)).body.vouchBack).toBeNull();
    });

    it('many simultaneous asks of one member by another leave one open ask, the rest 409s, never a 500', async () => {
      const asker = await signIn(t, ['Cora', 'Concurrent']);
      const asked = await signIn(t, ['Dan', 'Desired']);
      await vouchAndAccept(asker, asked);
      const results = await Promise.all(Array.from({ length: 12 }, () => ask(asker, asked)));
      expect(results.map((r) => r.status).sort()).toEqual([201, ...Array(11).fill(409)]);
      const winner = results.find((r) => r.status === 201)!.body.id;
      for (const r of results.filter((x) => x.status === 409)) expect(r.body.existingId).toBe(winner);
      expect((await asks(asked, 'box=received')).map((a) => a.id)).toEqual([winner]);
      expect((await bell(asked)).filter((a) => a.type === 'vouch_asked')).toHaveLength(1);
    });

    it('eight members asking one member at once: exactly three asks are made, the rest 429, never a 500', async () => {
      const asked = await signIn(t, ['Eve', 'Everyone']);
      const askers: SignedInMember[] = [];
      for (let i = 0; i < 8; i++) {
        const asker = await signIn(t, ['Ike', `Asker${String.fromCharCode(65 + i)}`]);
        await vouchAndAccept(asked, asker);
        askers.push(asker);
      }
      const results = await Promise.all(askers.map((asker) => ask(asker, asked)));
      expect(results.map((r) => r.status).sort()).toEqual([201, 201, 201, 429, 429, 429, 429, 429]);
      expect((await listNotificationsOf(t.db, asked.memberId)).filter((n) => n.kind === 'vouch_asked')).toHaveLength(3);
    });
  },
  { services, env: { ...GENEROUS_AUTH_LIMITS, PUBLIC_URL: 'https://vouch.example' } },
);
