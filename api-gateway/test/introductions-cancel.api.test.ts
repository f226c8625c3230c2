// Cancelling an introduction request through the gateway on SQLite and (with TEST_DATABASE_URL)
// MariaDB/MySQL: who may cancel (404 / 403), which requests (409 for completed or cancelled),
// and what a cancelled request stops doing (network list, new suggestions, answers).
import { describeEachDatabase, GENEROUS_AUTH_LIMITS, signIn, type SignedInMember, type TestContext } from './support';

type Name = 'R' | 'A' | 'B' | 'D';

jest.setTimeout(30_000);

describeEachDatabase(
  'introductions: cancelling a request',
  (t: TestContext) => {
    const m = {} as Record<Name, SignedInMember>;

    /** `from` vouches for `to` with these skills; `to` accepts. */
    async function vouch(from: SignedInMember, to: SignedInMember, skills: string) {
      const res = await from.agent
        .post('/api/vouches')
        .send({ type: 'recommendation', recipientName: to.name, recipientPhone: to.phone, reason: `${from.name} trusts ${to.name}`, skills, characterTraits: null, accomplishments: null })
        .expect(201);
      await to.agent.put('/api/vouches/respond').send({ vouchToken: res.body.vouchToken, action: 'accept' }).expect(200);
    }

    /** R asks within 1st degree: Ana sees it, Ben (2°) and Dee (unconnected) do not. */
    const ask = async (requestType: string) =>
      (await m.R.agent.post('/api/introduction-requests').send({ requestType, desiredSkills: 'React', reason: 'Team', context: null, degreeLevel: 1 }).expect(201)).body.id as number;
    const suggestBen = (requestId: number) => m.A.agent.post('/api/introduction-suggestions').send({ requestId, suggestedPersonId: m.B.memberId, reasoning: 'Ben knows React' });
    const cancel = (who: Name, requestId: number | string) => m[who].agent.post(`/api/introduction-requests/${requestId}/cancel`);
    const networkIds = async (who: Name) => (await m[who].agent.get('/api/introduction-requests/for-suggestions').expect(200)).body.map((r: { id: number }) => r.id);

    //   R ── A ── B      D ── Olga
    beforeAll(async () => {
      m.R = await signIn(t, ['Rita', 'Requester']);
      m.A = await signIn(t, ['Ana', 'Ruiz']);
      m.B = await signIn(t, ['Ben', 'Lee']);
      m.D = await signIn(t, ['Dee', 'Outsider']);
      await vouch(m.R, m.A, 'Product management');
      await vouch(m.A, m.B, 'React');
      await vouch(m.D, await signIn(t, ['Olga', 'Other']), 'Go');
    });

    describe('an open request with a pending suggestion', () => {
      let requestId: number;
      let suggestionId: number;
      beforeAll(async () => {
        requestId = await ask('Hiring');
        suggestionId = (await suggestBen(requestId).expect(201)).body.id;
      });

      it('someone who cannot see it gets 404; a member who can see it but did not ask gets 403 with the reason', async () => {
        await cancel('B', requestId).expect(404);
        await cancel('D', requestId).expect(404);
        await cancel('R', 999999).expect(404);
        await cancel('R', 'abc').expect(404);
        const res = await cancel('A', requestId).expect(403);
        expect(res.headers['content-type']).toMatch(/application\/problem\+json/);
        expect(res.body.detail).toBe('Only the member who asked for this introduction can cancel it.');
        await t.request.post(`/api/introduction-requests/${requestId}/cancel`).expect(401);
        expect(await networkIds('A')).toContain(requestId);
      });

      it('the requester cancels it: cancelled, nothing awaits her any more, and it leaves the network list', async () => {
        const res = await cancel('R', requestId).expect(200);
        expect(res.body).toMatchObject({ id: requestId, status: 'cancelled', suggestionCount: 1, pendingSuggestionCount: 0 });
        const mine = (await m.R.agent.get('/api/introduction-requests/my').expect(200)).body.find((r: { id: number }) => r.id === requestId);
        expect(mine).toMatchObject({ status: 'cancelled', suggestionCount: 1, pendingSuggestionCount: 0 });
        expect(await networkIds('A')).not.toContain(requestId);
      });

      it('its suggestions can no longer be accepted or rejected, and it takes no new ones', async () => {
        for (const action of ['accept', 'reject']) {
          const res = await m.R.agent.post(`/api/introduction-suggestions/${suggestionId}/${action}`).expect(409);
          expect(res.body.detail).toBe('This introduction request was cancelled, so its suggestions can no longer be answered.');
        }
        const list = (await m.R.agent.get(`/api/introduction-suggestions?requestId=${requestId}`).expect(200)).body;
        expect(list).toEqual([expect.objectContaining({ id: suggestionId, status: 'pending_requestor' })]);
        await m.A.agent.post('/api/introduction-suggestions').send({ requestId, isSelfSuggestion: false, suggestedPersonId: m.B.memberId, reasoning: 'Again' }).expect(409);
      });

      it('cancelling it again is 409 "already cancelled"', async () => {
        expect((await cancel('R', requestId).expect(409)).body.detail).toBe('This introduction request is already cancelled.');
      });
    });

    it('a completed request (Ben agreed to the introduction) cannot be cancelled (409 says why)', async () => {
      const requestId = await ask('Advice');
      const suggestion = (await suggestBen(requestId).expect(201)).body.id;
      await m.R.agent.post(`/api/introduction-suggestions/${suggestion}/accept`).expect(200);
      const asked = (await m.B.agent.get('/api/introductions').expect(200)).body.find((i: { suggestionId: number }) => i.suggestionId === suggestion);
      await m.B.agent.post(`/api/introductions/${asked.id}/accept`).expect(200);
      const res = await cancel('R', requestId).expect(409);
      expect(res.body.detail).toBe('This introduction request is already completed: an introduction was made, so it can no longer be cancelled.');
      expect((await m.R.agent.get('/api/introduction-requests/my').expect(200)).body.find((r: { id: number }) => r.id === requestId).status).toBe('completed');
    });

    it('a cancel and an accept sent together take turns, and the outcome is consistent: the request ends cancelled and Ben is not left asked', async () => {
      const requestId = await ask('Race');
      const suggestion = (await suggestBen(requestId).expect(201)).body.id;
      const [cancelled, accepted] = await Promise.all([cancel('R', requestId), m.R.agent.post(`/api/introduction-suggestions/${suggestion}/accept`)]);
      expect(cancelled.status).toBe(200);
      const request = (await m.R.agent.get('/api/introduction-requests/my').expect(200)).body.find((r: { id: number }) => r.id === requestId);
      const [answer] = (await m.R.agent.get(`/api/introduction-suggestions?requestId=${requestId}`).expect(200)).body;
      const asked = (await m.B.agent.get('/api/introductions').expect(200)).body.filter((i: { suggestionId: number }) => i.suggestionId === suggestion);
      if (accepted.status === 200) {
        // The accept came first; the cancel then withdrew the ask.
        expect({ request: request.status, suggestion: answer.status, introduction: answer.introduction.status }).toEqual({ request: 'cancelled', suggestion: 'accepted', introduction: 'cancelled' });
        expect(asked.map((i: { status: string }) => i.status)).toEqual(['cancelled']);
      } else {
        expect(accepted.status).toBe(409);
        expect({ request: request.status, suggestion: answer.status, introduction: answer.introduction }).toEqual({ request: 'cancelled', suggestion: 'pending_requestor', introduction: null });
        expect(asked).toEqual([]);
      }
    });

    it('OpenAPI documents the cancel call', async () => {
      const doc = (await t.request.get('/api/openapi.json').expect(200)).body;
      expect(Object.keys(doc.paths['/introduction-requests/{id}/cancel'].post.responses).sort()).toEqual(['200', '401', '403', '404', '409', '422', '4XX', '500'] /* 422: an Idempotency-Key reused */);
    });
  },
  { env: GENEROUS_AUTH_LIMITS },
);
