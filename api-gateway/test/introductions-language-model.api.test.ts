// The optional language model through the gateway (SQLite and, with TEST_DATABASE_URL, MariaDB):
// with VOUCH_LLM_URL pointing at a fake OpenAI-compatible server on this machine, my-matches
// answers 200 whatever the server does — its sentence when it answers well, the offline one
// when it fails or does not answer in time.
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import supertest from 'supertest';
import { describeEachDatabase, GENEROUS_AUTH_LIMITS, signIn, type SignedInMember, type SignInTarget, type TestContext } from './support';

describeEachDatabase(
  'introductions: optional language model for aiAnalysis',
  (t: TestContext) => {
    let behaviour: 'ok' | 'fail' | 'slow' = 'fail';
    let calls = 0;
    const hanging = new Set<http.ServerResponse>();
    const server = http.createServer((req, res) => {
      req.resume();
      req.on('end', () => {
        calls += 1;
        if (behaviour === 'slow') return void hanging.add(res);
        if (behaviour === 'fail') return void res.writeHead(500).end();
        res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ choices: [{ message: { content: 'Ben Lee is the TypeScript person Ana knows best.' } }] }));
      });
    });
    let target: SignInTarget;
    let ana: SignedInMember;
    let requestId: number;

    const benOf = async () => {
      const res = await ana.agent.get(`/api/introduction-requests/${requestId}/my-matches`).expect(200);
      return [...res.body.perfect, ...res.body.strong, ...res.body.potential, ...res.body.other].find((m: { name: string }) => m.name === 'Ben Lee');
    };

    beforeAll(async () => {
      await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
      const app = t.createApp({
        env: { ...GENEROUS_AUTH_LIMITS, VOUCH_LLM_URL: `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1`, VOUCH_LLM_MODEL: 'fake', VOUCH_LLM_TIMEOUT_MS: '300', VOUCH_LLM_COOLDOWN_MS: '0' },
      });
      target = { request: supertest(app), agent: () => supertest.agent(app) };
      const rita = await signIn(target, ['Rita', 'Requester']);
      ana = await signIn(target, ['Ana', 'Ruiz']);
      const ben = await signIn(target, ['Ben', 'Lee']);
      for (const [from, to, skills] of [[rita, ana, 'Product management'], [ana, ben, 'TypeScript']] as const) {
        const res = await from.agent
          .post('/api/vouches')
          .send({ type: 'recommendation', recipientName: to.name, recipientPhone: to.phone, reason: 'Trusted', skills, characterTraits: null, accomplishments: null })
          .expect(201);
        await to.agent.put('/api/vouches/respond').send({ vouchToken: res.body.vouchToken, action: 'accept' }).expect(200);
      }
      requestId = (await rita.agent.post('/api/introduction-requests').send({ requestType: 'Hiring', desiredSkills: 'TypeScript', reason: 'Team', degreeLevel: 2 }).expect(201)).body.id;
    });
    afterAll(async () => {
      for (const res of hanging) res.destroy();
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    });

    it('when the model answers 500, my-matches still answers with the offline sentence', async () => {
      behaviour = 'fail';
      const ben = await benOf();
      expect(ben.aiAnalysis).toMatch(/^Vouched for TypeScript by you\./);
      expect(calls).toBeGreaterThan(0);
    });

    it('when the model does not answer in time, the offline sentence comes after the timeout', async () => {
      behaviour = 'slow';
      expect((await benOf()).aiAnalysis).toMatch(/^Vouched for TypeScript by you\./);
    });

    it("when the model answers, the best matches carry its sentence; scores and factors are the matcher's", async () => {
      behaviour = 'ok';
      const ben = await benOf();
      expect(ben.aiAnalysis).toBe('Ben Lee is the TypeScript person Ana knows best.');
      expect(ben.matchingFactors).toContain('TypeScript: vouched for by 1 person');
      expect(ben.relevanceScore).toBeGreaterThanOrEqual(50);
    });
  },
  { env: GENEROUS_AUTH_LIMITS },
);
