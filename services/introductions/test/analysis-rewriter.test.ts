// The optional language model against a fake OpenAI-compatible server on this machine: it
// rewrites when the server answers well, and every failure (500, no answer in time, garbage)
// keeps the offline sentence without throwing.
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { createAnalysisRewriter, rewriterConfigFrom, sentenceFrom, type AnalysisToRewrite, type RewriterConfig } from '../src/domain/analysis-rewriter';

type Behaviour = 'ok' | 'fail' | 'slow' | 'garbage' | 'not-json';

interface FakeServer {
  url: string;
  calls: { authorization: string | undefined; body: { model: string; messages: { role: string; content: string }[] } }[];
  behaviour: Behaviour;
  close(): Promise<void>;
}

async function fakeModel(): Promise<FakeServer> {
  const state = { behaviour: 'ok' as Behaviour, calls: [] as FakeServer['calls'] };
  const pending = new Set<http.ServerResponse>();
  const server = http.createServer((req, res) => {
    let text = '';
    req.on('data', (chunk) => (text += chunk));
    req.on('end', () => {
      const body = JSON.parse(text);
      state.calls.push({ authorization: req.headers.authorization, body });
      const person = /Person: (.*)\./.exec(body.messages[1].content)?.[1];
      if (state.behaviour === 'fail') return void res.writeHead(500, { 'content-type': 'application/json' }).end('{"error":{"message":"overloaded"}}');
      if (state.behaviour === 'slow') return void pending.add(res); // never answers
      if (state.behaviour === 'not-json') return void res.writeHead(200, { 'content-type': 'application/json' }).end('<html>proxy error</html>');
      const content = state.behaviour === 'garbage' ? 42 : `  "${person} is a strong fit: three people vouched for their TypeScript."  `;
      res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ choices: [{ message: { role: 'assistant', content } }] }));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1`,
    calls: state.calls,
    get behaviour() {
      return state.behaviour;
    },
    set behaviour(b: Behaviour) {
      state.behaviour = b;
    },
    close: () =>
      new Promise<void>((resolve) => {
        for (const res of pending) res.destroy();
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

const request = { requestType: 'Hiring', desiredSkills: 'TypeScript' };
const match = (n: number): AnalysisToRewrite => ({
  key: `1:2:${n}`,
  name: `Person ${n}`,
  matchingFactors: ['TypeScript: vouched for by 3 people', '1° connection'],
  aiAnalysis: `Vouched for TypeScript by 3 people, including you. Person ${n} is your 1° connection.`,
});

describe('the optional language model for aiAnalysis', () => {
  let server: FakeServer;
  const warnings: unknown[] = [];
  const logger = { warn: (...args: unknown[]) => void warnings.push(args) };
  const config = (overrides: Partial<RewriterConfig> = {}): RewriterConfig => ({
    ...rewriterConfigFrom({ VOUCH_LLM_URL: server.url, VOUCH_LLM_MODEL: 'tiny', VOUCH_LLM_API_KEY: 'sk-test' })!,
    timeoutMs: 300,
    cooldownMs: 0,
    ...overrides,
  });

  beforeAll(async () => {
    server = await fakeModel();
  });
  afterAll(() => server.close());
  beforeEach(() => {
    server.calls.length = 0;
    warnings.length = 0;
    server.behaviour = 'ok';
  });

  it('is off unless both a URL and a model are set (and the URL is http or https)', () => {
    expect(rewriterConfigFrom({})).toBeNull();
    expect(rewriterConfigFrom({ VOUCH_LLM_URL: 'http://127.0.0.1:1/v1' })).toBeNull();
    expect(rewriterConfigFrom({ VOUCH_LLM_MODEL: 'tiny' })).toBeNull();
    expect(rewriterConfigFrom({ VOUCH_LLM_URL: 'not a url', VOUCH_LLM_MODEL: 'tiny' })).toBeNull();
    expect(rewriterConfigFrom({ VOUCH_LLM_URL: 'file:///etc/passwd', VOUCH_LLM_MODEL: 'tiny' })).toBeNull();
    expect(createAnalysisRewriter(null)).toBeNull();
  });

  it('reads the endpoint, key and limits from env, with defaults for missing or silly values', () => {
    expect(rewriterConfigFrom({ VOUCH_LLM_URL: 'https://llm.example/v1/', VOUCH_LLM_MODEL: ' tiny ' })).toEqual({
      endpoint: 'https://llm.example/v1/chat/completions',
      model: 'tiny',
      apiKey: null,
      timeoutMs: 2500,
      maxCalls: 3,
      cooldownMs: 30_000,
    });
    const set = rewriterConfigFrom({ VOUCH_LLM_URL: 'http://localhost:11434/v1/chat/completions', VOUCH_LLM_MODEL: 'm', VOUCH_LLM_TIMEOUT_MS: '800', VOUCH_LLM_MAX_CALLS: 'lots' });
    expect(set).toMatchObject({ endpoint: 'http://localhost:11434/v1/chat/completions', timeoutMs: 800, maxCalls: 3 });
  });

  it('rewrites the best matches with an OpenAI-compatible chat completion, at most maxCalls of them', async () => {
    const rewriter = createAnalysisRewriter(config({ maxCalls: 2 }), logger)!;
    const out = await rewriter.rewrite(request, [match(1), match(2), match(3)]);
    expect([...out.entries()]).toEqual([
      ['1:2:1', 'Person 1 is a strong fit: three people vouched for their TypeScript.'],
      ['1:2:2', 'Person 2 is a strong fit: three people vouched for their TypeScript.'],
    ]);
    expect(server.calls).toHaveLength(2);
    expect(server.calls[0]!.authorization).toBe('Bearer sk-test');
    expect(server.calls[0]!.body.model).toBe('tiny');
    // The model gets the facts the offline explanation shows, not phones.
    expect(server.calls[0]!.body.messages[1]!.content).toContain('Explanation to rewrite: Vouched for TypeScript by 3 people');
    expect(warnings).toEqual([]);
  });

  it('asks once for the same sentence: a second look uses what it wrote', async () => {
    const rewriter = createAnalysisRewriter(config(), logger)!;
    await rewriter.rewrite(request, [match(1)]);
    const again = await rewriter.rewrite(request, [match(1)]);
    expect(again.get('1:2:1')).toMatch(/strong fit/);
    expect(server.calls).toHaveLength(1);
  });

  it.each<[Behaviour, RegExp]>([
    ['fail', /status 500/],
    ['slow', /no answer within 300 ms/],
    ['garbage', /not a short sentence/],
    ['not-json', /JSON/],
  ])('when the server answers "%s", nothing is rewritten, nothing throws, and a warning says why', async (behaviour, reason) => {
    server.behaviour = behaviour;
    const rewriter = createAnalysisRewriter(config(), logger)!;
    const started = Date.now();
    const out = await rewriter.rewrite(request, [match(1), match(2)]);
    expect(out.size).toBe(0);
    expect(Date.now() - started).toBeLessThan(5_000); // bounded by the timeout, not by the server
    expect(warnings).toHaveLength(1);
    expect((warnings[0] as [{ reason: string }])[0].reason).toMatch(reason);
  });

  it('after a failure it leaves the model alone for the cool-down, then tries again', async () => {
    server.behaviour = 'fail';
    const rewriter = createAnalysisRewriter(config({ cooldownMs: 60_000 }), logger)!;
    await rewriter.rewrite(request, [match(1)]);
    server.behaviour = 'ok';
    expect((await rewriter.rewrite(request, [match(1)])).size).toBe(0);
    expect(server.calls).toHaveLength(1);
    const later = Date.now() + 61_000;
    const clock = jest.spyOn(Date, 'now').mockReturnValue(later);
    try {
      expect((await rewriter.rewrite(request, [match(1)])).size).toBe(1);
    } finally {
      clock.mockRestore();
    }
    expect(server.calls).toHaveLength(2);
  });

  it('an unreachable server is one more failure', async () => {
    const rewriter = createAnalysisRewriter(config({ endpoint: 'http://127.0.0.1:1/v1/chat/completions' }), logger)!;
    expect((await rewriter.rewrite(request, [match(1)])).size).toBe(0);
    expect(warnings).toHaveLength(1);
  });

  it('keeps only a short plain sentence from the answer', () => {
    expect(sentenceFrom({ choices: [{ message: { content: ' “Ana fits.\n Ten years of React.” ' } }] })).toBe('Ana fits. Ten years of React.');
    expect(sentenceFrom({ choices: [{ message: { content: 'ok' } }] })).toBeNull();
    expect(sentenceFrom({ choices: [{ message: { content: 'x'.repeat(601) } }] })).toBeNull();
    expect(sentenceFrom({ choices: [] })).toBeNull();
    expect(sentenceFrom(null)).toBeNull();
    expect(sentenceFrom('text')).toBeNull();
  });
});
