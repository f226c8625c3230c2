// Introductions through the gateway on SQLite and (with TEST_DATABASE_URL) MariaDB/MySQL:
// requests (validation, no vouch, plan degrees, quota), who sees what (for-suggestions, matches,
// insights, suggestions), suggestion rules (reasoning, network, self-suggestion by plan,
// duplicates), accept/reject by the requester only, statuses and activities.
import { describeEachDatabase, GENEROUS_AUTH_LIMITS, signIn, type SignedInMember, type TestContext } from './support';

type Name = 'R' | 'A' | 'B' | 'C' | 'D' | 'F';

// Setting up the network signs in seven members and answers five vouches: slower on MariaDB.
jest.setTimeout(30_000);

describeEachDatabase(
  'introductions',
  (t: TestContext) => {
    const m = {} as Record<Name, SignedInMember>;
    const id = (n: Name) => m[n].memberId;

    /** `from` vouches for `to` with these skills; `to` accepts. */
    async function vouch(from: Name, to: Name, skills: string) {
      const res = await m[from].agent
        .post('/api/vouches')
        .send({ type: 'recommendation', recipientName: m[to].name, recipientPhone: m[to].phone, reason: `${m[from].name} trusts ${m[to].name}`, skills, characterTraits: null, accomplishments: null })
        .expect(201);
      await m[to].agent.put('/api/vouches/respond').send({ vouchToken: res.body.vouchToken, action: 'accept' }).expect(200);
    }

    const newRequest = (who: Name, overrides: Record<string, unknown> = {}) =>
      m[who].agent.post('/api/introduction-requests').send({ requestType: 'Hiring', desiredSkills: 'TypeScript, React', reason: 'Frontend rewrite', context: null, degreeLevel: 2, ...overrides });

    let request2: number; // R's 2nd-degree request

    //   R ── A ── B ── C     accepted vouches (C also vouches for B)
    //   D ── Olga            a separate pair: D has a vouch, but no tie to the others
    //   F                    a member with no vouch at all
    beforeAll(async () => {
      m.R = await signIn(t, ['Rita', 'Requester']);
      m.A = await signIn(t, ['Ana', 'Ruiz']);
      m.B = await signIn(t, ['Ben', 'Lee']);
      m.C = await signIn(t, ['Cy', 'Park']);
      m.D = await signIn(t, ['Dee', 'Outsider']);
      m.F = await signIn(t, ['Finn', 'Fresh']);
      await vouch('R', 'A', 'Product management');
      await vouch('A', 'B', 'TypeScript, React');
      await vouch('C', 'B', 'TS, ReactJS, API design');
      await vouch('B', 'C', 'JavaScript');
      // D is connected only to a member none of the others know.
      const other = await signIn(t, ['Olga', 'Other']);
      const res = await m.D.agent
        .post('/api/vouches')
        .send({ type: 'recommendation', recipientName: other.name, recipientPhone: other.phone, reason: 'Trusted', skills: 'TypeScript', characterTraits: null, accomplishments: null })
        .expect(201);
      await other.agent.put('/api/vouches/respond').send({ vouchToken: res.body.vouchToken, action: 'accept' }).expect(200);
    });

    describe('creating a request', () => {
      it('when required fields are missing, then 400 "Please fill in all required fields" lists each', async () => {
        const res = await m.R.agent.post('/api/introduction-requests').send({ requestType: ' ', degreeLevel: 1 }).expect(400);
        expect(res.headers['content-type']).toMatch(/application\/problem\+json/);
        expect(res.body.detail).toBe('Please fill in all required fields');
        expect(res.body.errors.map((e: { field: string }) => e.field).sort()).toEqual(['desiredSkills', 'reason', 'requestType']);
      });

      it.each([[0], [4], [1.5], ['2'], [null]])('when degreeLevel is %p, then 400', async (degreeLevel) => {
        const res = await newRequest('R', { degreeLevel }).expect(400);
        expect(res.body.errors).toEqual([{ field: 'degreeLevel', message: 'Degree level must be 1, 2 or 3.' }]);
      });

      it('when the member has no vouch yet, then 403 and nothing is written', async () => {
        const res = await newRequest('F').expect(403);
        expect(res.body.detail).toMatch(/at least one Vouch/);
        expect((await m.F.agent.get('/api/introduction-requests/my').expect(200)).body).toEqual([]);
      });

      it('when a free member asks for 3rd degree, then 403 names the plan that allows it', async () => {
        const res = await newRequest('R', { degreeLevel: 3 }).expect(403);
        expect(res.body.detail).toBe('3rd degree introductions are available with Network Pro. Your Network Builder plan reaches 1st and 2nd degree connections.');
      });

      it('creates a broadcasting request, lists it first in my requests, and records the activity', async () => {
        const res = await newRequest('R', { context: '  Series A startup ' }).expect(201);
        request2 = res.body.id;
        expect(res.body).toEqual({
          id: expect.any(Number),
          requestType: 'Hiring',
          desiredSkills: 'TypeScript, React',
          reason: 'Frontend rewrite',
          context: 'Series A startup',
          status: 'broadcasting',
          degreeLevel: 2,
          createdAt: expect.any(String),
          updatedAt: expect.any(String),
          suggestionCount: 0,
          pendingSuggestionCount: 0,
          addressedTo: null,
          connector: null,
          connectorNote: null,
        });
        const mine = (await m.R.agent.get('/api/introduction-requests/my').expect(200)).body;
        expect(mine[0].id).toBe(request2);
        const activities = (await m.R.agent.get('/api/activities').expect(200)).body;
        expect(activities[0]).toMatchObject({ type: 'introduction_requested', description: 'You asked your network for an introduction: Hiring (TypeScript, React).' });
        expect((await m.R.agent.get('/api/user/profile').expect(200)).body.user.introductionRequestsCount).toBe(1);
      });

      it('answers 401 without a session', async () => {
        await t.request.post('/api/introduction-requests').send({}).expect(401);
        await t.request.get('/api/introduction-requests/my').expect(401);
      });
    });

    describe('who sees a request', () => {
      const forSuggestions = async (who: Name) => (await m[who].agent.get('/api/introduction-requests/for-suggestions').expect(200)).body as Record<string, unknown>[];

      it('members within its degree see it, with their degree, network size and self-suggestion terms', async () => {
        const seenByA = (await forSuggestions('A')).find((r) => r.id === request2);
        expect(seenByA).toMatchObject({
          requesterName: 'Rita Requester',
          connectionDegree: 1,
          networkSize: 2, // within 2 of Ana: Rita, Ben, Cy — without Rita
          canSelfSuggest: false,
          requiredTier: 'premium',
          selfSuggestionRestriction: 'Suggesting yourself is not included in your Network Builder plan. Upgrade to Network Pro to suggest yourself for 2nd degree requests.',
          status: 'broadcasting',
        });
        expect((await forSuggestions('B')).find((r) => r.id === request2)).toMatchObject({ connectionDegree: 2 });
      });

      it('members further away, strangers and the requester do not', async () => {
        for (const who of ['C', 'D', 'F', 'R'] as Name[]) expect((await forSuggestions(who)).map((r) => r.id)).not.toContain(request2);
      });

      it('matches: 404 for anyone outside the degree, for unknown and malformed ids', async () => {
        for (const who of ['C', 'D', 'F'] as Name[]) await m[who].agent.get(`/api/introduction-requests/${request2}/my-matches`).expect(404);
        await m.A.agent.get('/api/introduction-requests/999999/my-matches').expect(404);
        await m.A.agent.get('/api/introduction-requests/abc/my-matches').expect(404);
      });

      it('matches for a helper: people within the degree of the helper, ranked, the 1° phone full and others masked', async () => {
        const res = await m.A.agent.get(`/api/introduction-requests/${request2}/my-matches`).expect(200);
        expect(Object.keys(res.body).sort()).toEqual(['other', 'perfect', 'potential', 'strong']);
        const all = [...res.body.perfect, ...res.body.strong, ...res.body.potential, ...res.body.other];
        const ben = all.find((x: { userId: number }) => x.userId === id('B'));
        expect(ben).toMatchObject({ name: 'Ben Lee', phone: m.B.phone, degree: 1, path: 'You → Ben Lee', confidenceLevel: expect.any(String) });
        expect(ben.relevanceScore).toBeGreaterThanOrEqual(50);
        expect(ben.aiAnalysis).toMatch(/^Vouched for TypeScript and React by 2 people, including you\./);
        expect(all.map((x: { userId: number }) => x.userId)).not.toContain(id('R'));
        expect(all.map((x: { userId: number }) => x.userId)).not.toContain(id('A'));
        // Cy is vouched for JavaScript only: a weak match at most, 2° from Ana, phone masked.
        const cy = all.find((x: { userId: number }) => x.userId === id('C'));
        if (cy) expect(cy).toMatchObject({ phone: `•••-•••-${m.C.phone.slice(-4)}`, path: 'You → Ben Lee → Cy Park' });
      });

      it("connector insights: the requester's 1° connections through whom matches are reachable; others 404", async () => {
        const res = await m.R.agent.get(`/api/introduction-requests/${request2}/connector-insights`).expect(200);
        expect(res.body.totalConnectors).toBe(res.body.connectors.length);
        expect(res.body.connectors[0]).toMatchObject({ connectorId: id('A'), connectorName: 'Ana Ruiz', connectorPhone: `•••-•••-${m.A.phone.slice(-4)}`, networkDistance: 2, totalMatches: 1 });
        expect(res.body.totalMatches).toBe(1);
        await m.A.agent.get(`/api/introduction-requests/${request2}/connector-insights`).expect(404);
        await m.D.agent.get(`/api/introduction-requests/${request2}/connector-insights`).expect(404);
      });
    });

    describe('suggestions', () => {
      const suggest = (who: Name, body: Record<string, unknown>) => m[who].agent.post('/api/introduction-suggestions').send({ requestId: request2, ...body });

      it('reasoning is required, with the SPEC sentences', async () => {
        expect((await suggest('A', { suggestedPersonId: id('B'), reasoning: '  ' }).expect(400)).body.detail).toBe('Please provide reasoning for this suggestion');
        expect((await suggest('A', { isSelfSuggestion: true }).expect(400)).body.detail).toBe('Please provide a reason for your self-suggestion');
      });

      it('the suggested person must be in my network within the degree, and not the requester', async () => {
        expect((await suggest('A', { suggestedPersonId: id('D'), reasoning: 'Great' }).expect(403)).body.detail).toMatch(/only suggest people in your network/);
        await suggest('A', { suggestedPersonId: 999999, reasoning: 'Great' }).expect(403);
        await suggest('A', { suggestedPersonId: id('R'), reasoning: 'Great' }).expect(400);
      });

      it('the requester cannot suggest for their own request; strangers get 404', async () => {
        await suggest('R', { suggestedPersonId: id('A'), reasoning: 'Me' }).expect(403);
        await suggest('D', { suggestedPersonId: id('B'), reasoning: 'Hi' }).expect(404);
        await suggest('C', { suggestedPersonId: id('B'), reasoning: 'Hi' }).expect(404);
      });

      it('self-suggestion by plan: free never; Network Pro 1st–2nd degree; Network Catalyst any', async () => {
        expect((await suggest('A', { isSelfSuggestion: true, reasoning: 'I can help' }).expect(403)).body.detail).toMatch(/^Suggesting yourself is not included in your Network Builder plan/);
        await m.A.agent.post('/api/subscriptions/create').send({ plan: 'premium' }).expect(200);
        const self = await suggest('A', { isSelfSuggestion: true, reasoning: 'I know React well' }).expect(201);
        expect(self.body).toMatchObject({ isSelfSuggestion: true, suggestedPersonName: 'Ana Ruiz', connectorName: 'Ana Ruiz', status: 'pending_requestor', degreeLevel: 1 });

        await m.R.agent.post('/api/subscriptions/create').send({ plan: 'premium' }).expect(200);
        const third = (await newRequest('R', { degreeLevel: 3, desiredSkills: 'Rust' }).expect(201)).body.id;
        const res = await m.A.agent.post('/api/introduction-suggestions').send({ requestId: third, isSelfSuggestion: true, reasoning: 'Me' }).expect(403);
        expect(res.body.detail).toBe('Your Network Pro plan lets you suggest yourself for 1st and 2nd degree requests. Upgrade to Network Catalyst to suggest yourself for 3rd degree requests.');
        const seen = (await m.A.agent.get('/api/introduction-requests/for-suggestions').expect(200)).body.find((r: { id: number }) => r.id === third);
        expect(seen).toMatchObject({ canSelfSuggest: false, requiredTier: 'enterprise' });
        await m.A.agent.post('/api/subscriptions/create').send({ plan: 'enterprise' }).expect(200);
        await m.A.agent.post('/api/introduction-suggestions').send({ requestId: third, isSelfSuggestion: true, reasoning: 'Me' }).expect(201);
        // Cy is 3° from Rita: sees the 3rd degree request.
        expect((await m.C.agent.get('/api/introduction-requests/for-suggestions').expect(200)).body.map((r: { id: number }) => r.id)).toContain(third);
      });

      it('a suggestion moves the request to collecting_suggestions; a duplicate is 409', async () => {
        const res = await suggest('A', { suggestedPersonId: id('B'), reasoning: 'Ben shipped our React app' }).expect(201);
        expect(res.body).toMatchObject({ suggestedPersonId: m.B.memberId, suggestedPersonName: 'Ben Lee', suggestedPersonPhone: `•••-•••-${m.B.phone.slice(-4)}`, connectorName: 'Ana Ruiz', degreeLevel: 2, status: 'pending_requestor', reasoning: 'Ben shipped our React app' });
        await suggest('A', { suggestedPersonId: String(id('B')), reasoning: 'Again' }).expect(409);
        const mine = (await m.R.agent.get('/api/introduction-requests/my').expect(200)).body.find((r: { id: number }) => r.id === request2);
        expect(mine).toMatchObject({ status: 'collecting_suggestions', suggestionCount: 2, pendingSuggestionCount: 2 });
        expect((await m.R.agent.get('/api/activities').expect(200)).body[0]).toMatchObject({ type: 'introduction_suggested', description: 'Ana Ruiz suggested Ben Lee for your Hiring request.' });
      });

      it('only the requester lists them (newest first); others 404; requestId is required', async () => {
        const list = (await m.R.agent.get(`/api/introduction-suggestions?requestId=${request2}`).expect(200)).body;
        expect(list.map((s: { suggestedPersonName: string }) => s.suggestedPersonName)).toEqual(['Ben Lee', 'Ana Ruiz']);
        await m.A.agent.get(`/api/introduction-suggestions?requestId=${request2}`).expect(404);
        await m.D.agent.get(`/api/introduction-suggestions?requestId=${request2}`).expect(404);
        await m.R.agent.get('/api/introduction-suggestions').expect(400);
      });

      it('accept and reject: the requester only, once; accepting asks the suggested person and tells the connector', async () => {
        const [ben, ana] = (await m.R.agent.get(`/api/introduction-suggestions?requestId=${request2}`).expect(200)).body;
        await m.A.agent.post(`/api/introduction-suggestions/${ben.id}/accept`).expect(404);
        await m.D.agent.post(`/api/introduction-suggestions/${ben.id}/reject`).expect(404);
        await m.R.agent.post('/api/introduction-suggestions/999999/accept').expect(404);

        expect((await m.R.agent.post(`/api/introduction-suggestions/${ben.id}/accept`).expect(200)).body).toMatchObject({ id: ben.id, status: 'accepted' });
        expect((await m.R.agent.post(`/api/introduction-suggestions/${ben.id}/reject`).expect(409)).body.detail).toBe('This suggestion has already been accepted.');
        const mine = (await m.R.agent.get('/api/introduction-requests/my').expect(200)).body.find((r: { id: number }) => r.id === request2);
        // Open until Ben agrees (double opt-in).
        expect(mine).toMatchObject({ status: 'collecting_suggestions', pendingSuggestionCount: 1 });
        expect((await m.R.agent.get('/api/activities').expect(200)).body[0]).toMatchObject({ type: 'introduction_accepted', description: "You accepted Ana Ruiz's suggestion to meet Ben Lee. Ben Lee is asked whether they want the introduction." });
        expect((await m.A.agent.get('/api/activities').expect(200)).body[0]).toMatchObject({ type: 'introduction_accepted', description: 'Rita Requester accepted your suggestion of Ben Lee. Ben Lee is asked whether they want the introduction.' });

        expect((await m.R.agent.post(`/api/introduction-suggestions/${ana.id}/reject`).expect(200)).body).toMatchObject({ status: 'rejected' });
        await m.R.agent.post(`/api/introduction-suggestions/${ana.id}/accept`).expect(409);
      });

      it('once Ben agrees the request is completed: it takes no new suggestions and leaves the network list', async () => {
        const [introduction] = (await m.B.agent.get('/api/introductions').expect(200)).body;
        await m.B.agent.post(`/api/introductions/${introduction.id}/accept`).expect(200);
        await suggest('B', { suggestedPersonId: id('C'), reasoning: 'Cy' }).expect(409);
        expect((await m.A.agent.get('/api/introduction-requests/for-suggestions').expect(200)).body.map((r: { id: number }) => r.id)).not.toContain(request2);
      });
    });

    it('quota: the 11th request of a free member this month is 402 and writes nothing', async () => {
      for (let i = 0; i < 10; i += 1) await newRequest('C', { degreeLevel: 1, requestType: `Ask ${i}` }).expect(201);
      const res = await newRequest('C', { degreeLevel: 1 }).expect(402);
      expect(res.body.detail).toMatch(/You have used all 10 introduction requests of your Network Builder plan this month/);
      expect((await m.C.agent.get('/api/introduction-requests/my').expect(200)).body).toHaveLength(10);
    });

    it('OpenAPI documents every introductions path', async () => {
      const doc = (await t.request.get('/api/openapi.json').expect(200)).body;
      for (const path of [
        '/introduction-requests',
        '/introduction-requests/my',
        '/introduction-requests/for-suggestions',
        '/introduction-requests/{id}/my-matches',
        '/introduction-requests/{id}/connector-insights',
        '/introduction-suggestions',
        '/introduction-suggestions/{id}/accept',
        '/introduction-suggestions/{id}/reject',
        '/introductions',
        '/introductions/{id}/accept',
        '/introductions/{id}/decline',
      ]) expect(doc.paths[path]).toBeDefined();
    });
  },
  { env: GENEROUS_AUTH_LIMITS },
);
