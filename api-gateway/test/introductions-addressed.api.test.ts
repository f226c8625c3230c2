// A request addressed to a member (issue 44 item 1) through the gateway on SQLite and (with
// TEST_DATABASE_URL) MariaDB/MySQL: Maya asks Marcus, her 1° who knows Ines, to introduce her to
// Ines; Marcus hears of it (bell and outbox), forwards or declines with a note; the double opt-in
// (Ines agrees or declines) finishes it. Every refusal's sentence; simultaneous clients.
import supertest from 'supertest';
import { listNotificationsOf } from '@vouch/service-notifications/testing';
import { describeEachDatabase, GENEROUS_AUTH_LIMITS, signIn, vouchAndAccept, type SignedInMember, type SignInTarget, type TestContext } from './support';

jest.setTimeout(120_000);

type Name = 'Maya' | 'Marcus' | 'Nia' | 'Ines' | 'Omar' | 'Dee' | 'Raj' | 'Newbie';
interface Ask { id: number; status: string; requester: { name: string }; target: { name: string }; note: string | null; introductionId: number | null }

describeEachDatabase(
  'introductions: a request addressed to a member',
  (t: TestContext) => {
    const m = {} as Record<Name, SignedInMember>;
    const ask = (who: Name, body: Record<string, unknown>) => m[who].agent.post('/api/introduction-requests').send(body);
    const toInes = (who: Name, via: Name, reason = 'I am building a design system and Ines runs one.') => ask(who, { targetId: m.Ines.memberId, connectorId: m[via].memberId, reason });
    const answer = (who: Name, id: number, action: 'forward' | 'decline', note?: string) => m[who].agent.post(`/api/introduction-requests/${id}/${action}`).send(note === undefined ? {} : { note });
    const asks = async (who: Name) => (await m[who].agent.get('/api/introduction-requests/as-connector').expect(200)).body as Ask[];
    const outbox = async (who: Name) => listNotificationsOf(t.db, m[who].memberId);
    const bell = async (who: Name) => (await m[who].agent.get('/api/activities').expect(200)).body as { type: string; description: string }[];
    const mine = async (who: Name, id: number) => (await m[who].agent.get('/api/introduction-requests/my').expect(200)).body.find((r: { id: number }) => r.id === id);
    const detail = (res: { body: { detail: string } }) => res.body.detail;

    //   Maya ── Marcus ── Ines ── Nia ── Maya;  Maya ── Omar;  Raj ── Marcus, Raj ── Nia;  Dee ── Olga;  Newbie (no vouch)
    beforeAll(async () => {
      const names: Record<Name, [string, string]> = { Maya: ['Maya', 'Chen'], Marcus: ['Marcus', 'Okafor'], Nia: ['Nia', 'Adams'], Ines: ['Ines', 'Ortiz'], Omar: ['Omar', 'Farouk'], Dee: ['Dee', 'Stranger'], Raj: ['Raj', 'Patel'], Newbie: ['Nell', 'Newbie'] };
      for (const [key, name] of Object.entries(names)) m[key as Name] = await signIn(t, name);
      await vouchAndAccept(m.Marcus, m.Maya);
      await vouchAndAccept(m.Maya, m.Nia);
      await vouchAndAccept(m.Maya, m.Omar);
      await vouchAndAccept(m.Marcus, m.Ines);
      await vouchAndAccept(m.Ines, m.Nia);
      await vouchAndAccept(m.Raj, m.Marcus);
      await vouchAndAccept(m.Nia, m.Raj);
      await vouchAndAccept(m.Dee, await signIn(t, ['Olga', 'Other']));
    });

    it('lists who can introduce me: my 1° connections who know the member, and my degree to them', async () => {
      const res = await m.Maya.agent.get(`/api/introduction-requests/connectors?targetId=${m.Ines.memberId}`).expect(200);
      expect(res.body).toEqual({ target: { id: m.Ines.memberId, name: 'Ines Ortiz', degree: 2 }, connectors: [{ id: m.Marcus.memberId, name: 'Marcus Okafor' }, { id: m.Nia.memberId, name: 'Nia Adams' }] });
      expect((await m.Maya.agent.get(`/api/introduction-requests/connectors?targetId=${m.Marcus.memberId}`).expect(200)).body.target.degree).toBe(1);
      expect((await m.Maya.agent.get(`/api/introduction-requests/connectors?targetId=${m.Dee.memberId}`).expect(200)).body).toMatchObject({ target: { degree: null }, connectors: [] });
      expect(detail(await m.Maya.agent.get(`/api/introduction-requests/connectors?targetId=${m.Maya.memberId}`).expect(404))).toBe('Member not found.');
      await m.Maya.agent.get('/api/introduction-requests/connectors?targetId=999999').expect(404);
      await m.Maya.agent.get('/api/introduction-requests/connectors').expect(400);
      await t.request.get(`/api/introduction-requests/connectors?targetId=${m.Ines.memberId}`).expect(401);
    });

    it('refuses with a sentence that says why: missing fields, yourself, the wrong connector, a 1° target, no vouch', async () => {
      const missingConnector = await ask('Maya', { targetId: m.Ines.memberId, reason: 'Design' }).expect(400);
      expect(detail(missingConnector)).toBe('Please choose who introduces you.');
      expect(detail(await ask('Maya', { targetId: m.Ines.memberId, connectorId: m.Marcus.memberId, reason: '  ' }).expect(400))).toBe('Please say why you would like this introduction.');
      expect(detail(await ask('Maya', { targetId: m.Maya.memberId, connectorId: m.Marcus.memberId, reason: 'Me' }).expect(400))).toBe('You cannot ask for an introduction to yourself.');
      expect(detail(await toInes('Maya', 'Maya').expect(400))).toBe('You cannot introduce yourself: choose one of your connections who knows them.');
      expect(detail(await toInes('Maya', 'Ines').expect(400))).toBe('Choose someone other than Ines Ortiz to introduce you.');
      expect(detail(await ask('Maya', { targetId: 999999, connectorId: m.Marcus.memberId, reason: 'X' }).expect(404))).toBe('Member not found.');
      expect(detail(await toInes('Maya', 'Omar').expect(403))).toBe('Omar Farouk is not directly connected to Ines Ortiz, so they cannot introduce you.');
      expect(detail(await toInes('Maya', 'Raj').expect(403))).toBe('Raj Patel is not your direct connection: only a 1° connection can introduce you.');
      expect(detail(await ask('Maya', { targetId: m.Marcus.memberId, connectorId: m.Nia.memberId, reason: 'X' }).expect(409))).toBe('Marcus Okafor is already your direct connection: you can reach them without an introduction.');
      expect((await ask('Newbie', { targetId: m.Ines.memberId, connectorId: m.Marcus.memberId, reason: 'X' }).expect(403)).body.code).toBe('NO_VOUCH_YET');
      await t.request.post('/api/introduction-requests').send({ targetId: m.Ines.memberId, connectorId: m.Marcus.memberId, reason: 'X' }).expect(401);
      expect((await outbox('Marcus')).filter((n) => n.kind === 'connector_asked')).toHaveLength(0);
    });

    describe('Maya asks Marcus to introduce her to Ines', () => {
      let requestId: number;
      beforeAll(async () => {
        const usageBefore = (await m.Maya.agent.get('/api/usage/current').expect(200)).body.introductions.used;
        const res = await toInes('Maya', 'Marcus').expect(201);
        requestId = res.body.id;
        expect(res.body).toMatchObject({ status: 'awaiting_connector', addressedTo: { id: m.Ines.memberId, name: 'Ines Ortiz' }, connector: { id: m.Marcus.memberId, name: 'Marcus Okafor' }, connectorNote: null, degreeLevel: 2 });
        expect((await m.Maya.agent.get('/api/usage/current').expect(200)).body.introductions.used).toBe(usageBefore + 1);
      });

      it('Marcus hears "Maya Chen asks to be introduced to Ines Ortiz" in the bell and the outbox (text and push), linked to the ask', async () => {
        const [notice] = (await outbox('Marcus')).filter((n) => n.kind === 'connector_asked');
        expect(notice).toMatchObject({ objectType: 'introduction_request', objectId: requestId, link: `/introduction-requests?tab=introductions&ask=${requestId}` });
        expect(notice!.body).toBe('Maya Chen asks to be introduced to Ines Ortiz. Forward or decline in Introduction Requests → Introductions.');
        expect(notice!.textBody).toMatch(/^Vouch: Maya Chen asks you to introduce them to Ines Ortiz\. Forward or decline:/);
        expect((await bell('Marcus')).map((a) => a.description)).toContain(notice!.body);
        expect(await asks('Marcus')).toEqual([expect.objectContaining({ id: requestId, status: 'awaiting_connector', requester: expect.objectContaining({ name: 'Maya Chen' }), target: expect.objectContaining({ name: 'Ines Ortiz' }), introductionId: null })]);
        expect((await m.Marcus.agent.get(`/api/introduction-requests/${requestId}`).expect(200)).body.addressedTo.name).toBe('Ines Ortiz');
      });

      it('goes to nobody else: not the network, not Nia, not yet Ines; a second open one to Ines is 409', async () => {
        for (const who of ['Nia', 'Omar', 'Marcus'] as const) {
          const network = (await m[who].agent.get('/api/introduction-requests/for-suggestions').expect(200)).body as { id: number }[];
          expect(network.map((r) => r.id)).not.toContain(requestId);
        }
        await m.Nia.agent.get(`/api/introduction-requests/${requestId}`).expect(404);
        await m.Ines.agent.get(`/api/introduction-requests/${requestId}`).expect(404);
        await m.Omar.agent.get(`/api/introduction-requests/${requestId}/my-matches`).expect(404);
        await m.Nia.agent.post('/api/introduction-suggestions').send({ requestId, suggestedPersonId: m.Ines.memberId, reasoning: 'x' }).expect(404);
        expect((await outbox('Ines')).filter((n) => n.objectType === 'introduction_request')).toHaveLength(0);
        expect(detail(await toInes('Maya', 'Nia').expect(409))).toBe('You already asked for an introduction to Ines Ortiz; it is still open.');
      });

      it('only Marcus answers, and a forward needs his note', async () => {
        expect(detail(await answer('Maya', requestId, 'forward', 'me').expect(403))).toBe('Only Marcus Okafor can forward or decline this request: they were asked to make the introduction.');
        await answer('Nia', requestId, 'forward', 'me').expect(404);
        await answer('Ines', requestId, 'decline').expect(404);
        expect(detail(await answer('Marcus', requestId, 'forward').expect(400))).toBe('Please add a note: why you are introducing Maya Chen.');
      });

      it('Marcus forwards: Ines is asked (double opt-in) with his note, Maya is told; a second answer is 409', async () => {
        const res = await answer('Marcus', requestId, 'forward', 'Maya led our design system; Ines is hiring for one.').expect(200);
        expect(res.body).toMatchObject({ id: requestId, status: 'forwarded', note: 'Maya led our design system; Ines is hiring for one.', introductionId: expect.any(Number) });
        const introductionId = res.body.introductionId as number;
        const [asked] = (await m.Ines.agent.get('/api/introductions').expect(200)).body;
        expect(asked).toMatchObject({ id: introductionId, role: 'target', status: 'awaiting_target', note: 'Maya led our design system; Ines is hiring for one.', requester: { name: 'Maya Chen', phone: null }, connector: { name: 'Marcus Okafor' } });
        const [inesNotice] = (await outbox('Ines')).filter((n) => n.kind === 'introduction_asked');
        expect(inesNotice).toMatchObject({ objectType: 'introduction', objectId: introductionId, link: `/introduction-requests?tab=introductions&introduction=${introductionId}` });
        expect(inesNotice!.textBody).toMatch(/^Vouch: Marcus Okafor would like to introduce you to Maya Chen, who asked to meet you\./);
        expect((await outbox('Maya')).some((n) => n.kind === 'introduction_forwarded' && n.body === 'Marcus Okafor forwarded your request to Ines Ortiz, who is asked whether they want the introduction.')).toBe(true);
        expect(await mine('Maya', requestId)).toMatchObject({ status: 'forwarded', connectorNote: 'Maya led our design system; Ines is hiring for one.' });
        expect(detail(await answer('Marcus', requestId, 'decline').expect(409))).toBe('This request was already forwarded.');
        expect((await m.Ines.agent.get(`/api/introduction-requests/${requestId}`).expect(200)).body.id).toBe(requestId);
      });

      it('Ines agrees: the request completes and Maya and Ines see each other\'s numbers; Marcus hears "as you forwarded"', async () => {
        const introductionId = (await asks('Marcus'))[0]!.introductionId!;
        await m.Marcus.agent.post(`/api/introductions/${introductionId}/accept`).expect(403);
        const res = await m.Ines.agent.post(`/api/introductions/${introductionId}/accept`).expect(200);
        expect(res.body).toMatchObject({ status: 'introduced', requester: { phone: m.Maya.phone } });
        expect(await mine('Maya', requestId)).toMatchObject({ status: 'completed' });
        expect((await asks('Marcus'))[0]).toMatchObject({ status: 'completed' });
        expect((await bell('Marcus')).map((a) => a.description)).toContain('Ines Ortiz agreed to be introduced to Maya Chen, as you forwarded.');
      });
    });

    describe('declines', () => {
      it('Nia declines Raj with a note: Raj reads it in the bell (not on the lock screen) and may ask through Marcus instead', async () => {
        const first = (await toInes('Raj', 'Nia').expect(201)).body.id as number;
        const res = await answer('Nia', first, 'decline', 'Ines is on leave until March.').expect(200);
        expect(res.body).toMatchObject({ status: 'declined', note: 'Ines is on leave until March.', introductionId: null });
        const [notice] = (await outbox('Raj')).filter((n) => n.kind === 'introduction_declined');
        expect(notice!.body).toBe('Nia Adams declined to introduce you to Ines Ortiz.');
        expect((await bell('Raj')).map((a) => a.description)).toContain('Nia Adams declined to introduce you to Ines Ortiz: “Ines is on leave until March.”');
        expect(await mine('Raj', first)).toMatchObject({ status: 'declined', connectorNote: 'Ines is on leave until March.' });
        expect(detail(await answer('Nia', first, 'forward', 'ok').expect(409))).toBe('This request was already declined.');

        const second = (await toInes('Raj', 'Marcus').expect(201)).body.id as number;
        const introductionId = (await answer('Marcus', second, 'forward', 'Raj is great.').expect(200)).body.introductionId;
        await m.Ines.agent.post(`/api/introductions/${introductionId}/decline`).expect(200);
        expect(await mine('Raj', second)).toMatchObject({ status: 'declined' });
        expect((await bell('Raj')).map((a) => a.description)).toContain('Ines Ortiz declined the introduction.');
      });

      it('a cancelled request can no longer be forwarded', async () => {
        await vouchAndAccept(m.Omar, m.Raj);
        const id = (await ask('Omar', { targetId: m.Nia.memberId, connectorId: m.Raj.memberId, reason: 'Nia knows hiring.' }).expect(201)).body.id as number;
        await m.Omar.agent.post(`/api/introduction-requests/${id}/cancel`).expect(200);
        expect(detail(await answer('Raj', id, 'forward', 'sure').expect(409))).toBe('This request was cancelled by the member who asked.');
        expect((await asks('Raj')).find((a) => a.id === id)).toMatchObject({ status: 'cancelled' });
      });
    });

    it('counts against the monthly introductions allowance like any request: 402 at the limit', async () => {
      const usage = (await m.Nia.agent.get('/api/usage/current').expect(200)).body.introductions as { used: number; monthly: number };
      for (let i = usage.used; i < usage.monthly; i++) {
        await m.Nia.agent.post('/api/introduction-requests').send({ requestType: 'Advice', desiredSkills: 'Go', reason: `Filler ${i}`, context: null, degreeLevel: 1 }).expect(201);
      }
      await vouchAndAccept(m.Omar, m.Nia);
      await vouchAndAccept(m.Dee, m.Omar);
      const limited = await ask('Nia', { targetId: m.Dee.memberId, connectorId: m.Omar.memberId, reason: 'X' }).expect(402);
      expect(limited.body.detail).toMatch(/introduction/i);
      expect((await outbox('Omar')).filter((n) => n.kind === 'connector_asked')).toHaveLength(0);
    });

    describe('simultaneous clients (two gateways on one database)', () => {
      let second: SignInTarget;
      beforeAll(() => {
        const app = t.createApp();
        second = { request: supertest(app), agent: () => supertest.agent(app) };
      });

      it('eight creates at once for one member: one request, seven 409s, one unit used, one notice; never a 500', async () => {
        const cleo = await signIn(t, ['Cleo', 'Concurrent']);
        const cleoThere = await signIn(second, ['Cleo', 'Concurrent'], { phone: cleo.phone });
        await vouchAndAccept(cleo, m.Marcus);
        const before = (await cleo.agent.get('/api/usage/current').expect(200)).body.introductions.used;
        const body = { targetId: m.Ines.memberId, connectorId: m.Marcus.memberId, reason: 'Design systems' };
        const results = await Promise.all(Array.from({ length: 8 }, (_, i) => (i % 2 ? cleoThere : cleo).agent.post('/api/introduction-requests').send(body)));
        expect(results.map((r) => r.status).sort()).toEqual([201, ...Array(7).fill(409)]);
        for (const r of results.filter((x) => x.status === 409)) expect(r.body.code).toBe('ALREADY_ASKED');
        expect((await cleo.agent.get('/api/usage/current').expect(200)).body.introductions.used).toBe(before + 1);
        const requestId = results.find((r) => r.status === 201)!.body.id;
        expect((await outbox('Marcus')).filter((n) => n.kind === 'connector_asked' && n.objectId === requestId)).toHaveLength(1);
      });

      it('Marcus forwards and declines at once from two clients: one answer wins, one introduction at most', async () => {
        const marcusThere = await signIn(second, ['Marcus', 'Okafor'], { phone: m.Marcus.phone });
        const open = (await asks('Marcus')).find((a) => a.status === 'awaiting_connector' && a.requester.name === 'Cleo Concurrent')!;
        const results = await Promise.all([
          ...Array.from({ length: 3 }, () => m.Marcus.agent.post(`/api/introduction-requests/${open.id}/forward`).send({ note: 'Cleo is great.' })),
          ...Array.from({ length: 3 }, () => marcusThere.agent.post(`/api/introduction-requests/${open.id}/decline`).send({})),
        ]);
        expect(results.map((r) => r.status).sort()).toEqual([200, 409, 409, 409, 409, 409]);
        const after = (await asks('Marcus')).find((a) => a.id === open.id)!;
        const ines = (await m.Ines.agent.get('/api/introductions').expect(200)).body.filter((i: { requestId: number }) => i.requestId === open.id);
        expect(ines).toHaveLength(after.status === 'forwarded' ? 1 : 0);
      });
    });

    it('a connector who deletes their account takes the requests through them along (gone from the requester\'s list)', async () => {
      const tom = await signIn(t, ['Tom', 'Asker']);
      const zed = await signIn(t, ['Zed', 'Leaving']);
      await vouchAndAccept(tom, zed);
      await vouchAndAccept(zed, m.Ines);
      const id = (await tom.agent.post('/api/introduction-requests').send({ targetId: m.Ines.memberId, connectorId: zed.memberId, reason: 'Design' }).expect(201)).body.id as number;
      await zed.agent.delete('/api/account').expect(204);
      const mine = (await tom.agent.get('/api/introduction-requests/my').expect(200)).body as { id: number }[];
      expect(mine.map((r) => r.id)).not.toContain(id);
      await tom.agent.get(`/api/introduction-requests/${id}`).expect(404);
    });
  },
  { env: GENEROUS_AUTH_LIMITS },
);
