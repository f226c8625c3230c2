// A request addressed to a member whose connector never answers (issue 44) through the gateway on
// SQLite and (with TEST_DATABASE_URL) MariaDB/MySQL: after the 14 days the target would get, it
// reads expired to its requester and connector, leaves the connector's list, can no longer be
// answered or cancelled, and no longer holds the requester's one open request to that member.
// The deadline is moved with the introductions testing entry (setConnectorDeadline), not waited.
import { setConnectorDeadline } from '@vouch/service-introductions/testing';
import { listNotificationsOf } from '@vouch/service-notifications/testing';
import { describeEachDatabase, GENEROUS_AUTH_LIMITS, signIn, vouchAndAccept, type SignedInMember, type TestContext } from './support';

jest.setTimeout(120_000);

type Name = 'Maya' | 'Marcus' | 'Nia' | 'Ines';

describeEachDatabase(
  'introductions: a request addressed to a member whose connector never answers',
  (t: TestContext) => {
    const m = {} as Record<Name, SignedInMember>;
    const toInes = (via: Name) => m.Maya.agent.post('/api/introduction-requests').send({ targetId: m.Ines.memberId, connectorId: m[via].memberId, reason: 'Ines runs a design system.' });
    const asks = async (who: Name) => ((await m[who].agent.get('/api/introduction-requests/as-connector').expect(200)).body as { id: number; status: string }[]).map((a) => [a.id, a.status]);
    const mine = async (id: number) => (await m.Maya.agent.get('/api/introduction-requests/my').expect(200)).body.find((r: { id: number }) => r.id === id);
    const used = async () => (await m.Maya.agent.get('/api/usage/current').expect(200)).body.introductions.used as number;
    const notices = async () => (await listNotificationsOf(t.db, m.Maya.memberId)).length + (await listNotificationsOf(t.db, m.Marcus.memberId)).length;

    //   Maya ── Marcus ── Ines ── Nia ── Maya
    beforeAll(async () => {
      const names: Record<Name, [string, string]> = { Maya: ['Maya', 'Chen'], Marcus: ['Marcus', 'Okafor'], Nia: ['Nia', 'Adams'], Ines: ['Ines', 'Ortiz'] };
      for (const [key, name] of Object.entries(names)) m[key as Name] = await signIn(t, name);
      await vouchAndAccept(m.Marcus, m.Maya);
      await vouchAndAccept(m.Maya, m.Nia);
      await vouchAndAccept(m.Marcus, m.Ines);
      await vouchAndAccept(m.Ines, m.Nia);
    });

    it('still awaits Marcus just before its 14 days: listed for him, and a second request to Ines is 409', async () => {
      const id = (await toInes('Marcus').expect(201)).body.id as number;
      await setConnectorDeadline(t.db, id, new Date(Date.now() + 60_000));
      expect(await mine(id)).toMatchObject({ status: 'awaiting_connector' });
      expect(await asks('Marcus')).toEqual([[id, 'awaiting_connector']]);
      expect((await toInes('Nia').expect(409)).body.code).toBe('ALREADY_ASKED');
      await m.Maya.agent.post(`/api/introduction-requests/${id}/cancel`).expect(200);
    });

    describe('Marcus never answers Maya', () => {
      let id: number;
      let sent: number;
      beforeAll(async () => {
        id = (await toInes('Marcus').expect(201)).body.id as number;
        await setConnectorDeadline(t.db, id, new Date(Date.now() - 1000));
        sent = await notices();
      });

      it('reads expired to Maya and to Marcus, and leaves Marcus\'s list', async () => {
        expect(await mine(id)).toMatchObject({ status: 'expired', connector: { name: 'Marcus Okafor' }, addressedTo: { name: 'Ines Ortiz' } });
        expect((await m.Maya.agent.get(`/api/introduction-requests/${id}`).expect(200)).body.status).toBe('expired');
        expect((await m.Marcus.agent.get(`/api/introduction-requests/${id}`).expect(200)).body.status).toBe('expired');
        expect(await asks('Marcus')).toEqual([[expect.any(Number), 'cancelled']]);
        // Expiry is read, not sent: like an introduction's, it tells nobody by text or bell.
        expect(await notices()).toBe(sent);
      });

      it('can no longer be forwarded or declined (410), nor cancelled (409)', async () => {
        for (const action of ['forward', 'decline'] as const) {
          const res = await m.Marcus.agent.post(`/api/introduction-requests/${id}/${action}`).send({ note: 'Sorry, late.' }).expect(410);
          expect(res.body).toMatchObject({ code: 'REQUEST_EXPIRED', detail: 'This request expired: it waited 14 days without an answer. The member who asked can ask again.' });
        }
        expect((await m.Ines.agent.get('/api/introductions').expect(200)).body).toEqual([]);
        const cancel = await m.Maya.agent.post(`/api/introduction-requests/${id}/cancel`).expect(409);
        expect(cancel.body.detail).toBe('This introduction request already expired: the member asked to introduce you did not answer in time.');
        expect(await mine(id)).toMatchObject({ status: 'expired' });
      });

      it('frees Maya to ask Ines again, through Nia: a new request (one more unit), the expired one stays expired', async () => {
        const before = await used();
        const again = await toInes('Nia').expect(201);
        expect(again.body).toMatchObject({ status: 'awaiting_connector', connector: { name: 'Nia Adams' } });
        expect(await used()).toBe(before + 1);
        expect(await mine(id)).toMatchObject({ status: 'expired' });
        expect(await asks('Nia')).toEqual([[again.body.id, 'awaiting_connector']]);
        expect((await toInes('Marcus').expect(409)).body.code).toBe('ALREADY_ASKED');
      });
    });
  },
  { env: GENEROUS_AUTH_LIMITS },
);
