// Paging of lists (issue 18): ?limit= and an opaque ?cursor=, the next page in a Link header,
// bodies still bare arrays; following the links visits every item once, newest first.
import { describeEachDatabase, GENEROUS_AUTH_LIMITS, newPhone, signIn, walkPages as walk, type SignedInMember } from './support';

const recommendation = (recipientPhone: string, reason = 'Ran the launch.') => ({ type: 'recommendation', recipientName: 'Some One', recipientPhone, reason, skills: 'Launches' });

describeEachDatabase(
  'paging',
  (t) => {
    let victor: SignedInMember, rita: SignedInMember;
    const sent: number[] = [];

    beforeAll(async () => {
      victor = await signIn(t, ['Victor', 'Voucher']);
      rita = await signIn(t, ['Rita', 'Recipient']);
      for (let i = 0; i < 5; i += 1) sent.push((await victor.agent.post('/api/vouches').send(recommendation(newPhone())).expect(201)).body.id);
    });

    it('GET /api/vouches/my?limit=2 pages through every vouch once, newest first, the last page without a Link', async () => {
      const all = (await victor.agent.get('/api/vouches/my').expect(200)).body as { id: number }[];
      expect(all.map((v) => v.id)).toEqual([...sent].reverse());
      const { ids, pages } = await walk(victor.agent, '/api/vouches/my?limit=2');
      expect(pages.map((p) => p.length)).toEqual([2, 2, 1]);
      expect(ids).toEqual([...sent].reverse());
      const exact = await walk(victor.agent, '/api/vouches/my?limit=5');
      expect(exact.pages).toEqual([[...sent].reverse()]);
    });

    it('pending, received and activities page the same way', async () => {
      const vouchers = [victor, await signIn(t, ['Ann', 'One']), await signIn(t, ['Ben', 'Two'])];
      const tokens: string[] = [];
      for (const voucher of vouchers) tokens.push((await voucher.agent.post('/api/vouches').send(recommendation(rita.phone)).expect(201)).body.vouchToken);
      const pending = await walk(rita.agent, '/api/vouches/pending-for-me?limit=2');
      expect(pending.pages.map((p) => p.length)).toEqual([2, 1]);
      for (const vouchToken of tokens) await rita.agent.post('/api/vouches/accept').send({ vouchToken, action: 'accept' }).expect(200);
      const received = await walk(rita.agent, '/api/vouches/received?limit=2');
      expect(received.ids).toEqual((await rita.agent.get('/api/vouches/received').expect(200)).body.map((v: { id: number }) => v.id));
      expect(received.pages.length).toBe(2);

      // Victor has 6 vouch_created and 1 vouch_accepted activities; pages of 3.
      const feed = (await victor.agent.get('/api/activities?limit=100').expect(200)).body as { id: number }[];
      expect(feed.length).toBe(7);
      const activities = await walk(victor.agent, '/api/activities?limit=3');
      expect(activities.ids).toEqual(feed.map((a) => a.id));
      expect(activities.pages.map((p) => p.length)).toEqual([3, 3, 1]);
    });

    it('introduction requests page too', async () => {
      for (const requestType of ['Mentor', 'Investor', 'Designer']) {
        await rita.agent.post('/api/introduction-requests').send({ requestType, desiredSkills: 'Go', reason: 'Learning', degreeLevel: 1 }).expect(201);
      }
      const { ids, pages } = await walk(rita.agent, '/api/introduction-requests/my?limit=2');
      expect(pages.map((p) => p.length)).toEqual([2, 1]);
      expect(ids).toEqual((await rita.agent.get('/api/introduction-requests/my').expect(200)).body.map((r: { id: number }) => r.id));
    });

    it('the activity feed keeps its 20 by default; a bad limit or cursor is a 400 naming the field', async () => {
      // Invites: the month's 15 recommendations are spent (plan limit).
      for (let i = 0; i < 14; i += 1) await victor.agent.post('/api/vouches').send({ type: 'invite', recipientName: 'New One', recipientPhone: newPhone() }).expect(201);
      const first = await victor.agent.get('/api/activities').expect(200);
      expect(first.body).toHaveLength(20);
      expect(first.headers.link).toMatch(/^<\/api\/activities\?limit=20&cursor=[\w-]+>; rel="next"$/);

      for (const query of ['limit=0', 'limit=101', 'limit=abc', 'limit=1&limit=2']) {
        const res = await victor.agent.get(`/api/vouches/my?${query}`).expect(400);
        expect(res.body).toMatchObject({ code: 'VALIDATION_FAILED', detail: 'The limit must be a whole number from 1 to 100.', errors: [{ field: 'limit' }] });
      }
      for (const cursor of ['nonsense', Buffer.from('[1,2,3]').toString('base64url'), '']) {
        const res = await victor.agent.get(`/api/vouches/my?cursor=${cursor}`).expect(400);
        expect(res.body.errors).toEqual([{ field: 'cursor', message: 'The cursor is not one this list gave out: start again without it.' }]);
      }
    });
  },
  { env: GENEROUS_AUTH_LIMITS },
);
