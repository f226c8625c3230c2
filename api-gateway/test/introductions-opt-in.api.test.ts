// The double opt-in introduction (issue 16) through the gateway on SQLite and (with
// TEST_DATABASE_URL) MariaDB/MySQL: the requester accepts a suggestion, the suggested person is
// asked in the app and by SMS, and only when they agree do both see each other's phone.
// Declines, silence (expiry), a cancelled request, and who may answer.
import { formatStoredPhone } from '@vouch/contracts';
import { listNotificationsOf } from '@vouch/service-notifications/testing';
import { setIntroductionDeadline } from '@vouch/service-introductions/testing';
import { describeEachDatabase, GENEROUS_AUTH_LIMITS, signIn, walkPages, type SignedInMember, type TestContext } from './support';

jest.setTimeout(60_000);

type Name = 'R' | 'A' | 'B' | 'D';
interface IntroductionBody {
  id: number;
  suggestionId: number;
  role: string;
  status: string;
  note: string;
  requester: { name: string; phone: string | null };
  target: { name: string; phone: string | null };
  connector: { name: string };
  expiresAt: string;
}

describeEachDatabase(
  'introductions: the double opt-in',
  (t: TestContext) => {
    const m = {} as Record<Name, SignedInMember>;

    async function vouch(from: SignedInMember, to: SignedInMember) {
      const res = await from.agent
        .post('/api/vouches')
        .send({ type: 'recommendation', recipientName: to.name, recipientPhone: to.phone, reason: 'Trusted', skills: 'React', characterTraits: null, accomplishments: null })
        .expect(201);
      await to.agent.put('/api/vouches/respond').send({ vouchToken: res.body.vouchToken, action: 'accept' }).expect(200);
    }
    /** Rita asks (2nd degree), Ana suggests Ben, Rita accepts: Ben is asked. */
    async function askedIntroduction(requestType: string): Promise<{ requestId: number; suggestionId: number; introduction: IntroductionBody }> {
      const requestId = (await m.R.agent.post('/api/introduction-requests').send({ requestType, desiredSkills: 'React', reason: 'A new team', context: null, degreeLevel: 2 }).expect(201)).body.id;
      const suggestionId = (await m.A.agent.post('/api/introduction-suggestions').send({ requestId, suggestedPersonId: m.B.memberId, reasoning: 'Ben led our React rewrite' }).expect(201)).body.id;
      await m.R.agent.post(`/api/introduction-suggestions/${suggestionId}/accept`).expect(200);
      return { requestId, suggestionId, introduction: await introductionOf('B', suggestionId) };
    }
    const introductions = async (who: Name) => (await m[who].agent.get('/api/introductions').expect(200)).body as IntroductionBody[];
    const introductionOf = async (who: Name, suggestionId: number) => (await introductions(who)).find((i) => i.suggestionId === suggestionId)!;
    const answer = (who: Name, id: number | string, action: 'accept' | 'decline') => m[who].agent.post(`/api/introductions/${id}/${action}`);
    const suggestionOf = async (requestId: number, suggestionId: number) =>
      (await m.R.agent.get(`/api/introduction-suggestions?requestId=${requestId}`).expect(200)).body.find((s: { id: number }) => s.id === suggestionId);
    const requestStatus = async (requestId: number) => (await m.R.agent.get('/api/introduction-requests/my').expect(200)).body.find((r: { id: number }) => r.id === requestId).status;
    // The texts queued for the worker (issue 40: no text leaves from a request), newest first.
    const textsTo = async (who: Name) => (await listNotificationsOf(t.db, m[who].memberId)).flatMap((n) => (n.textBody ? [n.textBody] : [])).reverse();
    const activities = async (who: Name) => (await m[who].agent.get('/api/activities').expect(200)).body as { type: string; description: string }[];

    //  R ──▶ A ──▶ B      D (a stranger)
    beforeAll(async () => {
      m.R = await signIn(t, ['Rita', 'Requester']);
      m.A = await signIn(t, ['Ana', 'Ruiz']);
      m.B = await signIn(t, ['Ben', 'Lee']);
      m.D = await signIn(t, ['Dee', 'Outsider']);
      await vouch(m.R, m.A);
      await vouch(m.A, m.B);
      await vouch(m.D, await signIn(t, ['Olga', 'Other']));
    });

    describe('Rita accepts Ana\'s suggestion of Ben, and Ben agrees', () => {
      let asked: Awaited<ReturnType<typeof askedIntroduction>>;
      beforeAll(async () => {
        asked = await askedIntroduction('Hiring');
      });

      it('Ben is asked in the app (his introductions, an activity) and by SMS; no phone is shared yet', async () => {
        expect(asked.introduction).toMatchObject({
          role: 'target',
          status: 'awaiting_target',
          note: 'Ben led our React rewrite',
          requester: { name: 'Rita Requester', phone: null },
          target: { name: 'Ben Lee', phone: null },
          connector: { name: 'Ana Ruiz' },
        });
        const days = (Date.parse(asked.introduction.expiresAt) - Date.now()) / 86_400_000;
        expect(days).toBeGreaterThan(13.9);
        expect(days).toBeLessThanOrEqual(14);
        expect((await activities('B'))[0]).toMatchObject({ type: 'introduction_asked', description: 'Rita Requester would like an introduction to you, suggested by Ana Ruiz. Answer in Introduction Requests → Introductions.' });
        expect((await textsTo('B'))[0]).toBe('Vouch: Rita Requester would like an introduction to you, suggested by Ana Ruiz. Agree or decline within 14 days:');
        const suggestion = await suggestionOf(asked.requestId, asked.suggestionId);
        expect(suggestion).toMatchObject({ status: 'accepted', suggestedPersonPhone: `•••-•••-${m.B.phone.slice(-4)}`, introduction: { id: asked.introduction.id, status: 'awaiting_target', answeredAt: null } });
        expect((await introductionOf('A', asked.suggestionId)).role).toBe('connector');
        expect(await requestStatus(asked.requestId)).toBe('collecting_suggestions');
      });

      it('only Ben answers: a stranger gets 404, Rita and Ana 403 with the reason', async () => {
        const id = asked.introduction.id;
        for (const res of [await answer('D', id, 'accept'), await answer('R', 999999, 'accept'), await answer('R', 'abc', 'decline')]) {
          expect(res.status).toBe(404);
          expect(res.body.detail).toBe('Introduction not found.');
        }
        for (const who of ['R', 'A'] as const) {
          const res = await answer(who, id, 'accept').expect(403);
          expect(res.headers['content-type']).toMatch(/application\/problem\+json/);
          expect(res.body.detail).toBe('Only Ben Lee can answer this introduction: it is their phone number to share.');
        }
        await t.request.post(`/api/introductions/${id}/accept`).expect(401);
        expect(await introductions('D')).toEqual([]);
      });

      it('Ben agrees: both see each other\'s name and phone and Ana\'s note; the request is completed; Rita gets Ben\'s number by SMS', async () => {
        const res = await answer('B', asked.introduction.id, 'accept').expect(200);
        expect(res.body).toMatchObject({ status: 'introduced', requester: { name: 'Rita Requester', phone: m.R.phone }, target: { name: 'Ben Lee', phone: m.B.phone }, note: 'Ben led our React rewrite' });
        expect(await introductionOf('R', asked.suggestionId)).toMatchObject({ role: 'requester', status: 'introduced', target: { name: 'Ben Lee', phone: m.B.phone }, note: 'Ben led our React rewrite' });
        // The connector learns it happened, not the phones.
        expect(await introductionOf('A', asked.suggestionId)).toMatchObject({ status: 'introduced', requester: { phone: null }, target: { phone: null } });
        expect(await suggestionOf(asked.requestId, asked.suggestionId)).toMatchObject({ suggestedPersonPhone: m.B.phone, introduction: { status: 'introduced' } });
        expect(await requestStatus(asked.requestId)).toBe('completed');
        expect((await textsTo('R'))[0]).toBe(`Vouch: Ben Lee agreed to your introduction. Their number: ${formatStoredPhone(m.B.phone)}.`);
        expect((await activities('A'))[0]!.description).toBe('Ben Lee agreed to be introduced to Rita Requester, as you suggested.');
        // "Export my data" names the introduction and each one's part in it, without phones.
        const exported = (await m.B.agent.get('/api/account/export').expect(200)).body.introductions.introductions;
        expect(exported).toContainEqual(expect.objectContaining({ id: asked.introduction.id, role: 'target', requesterName: 'Rita Requester', targetName: 'Ben Lee', connectorName: 'Ana Ruiz', status: 'introduced' }));
        expect(JSON.stringify(exported)).not.toContain(m.R.phone);
      });

      it('answered twice → 409 with the reason', async () => {
        expect((await answer('B', asked.introduction.id, 'accept').expect(409)).body.detail).toBe('You already agreed to this introduction.');
        expect((await answer('B', asked.introduction.id, 'decline').expect(409)).body.detail).toBe('You already agreed to this introduction.');
      });
    });

    it('Ben declines: Rita and Ana see it, no phone is shared, the request stays open; a second answer is 409', async () => {
      const asked = await askedIntroduction('Advice');
      expect((await answer('B', asked.introduction.id, 'decline').expect(200)).body).toMatchObject({ status: 'declined', requester: { phone: null }, target: { phone: null } });
      expect(await introductionOf('R', asked.suggestionId)).toMatchObject({ status: 'declined', target: { phone: null } });
      expect(await suggestionOf(asked.requestId, asked.suggestionId)).toMatchObject({ suggestedPersonPhone: `•••-•••-${m.B.phone.slice(-4)}`, introduction: { status: 'declined' } });
      expect((await activities('R'))[0]).toMatchObject({ type: 'introduction_declined', description: 'Ben Lee declined the introduction. Your request can take other suggestions.' });
      expect((await activities('A'))[0]).toMatchObject({ type: 'introduction_declined', description: 'Ben Lee declined the introduction to Rita Requester you suggested.' });
      expect(await requestStatus(asked.requestId)).toBe('collecting_suggestions');
      expect((await answer('B', asked.introduction.id, 'accept').expect(409)).body.detail).toBe('You already declined this introduction.');
    });

    it('Rita cancels her request before Ben answers: the ask is withdrawn, and Ben\'s answer is 409', async () => {
      const asked = await askedIntroduction('Mentoring');
      await m.R.agent.post(`/api/introduction-requests/${asked.requestId}/cancel`).expect(200);
      expect((await introductionOf('B', asked.suggestionId)).status).toBe('cancelled');
      for (const action of ['accept', 'decline'] as const) {
        expect((await answer('B', asked.introduction.id, action).expect(409)).body.detail).toBe('This introduction was withdrawn: the requester cancelled their request.');
      }
      expect(await requestStatus(asked.requestId)).toBe('cancelled');
    });

    it('silence: 14 days without an answer reads as expired for everyone, and a late answer is 410', async () => {
      const asked = await askedIntroduction('Partnership');
      await setIntroductionDeadline(t.db, asked.introduction.id, new Date(Date.now() - 1000));
      for (const who of ['R', 'A', 'B'] as const) expect((await introductionOf(who, asked.suggestionId)).status).toBe('expired');
      expect((await suggestionOf(asked.requestId, asked.suggestionId)).introduction.status).toBe('expired');
      const res = await answer('B', asked.introduction.id, 'accept').expect(410);
      expect(res.body.detail).toBe('This introduction expired: it waited 14 days without an answer. The requester can ask again.');
      expect(await requestStatus(asked.requestId)).toBe('collecting_suggestions');
    });

    it('Ben\'s introductions page like every list: following rel=next visits each one once, newest first', async () => {
      const all = (await introductions('B')).map((i) => i.id);
      expect(all.length).toBeGreaterThanOrEqual(2);
      const { ids, pages } = await walkPages(m.B.agent, '/api/introductions?limit=1');
      expect(ids).toEqual(all);
      expect(pages.every((page) => page.length === 1)).toBe(true);
    });

    it('OpenAPI documents the introduction calls and their refusals', async () => {
      const doc = (await t.request.get('/api/openapi.json').expect(200)).body;
      expect(doc.paths['/introductions'].get).toBeDefined();
      for (const action of ['accept', 'decline']) {
        expect(Object.keys(doc.paths[`/introductions/{id}/${action}`].post.responses).sort()).toEqual(['200', '401', '403', '404', '409', '410', '422', '4XX', '500'] /* 422: an Idempotency-Key reused */);
      }
    });
  },
  { env: GENEROUS_AUTH_LIMITS },
);
