// Objects by id and incremental sync (issue 29), on SQLite and (with TEST_DATABASE_URL)
// MariaDB/MySQL: one vouch, introduction request or introduction opens for its parties only
// (anyone else gets the 404 of an unknown id), and the lists answer ?updated_since= with what
// changed, oldest change first, revocations included, paged without gaps.
import { describeEachDatabase, GENEROUS_AUTH_LIMITS, newPhone, signIn, type Agent, type SignedInMember } from './support';

jest.setTimeout(60_000);

type Vouch = { id: number; status: string; voucherId: number | null; recipientId: number | null; updatedAt: string; recipientPhone: string };

const recommendation = (recipientName: string, recipientPhone: string) => ({ type: 'recommendation', recipientName, recipientPhone, reason: 'Ran the launch.', characterTraits: 'Calm', skills: 'Launches', accomplishments: null });

/** Every page of a list, following Link rel="next" from `first`. */
async function allPages<T>(agent: Agent, first: string): Promise<T[]> {
  const items: T[] = [];
  for (let url: string | null = first; url; ) {
    const res: { body: T[]; headers: Record<string, string | undefined> } = await agent.get(url).expect(200);
    items.push(...res.body);
    url = /<([^>]+)>; rel="next"/.exec(res.headers.link ?? '')?.[1] ?? null;
  }
  return items;
}

const instantNow = async () => {
  // Rows stamped in this millisecond would count as changed "at" it: start on a fresh one.
  await new Promise((resolve) => setTimeout(resolve, 5));
  return new Date().toISOString();
};

