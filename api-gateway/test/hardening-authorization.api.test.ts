// The authorization matrix (issue 10): a second member holding the first member's ids and vouch
// tokens gets 403 or 404 from every private endpoint and learns nothing of the first member's
// data; every endpoint the OpenAPI document marks as signed-in refuses an anonymous caller.
import { describeEachDatabase, GENEROUS_AUTH_LIMITS, signIn, type Agent, type SignedInMember } from './support';

jest.setTimeout(120_000);

/** Texts only the owner's data holds: any response to someone else that contains one has leaked. */
const SECRET_REASON = 'Zebra-reason-only-Olive-knows';
const SECRET_SKILL = 'Quasar-cartography';
const SECRET_REQUEST = 'Marmalade-merger-plan';

describeEachDatabase(
  'authorization matrix',
  (t) => {
    // Olive (the owner) ── Ivan (in her network, 1°) ── Pia (suggested by Ivan for Olive's request).  Stan (a stranger) ── Sara (his own network).
    let olive: SignedInMember;
    let ivan: SignedInMember;
    let stan: SignedInMember;
    let carl: SignedInMember; // the recipient of Olive's pending vouch
    const ids = {} as { pendingVouchId: number; pendingToken: string; acceptedVouchId: number; requestId: number; suggestionId: number };

    async function vouch(from: SignedInMember, to: SignedInMember, accept: boolean) {
      const res = await from.agent
        .post('/api/vouches')
        .send({ type: 'recommendation', recipientName: to.name, recipientPhone: to.phone, reason: from === olive ? SECRET_REASON : 'Trusted colleague', skills: from === olive ? SECRET_SKILL : 'Go', characterTraits: 'Kind', accomplishments: null })
        .expect(201);
      if (accept) await to.agent.put('/api/vouches/respond').send({ vouchToken: res.body.vouchToken, action: 'accept' }).expect(200);
      return res.body as { id: number; vouchToken: string };
    }

    beforeAll(async () => {
      olive = await signIn(t, ['Olive', 'Owner']);
      ivan = await signIn(t, ['Ivan', 'Insider']);
      stan = await signIn(t, ['Stan', 'Stranger']);
      carl = await signIn(t, ['Carl', 'Recipient']);
      const sara = await signIn(t, ['Sara', 'Side']);
      const accepted = await vouch(olive, ivan, true);
      ids.acceptedVouchId = accepted.id;
      await vouch(stan, sara, true);
      const pending = await vouch(olive, carl, false);
      ids.pendingVouchId = pending.id;
      ids.pendingToken = pending.vouchToken;
      const request = await olive.agent.post('/api/introduction-requests').send({ requestType: 'Partnership', desiredSkills: SECRET_SKILL, reason: SECRET_REQUEST, degreeLevel: 1 }).expect(201);
      ids.requestId = request.body.id;
      // Ivan suggests Pia, whom he vouched for, to Olive.
      const pia = await signIn(t, ['Pia', 'Suggested']);
      await vouch(ivan, pia, true);
      const suggestion = await ivan.agent.post('/api/introduction-suggestions').send({ requestId: ids.requestId, suggestedPersonId: pia.memberId, reasoning: 'Pia mapped quasars with me' }).expect(201);
      ids.suggestionId = suggestion.body.id;
    });

    /** The calls a curious member could make with Olive's ids and tokens, and the answers allowed. */
    const attempts = (): { what: string; call: (agent: Agent) => Promise<{ status: number; text: string }>; allowed: number[] }[] => [
      { what: 'answer the pending vouch meant for Carl', call: (a) => a.put('/api/vouches/respond').send({ vouchToken: ids.pendingToken, action: 'accept' }), allowed: [403] },
      { what: 'reject the pending vouch meant for Carl', call: (a) => a.put('/api/vouches/respond').send({ vouchToken: ids.pendingToken, action: 'reject' }), allowed: [403] },
      { what: 'accept through the accept call', call: (a) => a.post('/api/vouches/accept').send({ vouchToken: ids.pendingToken, action: 'accept' }), allowed: [403] },
      { what: "revoke Olive's pending vouch", call: (a) => a.post(`/api/vouches/${ids.pendingVouchId}/revoke`).send({}), allowed: [404] },
      { what: "revoke Olive's accepted vouch", call: (a) => a.post(`/api/vouches/${ids.acceptedVouchId}/revoke`).send({}), allowed: [404] },
      { what: "read matches of Olive's request", call: (a) => a.get(`/api/introduction-requests/${ids.requestId}/my-matches`), allowed: [404] },
      { what: "read connector insights of Olive's request", call: (a) => a.get(`/api/introduction-requests/${ids.requestId}/connector-insights`), allowed: [404] },
      { what: "read suggestions made to Olive's request", call: (a) => a.get(`/api/introduction-suggestions?requestId=${ids.requestId}`), allowed: [403, 404] },
      { what: "suggest someone for Olive's request", call: (a) => a.post('/api/introduction-suggestions').send({ requestId: ids.requestId, isSelfSuggestion: true, reasoning: 'I can help' }), allowed: [403, 404] },
      { what: "cancel Olive's request", call: (a) => a.post(`/api/introduction-requests/${ids.requestId}/cancel`).send({}), allowed: [403, 404] },
      { what: 'accept a suggestion made to Olive', call: (a) => a.post(`/api/introduction-suggestions/${ids.suggestionId}/accept`).send({}), allowed: [403, 404] },
      { what: 'reject a suggestion made to Olive', call: (a) => a.post(`/api/introduction-suggestions/${ids.suggestionId}/reject`).send({}), allowed: [403, 404] },
    ];

    const leaks = (text: string) => [SECRET_REASON, SECRET_REQUEST, olive.phone, olive.phone.slice(-7)].filter((secret) => text.includes(secret));

    it('a stranger with Olive\'s ids and tokens gets 403/404 everywhere and no response names her data', async () => {
      const failures: string[] = [];
      for (const attempt of attempts()) {
        const res = await attempt.call(stan.agent);
        if (!attempt.allowed.includes(res.status)) failures.push(`${attempt.what}: ${res.status} (allowed ${attempt.allowed.join('/')})`);
        if (leaks(res.text).length) failures.push(`${attempt.what}: leaked ${leaks(res.text).join(', ')}`);
      }
      expect(failures).toEqual([]);
    });

    it('a member of Olive\'s own network still cannot act as Olive (answer, revoke, cancel, read suggestions, accept)', async () => {
      const ownerOnly = attempts().filter((a) => !/matches|insights|suggest someone/.test(a.what));
      const failures: string[] = [];
      for (const attempt of ownerOnly) {
        const res = await attempt.call(ivan.agent);
        if (!attempt.allowed.includes(res.status)) failures.push(`${attempt.what}: ${res.status} (allowed ${attempt.allowed.join('/')})`);
        if (leaks(res.text).length) failures.push(`${attempt.what}: leaked ${leaks(res.text).join(', ')}`);
      }
      expect(failures).toEqual([]);
    });

    it("nothing the stranger tried changed Olive's data", async () => {
      const mine = (await olive.agent.get('/api/vouches/my').expect(200)).body as { id: number; status: string }[];
      expect(mine.find((v) => v.id === ids.pendingVouchId)?.status).toBe('pending');
      expect(mine.find((v) => v.id === ids.acceptedVouchId)?.status).toBe('accepted');
      const requests = (await olive.agent.get('/api/introduction-requests/my').expect(200)).body as { id: number; status: string }[];
      expect(requests.find((r) => r.id === ids.requestId)?.status).not.toBe('cancelled');
      const suggestions = (await olive.agent.get(`/api/introduction-suggestions?requestId=${ids.requestId}`).expect(200)).body as { id: number; status: string }[];
      expect(suggestions.find((s) => s.id === ids.suggestionId)?.status).toBe('pending_requestor');
      // Carl still finds the vouch waiting for him.
      const forCarl = (await carl.agent.get('/api/vouches/pending-for-me').expect(200)).body as { id: number }[];
      expect(forCarl.map((v) => v.id)).toContain(ids.pendingVouchId);
    });

    it("the stranger's own lists, network and activities hold nothing of Olive's", async () => {
      const reads = ['/api/vouches/my', '/api/vouches/received', '/api/vouches/pending-for-me', '/api/activities', '/api/network', '/api/network/analysis?degree=3', '/api/onboarding/network-map', '/api/introduction-requests/for-suggestions', '/api/introduction-requests/my', '/api/profile/my-summary', '/api/user/profile', '/api/subscriptions/status', '/api/usage/current'];
      const failures: string[] = [];
      for (const path of reads) {
        const res = await stan.agent.get(path);
        if (res.status !== 200) failures.push(`${path}: ${res.status}`);
        if (leaks(res.text).length || res.text.includes(SECRET_SKILL)) failures.push(`${path}: shows Olive's data`);
        if (res.text.includes('Olive')) failures.push(`${path}: names Olive`);
      }
      expect(failures).toEqual([]);
    });

    it("the public vouch page shows the vouch without Carl's or Olive's phone", async () => {
      const res = await stan.agent.get(`/api/vouches/public/${ids.pendingToken}`).expect(200);
      expect(res.text).not.toContain(carl.phone);
      expect(res.text).not.toContain(olive.phone);
      expect(res.text).not.toContain(carl.phone.slice(-7));
    });

    it('every endpoint the OpenAPI document marks as signed-in refuses an anonymous caller with 401', async () => {
      const doc = (await t.request.get('/api/openapi.json').expect(200)).body as { paths: Record<string, Record<string, { security?: unknown[] }>> };
      const failures: string[] = [];
      let checked = 0;
      for (const [path, methods] of Object.entries(doc.paths)) {
        for (const [method, op] of Object.entries(methods)) {
          // `{}` among the requirements: credentials are optional (GET /api/auth/session answers anyone).
          if (!op.security?.length || op.security.some((r) => Object.keys(r as object).length === 0)) continue;
          checked += 1;
          const url = `/api${path.replace(/\{[^}]+\}/g, String(ids.requestId))}`;
          const res = await (t.request as unknown as Record<string, (u: string) => Promise<{ status: number; text: string }>>)[method]!(url);
          if (res.status !== 401) failures.push(`${method.toUpperCase()} ${path}: ${res.status}`);
          if (leaks(res.text).length) failures.push(`${method.toUpperCase()} ${path}: leaked`);
        }
      }
      expect(failures).toEqual([]);
      expect(checked).toBeGreaterThan(20);
    });

    it('every endpoint that answers an anonymous caller with 401 is marked signed-in in the OpenAPI document', async () => {
      const doc = (await t.request.get('/api/openapi.json').expect(200)).body as { paths: Record<string, Record<string, { security?: unknown[] }>> };
      const unmarked: string[] = [];
      for (const [path, methods] of Object.entries(doc.paths)) {
        for (const [method, op] of Object.entries(methods)) {
          if (op.security?.length || path === '/stripe/webhook') continue;
          const url = `/api${path.replace(/\{[^}]+\}/g, '1')}`;
          const res = await (t.request as unknown as Record<string, (u: string) => { send(b: object): Promise<{ status: number }> }>)[method]!(url).send({});
          if (res.status === 401) unmarked.push(`${method.toUpperCase()} ${path}`);
        }
      }
      expect(unmarked).toEqual([]);
    });
  },
  { env: GENEROUS_AUTH_LIMITS },
);
