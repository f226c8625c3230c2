// The match index built at start-up (SQLite and, with TEST_DATABASE_URL, MariaDB/MySQL): with
// VOUCH_MATCH_INDEX_WARMUP=on the gateway indexes every member's accepted vouches in the
// background, so my-matches does not build it; later vouches are still picked up by requests.
import supertest from 'supertest';
import { matchIndexWarmup, warmMatchIndex } from '@vouch/service-introductions';
import { describeEachDatabase, GENEROUS_AUTH_LIMITS, signIn, type SignedInMember, type TestContext } from './support';

describeEachDatabase(
  'introductions: match index warm-up',
  (t: TestContext) => {
    const m = {} as Record<'R' | 'A' | 'B' | 'C', SignedInMember>;
    let requestId: number;

    async function vouch(from: SignedInMember, to: SignedInMember, skills: string) {
      const res = await from.agent
        .post('/api/vouches')
        .send({ type: 'recommendation', recipientName: to.name, recipientPhone: to.phone, reason: 'Trusted', skills, characterTraits: null, accomplishments: null })
        .expect(201);
      await to.agent.put('/api/vouches/respond').send({ vouchToken: res.body.vouchToken, action: 'accept' }).expect(200);
    }
    const matchNames = async (agent: SignedInMember['agent']) => {
      const res = await agent.get(`/api/introduction-requests/${requestId}/my-matches`).expect(200);
      return [...res.body.perfect, ...res.body.strong, ...res.body.potential, ...res.body.other].map((x: { name: string }) => x.name).sort();
    };

    beforeAll(async () => {
      m.R = await signIn(t, ['Rita', 'Requester']);
      m.A = await signIn(t, ['Ana', 'Ruiz']);
      m.B = await signIn(t, ['Ben', 'Lee']);
      m.C = await signIn(t, ['Cy', 'Park']);
      await vouch(m.R, m.A, 'Product management');
      await vouch(m.A, m.B, 'TypeScript');
      await vouch(m.B, m.C, 'Cooking');
      requestId = (await m.R.agent.post('/api/introduction-requests').send({ requestType: 'Hiring', desiredSkills: 'TypeScript', reason: 'Team', degreeLevel: 2 }).expect(201)).body.id;
    });

    it('is off under tests unless asked for', () => {
      expect(matchIndexWarmup(t.db)).toBeNull();
    });

    it('a gateway started with VOUCH_MATCH_INDEX_WARMUP=on indexes every member in the background, once', async () => {
      const app = t.createApp({ env: { ...GENEROUS_AUTH_LIMITS, VOUCH_MATCH_INDEX_WARMUP: 'on' } });
      await supertest(app).get('/api/health').expect(200);
      const warmup = matchIndexWarmup(t.db);
      expect(warmup).not.toBeNull();
      const result = await warmup!;
      expect(result).toEqual({ members: 4, indexed: 4, ms: expect.any(Number) });
      expect(warmMatchIndex(t.db)).toBe(warmup);
    });

    it('my-matches answers from the warm index, and a vouch accepted afterwards is picked up', async () => {
      expect(await matchNames(m.A.agent)).toEqual(['Ben Lee']);
      await vouch(m.A, m.C, 'TypeScript, React');
      expect(await matchNames(m.A.agent)).toEqual(['Ben Lee', 'Cy Park']);
    });
  },
  { env: GENEROUS_AUTH_LIMITS },
);