describeEachDatabase(
  'objects by id and incremental sync',
  (t) => {
    let victor: SignedInMember, rita: SignedInMember, sam: SignedInMember;

    beforeAll(async () => {
      victor = await signIn(t, ['Victor', 'Voucher']);
      rita = await signIn(t, ['Rita', 'Recipient']);
      sam = await signIn(t, ['Sam', 'Stranger']);
    });

    describe('GET /api/vouches/{id}', () => {
      it('opens for the voucher and the recipient with both member ids; a stranger gets the 404 of an unknown id', async () => {
        const created = (await victor.agent.post('/api/vouches').send(recommendation('Rita Recipient', rita.phone)).expect(201)).body as Vouch & { vouchToken: string; recipientIsMember: boolean };
        expect(created).toMatchObject({ voucherId: victor.memberId, recipientId: null, recipientIsMember: true });
        // The create answer is the vouch, plus whether its recipient was told (recipientIsMember: said once, at creation).
        const { recipientIsMember: _told, ...sent } = created;

        const asVoucher = (await victor.agent.get(`/api/vouches/${sent.id}`).expect(200)).body as Vouch;
        expect(asVoucher).toEqual(sent);
        expect(asVoucher.recipientPhone).toBe(rita.phone);
        // Waiting for her: the recipient is whoever holds its phone.
        expect((await rita.agent.get(`/api/vouches/${sent.id}`).expect(200)).body.id).toBe(sent.id);

        const strangers = await sam.agent.get(`/api/vouches/${sent.id}`).expect(404);
        const unknown = await sam.agent.get('/api/vouches/99999999').expect(404);
        expect(strangers.body.detail).toBe(unknown.body.detail);
        await sam.agent.get('/api/vouches/abc').expect(404);
        await t.request.get(`/api/vouches/${sent.id}`).expect(401);

        await rita.agent.post('/api/vouches/accept').send({ vouchToken: sent.vouchToken, action: 'accept' }).expect(200);
        const accepted = (await rita.agent.get(`/api/vouches/${sent.id}`).expect(200)).body as Vouch;
        expect(accepted).toMatchObject({ status: 'accepted', voucherId: victor.memberId, recipientId: rita.memberId });
        // The public page names no member ids.
        expect((await t.request.get(`/api/vouches/public/${sent.vouchToken}`).expect(200)).body).toMatchObject({ voucherId: null, recipientId: null });
      });

      it('a revoked vouch still opens for its voucher, with status revoked', async () => {
        const sent = (await victor.agent.post('/api/vouches').send(recommendation('Someone Else', newPhone())).expect(201)).body as Vouch;
        await victor.agent.post(`/api/vouches/${sent.id}/revoke`).expect(200);
        expect((await victor.agent.get(`/api/vouches/${sent.id}`).expect(200)).body.status).toBe('revoked');
        await sam.agent.get(`/api/vouches/${sent.id}`).expect(404);
      });
    });

    describe('?updated_since= on the vouch lists and the activity feed', () => {
      it('the voucher\'s Sent list: what changed since, oldest change first, a revocation as status revoked, paged without gaps', async () => {
        const since = await instantNow();
        const first = (await victor.agent.post('/api/vouches').send(recommendation('Ann One', newPhone())).expect(201)).body as Vouch;
        const second = (await victor.agent.post('/api/vouches').send(recommendation('Bob Two', newPhone())).expect(201)).body as Vouch;
        const third = (await victor.agent.post('/api/vouches').send(recommendation('Cy Three', newPhone())).expect(201)).body as Vouch;
        await victor.agent.post(`/api/vouches/${first.id}/revoke`).expect(200);

        const changed = await allPages<Vouch>(victor.agent, `/api/vouches/my?updated_since=${encodeURIComponent(since)}&limit=1`);
        // The revocation is first's latest change: it comes last.
        expect(changed.map((v) => v.id)).toEqual([second.id, third.id, first.id]);
        expect(changed.map((v) => v.status)).toEqual(['pending', 'pending', 'revoked']);
        for (let i = 1; i < changed.length; i += 1) expect(Date.parse(changed[i]!.updatedAt)).toBeGreaterThanOrEqual(Date.parse(changed[i - 1]!.updatedAt));
        // The plain list keeps it too, marked revoked (issue 28: Sent shows it).
        expect((await victor.agent.get('/api/vouches/my').expect(200)).body.find((v: Vouch) => v.id === first.id)?.status).toBe('revoked');

        // From the newest change on, only what is at that instant comes again.
        const later = (await victor.agent.get(`/api/vouches/my?updated_since=${encodeURIComponent(changed.at(-1)!.updatedAt)}`).expect(200)).body as Vouch[];
        expect(later.map((v) => v.id)).toEqual([first.id]);
      });

      it('the recipient\'s lists: a vouch to her phone, then its revocation or acceptance', async () => {
        const since = await instantNow();
        const revoked = (await victor.agent.post('/api/vouches').send(recommendation('Rita Recipient', rita.phone)).expect(201)).body as Vouch;
        await victor.agent.post(`/api/vouches/${revoked.id}/revoke`).expect(200);
        const kept = (await sam.agent.post('/api/vouches').send(recommendation('Rita Recipient', rita.phone)).expect(201)).body as Vouch & { vouchToken: string };

        const toMe = (await rita.agent.get(`/api/vouches/pending-for-me?updated_since=${encodeURIComponent(since)}`).expect(200)).body as Vouch[];
        expect(toMe.map((v) => [v.id, v.status])).toEqual([
          [revoked.id, 'revoked'],
          [kept.id, 'pending'],
        ]);

        const beforeAnswer = await instantNow();
        await rita.agent.post('/api/vouches/accept').send({ vouchToken: kept.vouchToken, action: 'accept' }).expect(200);
        const received = (await rita.agent.get(`/api/vouches/received?updated_since=${encodeURIComponent(beforeAnswer)}`).expect(200)).body as Vouch[];
        expect(received.map((v) => [v.id, v.status, v.recipientId])).toEqual([[kept.id, 'accepted', rita.memberId]]);
      });

      it('the activity feed: what was written since, oldest first', async () => {
        const since = await instantNow();
        await sam.agent.post('/api/vouches').send(recommendation('Dee Four', newPhone())).expect(201);
        await sam.agent.post('/api/vouches').send(recommendation('Eve Five', newPhone())).expect(201);
        const feed = (await sam.agent.get(`/api/activities?updated_since=${encodeURIComponent(since)}`).expect(200)).body as { description: string }[];
        expect(feed.map((a) => a.description)).toEqual(['You vouched for Dee Four.', 'You vouched for Eve Five.']);
      });

      it('a malformed updated_since is a 400 naming the field', async () => {
        for (const bad of ['yesterday', '2026-11-27', '2026-11-27T10:00:00', '2026-13-45T99:00:00Z']) {
          const res = await victor.agent.get(`/api/vouches/my?updated_since=${encodeURIComponent(bad)}`).expect(400);
          expect(res.body.errors).toEqual([{ field: 'updated_since', message: 'updated_since must be an ISO 8601 date-time with a time zone, e.g. 2026-11-27T09:30:00Z.' }]);
        }
      });
    });

    describe('introduction requests and introductions', () => {
      //   R ── A ── B      D (unconnected)
      let r: SignedInMember, a: SignedInMember, b: SignedInMember, d: SignedInMember;
      let requestId: number;
      let suggestionId: number;
      let introductionId: number;
      let since: string;

      beforeAll(async () => {
        [r, a, b, d] = [await signIn(t, ['Rosa', 'Requester']), await signIn(t, ['Ana', 'Connector']), await signIn(t, ['Ben', 'Target']), await signIn(t, ['Dee', 'Outsider'])];
        for (const [from, to] of [[r, a], [a, b]] as const) {
          const sent = await from.agent.post('/api/vouches').send(recommendation(to.name, to.phone)).expect(201);
          await to.agent.post('/api/vouches/accept').send({ vouchToken: sent.body.vouchToken, action: 'accept' }).expect(200);
        }
        since = await instantNow();
        requestId = (await r.agent.post('/api/introduction-requests').send({ requestType: 'Hiring', desiredSkills: 'React', reason: 'Team', context: null, degreeLevel: 2 }).expect(201)).body.id;
        suggestionId = (await a.agent.post('/api/introduction-suggestions').send({ requestId, suggestedPersonId: b.memberId, reasoning: 'Ben knows React' }).expect(201)).body.id;
        await r.agent.post(`/api/introduction-suggestions/${suggestionId}/accept`).expect(200);
        introductionId = (await b.agent.get('/api/introductions').expect(200)).body[0].id;
      });

      it('GET /api/introduction-requests/{id}: its requester sees what her list shows; the connector and the target, told of it, open it too; a stranger gets 404', async () => {
        const one = (await r.agent.get(`/api/introduction-requests/${requestId}`).expect(200)).body;
        const listed = (await r.agent.get('/api/introduction-requests/my').expect(200)).body.find((x: { id: number }) => x.id === requestId);
        expect(one).toEqual(listed);
        expect(one).toMatchObject({ suggestionCount: 1, pendingSuggestionCount: 0 });
        for (const party of [a, b]) expect((await party.agent.get(`/api/introduction-requests/${requestId}`).expect(200)).body).toEqual(one);
        for (const party of [r, a, b]) expect((await party.agent.get(`/api/introduction-suggestions/${suggestionId}`).expect(200)).body).toMatchObject({ id: suggestionId, requestId });
        await d.agent.get(`/api/introduction-requests/${requestId}`).expect(404);
        await d.agent.get(`/api/introduction-suggestions/${suggestionId}`).expect(404);
        await r.agent.get('/api/introduction-requests/0').expect(404);
      });

      it('suggesting the same person twice is a 409 DUPLICATE naming the suggestion that exists', async () => {
        const again = await a.agent.post('/api/introduction-suggestions').send({ requestId, suggestedPersonId: b.memberId, reasoning: 'Ben, again' }).expect(409);
        expect(again.body).toMatchObject({ code: 'DUPLICATE', existingId: suggestionId });
      });

      it('GET /api/introductions/{id}: the requester, the target and the connector, each in their role; a stranger gets 404', async () => {
        const roles = await Promise.all([r, b, a].map(async (m) => (await m.agent.get(`/api/introductions/${introductionId}`).expect(200)).body.role));
        expect(roles).toEqual(['requester', 'target', 'connector']);
        await d.agent.get(`/api/introductions/${introductionId}`).expect(404);
      });

      it('updated_since brings the request and the introduction again once the target answers', async () => {
        expect((await r.agent.get(`/api/introduction-requests/my?updated_since=${encodeURIComponent(since)}`).expect(200)).body.map((x: { id: number }) => x.id)).toEqual([requestId]);
        const beforeAnswer = await instantNow();
        expect((await r.agent.get(`/api/introductions?updated_since=${encodeURIComponent(beforeAnswer)}`).expect(200)).body).toEqual([]);
        await b.agent.post(`/api/introductions/${introductionId}/accept`).expect(200);
        const introductions = (await r.agent.get(`/api/introductions?updated_since=${encodeURIComponent(beforeAnswer)}`).expect(200)).body;
        expect(introductions.map((x: { id: number; status: string }) => [x.id, x.status])).toEqual([[introductionId, 'introduced']]);
        const requests = (await r.agent.get(`/api/introduction-requests/my?updated_since=${encodeURIComponent(beforeAnswer)}`).expect(200)).body;
        expect(requests.map((x: { id: number; status: string }) => [x.id, x.status])).toEqual([[requestId, 'completed']]);
      });
    });
  },
  { env: { ...GENEROUS_AUTH_LIMITS } },
);
