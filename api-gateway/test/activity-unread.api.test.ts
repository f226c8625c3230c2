// The activity bell's unread state and the activity page's filter (issue 28, item 5), through the
// real gateway on SQLite and (with TEST_DATABASE_URL) MariaDB/MySQL: own actions are never unread,
// the mark is kept server-side (two browsers of one member agree), and only moves forward.
import { describeEachDatabase, GENEROUS_AUTH_LIMITS, signIn, vouchAndAccept, type SignedInMember } from './support';

type Activity = { id: number; type: string; description: string; bySelf: boolean; unread: boolean; link: string; objectType: string | null };

const unread = async (member: SignedInMember) => (await member.agent.get('/api/activities/unread').expect(200)).body.unread as number;
const feed = async (member: SignedInMember, query = '') => (await member.agent.get(`/api/activities${query}`).expect(200)).body as Activity[];

describeEachDatabase(
  'activity unread state',
  (t) => {
    let maya: SignedInMember, jordan: SignedInMember;

    beforeAll(async () => {
      maya = await signIn(t, ['Maya', 'Bell']);
      jordan = await signIn(t, ['Jordan', 'Lee']);
    });

    it("counts what others did, never the member's own actions", async () => {
      expect(await unread(maya)).toBe(0);
      await vouchAndAccept(maya, jordan);

      // Maya: "You vouched for Jordan Lee." (hers) and "Jordan Lee accepted your Vouch." (his).
      const mayas = await feed(maya);
      expect(mayas.map((a) => [a.type, a.bySelf, a.unread])).toEqual([
        ['vouch_accepted', false, true],
        ['vouch_created', true, false],
      ]);
      expect(await unread(maya)).toBe(1);
      // Jordan: "Maya Bell vouched for you." (hers, issue 40: a member hears of a vouch) and his own acceptance.
      expect((await feed(jordan)).map((a) => [a.type, a.bySelf, a.unread])).toEqual([
        ['vouch_accepted', true, false],
        ['vouch_created', false, true],
      ]);
      expect(await unread(jordan)).toBe(1);
    });

    it('clears when seen, for every browser of the member, and new activity is unread again', async () => {
      // A second browser signs in as the same member with a session of its own.
      const second = await signIn(t, ['Maya', 'Bell'], { phone: maya.phone });
      expect(second.memberId).toBe(maya.memberId);

      expect((await maya.agent.post('/api/activities/seen').send({}).expect(200)).body).toEqual({ unread: 0 });
      expect(await unread(second)).toBe(0);
      expect((await feed(second)).some((a) => a.unread)).toBe(false);

      const sam = await signIn(t, ['Sam', 'Park']);
      await vouchAndAccept(sam, maya);
      // "Sam Park vouched for you." is new on both browsers; "You accepted Sam Park's Vouch." is Maya's own.
      expect(await unread(second)).toBe(1);
      await second.agent.post('/api/activities/seen').send({}).expect(200);
      expect(await unread(maya)).toBe(0);
      await vouchAndAccept(maya, sam);
      expect(await unread(second)).toBe(1);
      expect(await unread(maya)).toBe(1);
    });

    it('marks through a given activity, never backwards and never past the newest', async () => {
      const priya = await signIn(t, ['Priya', 'Mark']);
      const ravi = await signIn(t, ['Ravi', 'Mark']);
      const ana = await signIn(t, ['Ana', 'Mark']);
      await vouchAndAccept(priya, ravi);
      await vouchAndAccept(priya, ana);
      const [newest, , older] = await feed(priya);
      expect(newest!.unread && older!.unread).toBe(true);

      expect((await priya.agent.post('/api/activities/seen').send({ throughId: older!.id }).expect(200)).body).toEqual({ unread: 1 });
      // An older mark later (a slow device) does not bring anything back.
      expect((await priya.agent.post('/api/activities/seen').send({ throughId: 1 }).expect(200)).body).toEqual({ unread: 1 });
      // A mark past the newest activity stops at it: the next one is still unread.
      expect((await priya.agent.post('/api/activities/seen').send({ throughId: 2_000_000_000 }).expect(200)).body).toEqual({ unread: 0 });
      const zoe = await signIn(t, ['Zoe', 'Mark']);
      await vouchAndAccept(priya, zoe);
      expect(await unread(priya)).toBe(1);
    });

    it('many devices marking at once leave the newest mark', async () => {
      const kim = await signIn(t, ['Kim', 'Many']);
      for (const name of ['Ada', 'Bo', 'Cy']) await vouchAndAccept(kim, await signIn(t, [name, 'Many']));
      const ids = (await feed(kim)).filter((a) => !a.bySelf).map((a) => a.id);
      expect(ids).toHaveLength(3);
      const answers = await Promise.all(Array.from({ length: 12 }, (_, i) => kim.agent.post('/api/activities/seen').send({ throughId: ids[i % 3] })));
      expect(answers.map((a) => a.status)).toEqual(Array(12).fill(200));
      expect(await unread(kim)).toBe(0);
    });

    it('answers one bell item by id to its owner only: another member and an unknown id get the same 404', async () => {
      const [accepted] = await feed(maya, '?kind=vouches');
      expect(accepted!.type).toBe('vouch_accepted');
      const own = await maya.agent.get(`/api/activities/${accepted!.id}`).expect(200);
      expect(own.body).toMatchObject({ id: accepted!.id, type: 'vouch_accepted', objectType: 'vouch', link: expect.stringMatching(/^\/my-vouches\?tab=sent&vouch=\d+$/) });
      expect(own.body.objectId).toEqual(expect.any(Number));

      const foreign = await jordan.agent.get(`/api/activities/${accepted!.id}`).expect(404);
      const unknown = await maya.agent.get('/api/activities/2000000000').expect(404);
      const same = ({ requestId: _id, ...body }: Record<string, unknown>) => body;
      expect(same(foreign.body)).toEqual(same(unknown.body));
      expect(foreign.body.detail).toBe('Activity not found.');
      await t.request.get(`/api/activities/${accepted!.id}`).expect(401);
    });

    it('filters the feed by kind, and refuses an unknown kind or a bad mark with a sentence', async () => {
      const vouchesOnly = await feed(maya, '?kind=vouches');
      expect(vouchesOnly.length).toBeGreaterThan(0);
      expect(vouchesOnly.every((a) => a.type.startsWith('vouch_'))).toBe(true);
      expect(await feed(maya, '?kind=introductions')).toEqual([]);

      const badKind = await maya.agent.get('/api/activities?kind=everything').expect(400);
      expect(badKind.body.detail).toMatch(/kind/i);
      const badMark = await maya.agent.post('/api/activities/seen').send({ throughId: 'latest' }).expect(400);
      expect(badMark.body.errors[0].field).toBe('throughId');
      await t.request.get('/api/activities/unread').expect(401);
      await t.request.post('/api/activities/seen').send({}).expect(401);
    });
  },
  { env: { ...GENEROUS_AUTH_LIMITS } },
);
