// Property-based fuzzing (issue 10) of every write endpoint the OpenAPI document lists, so an
// endpoint added later is fuzzed without touching this file: malformed, oversized, deeply nested
// and prototype-pollution bodies and path parameters never get a 5xx, never a stack trace, SQL
// or internal name in the body, and a refused request leaves the database exactly as it was.
import { createHash } from 'node:crypto';
import fc from 'fast-check';
import type { Response } from 'supertest';
import { reputationIdle } from '@vouch/service-vouches/worker';
import { describeEachDatabase, GENEROUS_AUTH_LIMITS, signIn, type Agent, type SignedInMember, type TestContext } from './support';

jest.setTimeout(240_000);

/** Runs per endpoint and property: enough to hit every branch of our small bodies, cheap on MariaDB. */
const RUNS = Number(process.env.FUZZ_RUNS ?? 20);

/** What a body must never show a client: stack frames, SQL, driver or ORM names, source paths. */
const LEAK = /\bat \S+ \(|node_modules|\.ts:\d+|sequelize|sqlite|mariadb|mysql|\bER_[A-Z_]+|\b(SELECT|INSERT INTO|UPDATE \S+ SET|DELETE FROM)\b|TypeError|ReferenceError|stack/i;

/** Tables a refused request may legitimately write: attempt counters and rate-limit buckets. */
const ATTEMPT_TABLES = new Set(['migrations', 'otp_codes', 'auth_rate_limits']);

type Method = 'post' | 'put' | 'patch' | 'delete';
interface Operation {
  method: Method;
  /** '/api/introduction-suggestions/{id}/accept' */
  path: string;
  fields: string[];
}

async function writeOperations(t: TestContext): Promise<Operation[]> {
  const doc = (await t.request.get('/api/openapi.json').expect(200)).body as {
    paths: Record<string, Record<string, { requestBody?: { content?: Record<string, { schema?: { properties?: Record<string, unknown> } }> } }>>;
  };
  const operations: Operation[] = [];
  for (const [path, methods] of Object.entries(doc.paths)) {
    for (const [method, op] of Object.entries(methods)) {
      if (!['post', 'put', 'patch', 'delete'].includes(method)) continue;
      const schema = op.requestBody?.content?.['application/json']?.schema;
      operations.push({ method: method as Method, path: `/api${path}`, fields: Object.keys(schema?.properties ?? {}) });
    }
  }
  return operations;
}

/** The tables compared, and on SQLite the one statement that reads all of them (the schema does not change during the suite). */
const snapshotPlans = new WeakMap<TestContext['db'], Promise<{ compared: string[]; sqliteRead: string }>>();

function snapshotPlan(t: TestContext): Promise<{ compared: string[]; sqliteRead: string }> {
  let plan = snapshotPlans.get(t.db);
  if (!plan) {
    plan = (async () => {
      const q = t.db.sequelize.getQueryInterface();
      const tables = ((await q.showAllTables()) as unknown[]).map((x) => (typeof x === 'string' ? x : (x as { tableName: string }).tableName));
      const compared = tables.filter((name) => !ATTEMPT_TABLES.has(name) && name !== 'sessions').sort();
      if (t.db.dialect === 'mysql') return { compared, sqliteRead: '' };
      // Every table's rows as one JSON array each (quote() keeps blobs and types apart), in one statement.
      const reads = [];
      for (const table of compared) {
        const [columns] = (await t.db.sequelize.query(`PRAGMA table_info(${q.quoteIdentifier(table)})`)) as [{ name: string }[], unknown];
        const values = columns.map((c) => `quote(${q.quoteIdentifier(c.name)})`).join(', ');
        reads.push(`(SELECT json_group_array(json_array(${values})) FROM ${q.quoteIdentifier(table)}) AS ${q.quoteIdentifier(table)}`);
      }
      return { compared, sqliteRead: `SELECT ${reads.join(', ')}` };
    })();
    snapshotPlans.set(t.db, plan);
  }
  return plan;
}

/** A digest of every row a request could write, to prove a refused one wrote nothing. */
async function snapshot(t: TestContext): Promise<string> {
  const q = t.db.sequelize.getQueryInterface();
  const { compared, sqliteRead } = await snapshotPlan(t);
  const hash = createHash('sha256');
  // A session's last-seen time moves on every signed-in call; what matters is which sessions exist.
  const [sessions] = await t.db.sequelize.query('SELECT id FROM sessions ORDER BY id');
  hash.update(`sessions:${JSON.stringify(sessions)}\n`);
  if (t.db.dialect === 'mysql') {
    // One round trip: MariaDB checksums every row of every table server-side.
    const [sums] = await t.db.sequelize.query(`CHECKSUM TABLE ${compared.map((name) => q.quoteIdentifier(name)).join(', ')}`);
    hash.update(JSON.stringify(sums));
    return hash.digest('hex');
  }
  const [[all]] = (await t.db.sequelize.query(sqliteRead)) as [Record<string, string>[], unknown];
  for (const table of compared) {
    // Sorted here: not every table has an id column to order by.
    hash.update(`${table}:${(JSON.parse(all![table]!) as unknown[]).map((row) => JSON.stringify(row)).sort().join('\n')}\n`);
  }
  return hash.digest('hex');
}

// Values that have broken real servers: wrong types, huge and odd strings, injection text,
// deep nesting and prototype keys.
const nasty = fc.oneof(
  fc.string(),
  fc.string({ unit: 'binary', maxLength: 40 }),
  fc.constantFrom('', ' ', '\u0000', "' OR 1=1 --", '"; DROP TABLE vouches; --', '<script>alert(1)</script>', '../../etc/passwd', 'NaN', '1e309', '-0', '０１２３', '🙂'.repeat(300)),
  fc.integer(),
  fc.constantFrom(Number.MAX_SAFE_INTEGER, -1, 0, 1.5, 2 ** 53 + 1),
  fc.double(),
  fc.boolean(),
  fc.constant(null),
  fc.array(fc.string(), { maxLength: 5 }),
  fc.dictionary(fc.constantFrom('__proto__', 'constructor', 'prototype', 'toString', 'a'), fc.jsonValue({ maxDepth: 2 })),
  fc.jsonValue({ maxDepth: 4 }),
);
const longText = fc.integer({ min: 2_000, max: 200_000 }).map((n) => 'x'.repeat(n));

/** A body shaped like the endpoint's own (its field names) with hostile values: passes parsing, tests validation. */
const shapedBody = (fields: string[]) =>
  fields.length
    ? fc.record(Object.fromEntries(fields.map((f) => [f, fc.oneof(nasty, longText)])), { requiredKeys: [] })
    : fc.dictionary(fc.string({ maxLength: 12 }), nasty, { maxKeys: 4 });

/** Raw payloads: not JSON, JSON that pollutes prototypes, deep nesting, wrong content types. */
const rawPayload = fc.oneof(
  fc.record({ type: fc.constant('application/json'), body: fc.string() }),
  fc.record({ type: fc.constant('application/json'), body: fc.constantFrom('{"__proto__":{"polluted":true}}', '{"constructor":{"prototype":{"polluted":true}}}', '[{"__proto__":{"polluted":1}}]', '{"a":', 'null', '[]', '"text"', '1e999999', '\u0000') }),
  // Nesting is drawn as a depth (short counterexamples) and built when sent.
  fc.record({ type: fc.constant('application/json'), nest: fc.constantFrom('array', 'object'), depth: fc.integer({ min: 1_000, max: 100_000 }) }),
  fc.record({ type: fc.constantFrom('text/plain', 'application/xml', 'application/x-www-form-urlencoded', 'multipart/form-data; boundary=x'), body: fc.constantFrom('a=1', '__proto__[polluted]=1', '<a/>', 'hello') }),
);

const nested = (kind: 'array' | 'object', depth: number) => (kind === 'array' ? '['.repeat(depth) + ']'.repeat(depth) : '{"a":'.repeat(depth) + '1' + '}'.repeat(depth));

/** Path parameters: existing ids, out-of-range numbers, text, encoded traversal and bad escapes. */
const pathParam = (existing: number) =>
  fc.oneof(
    fc.constant(String(existing)),
    fc.integer({ min: -(2 ** 40), max: 2 ** 40 }).map(String),
    fc.constantFrom('0', '-1', '1.5', '1e3', '0x10', '99999999999999999999999', 'NaN', '%', '%zz', '..%2F..%2Fetc', 'null', 'undefined', '__proto__'),
    fc.string({ minLength: 1, maxLength: 30 }).map(encodeURIComponent),
  );

/**
 * The answer without the client's own words: a refusal may name the unknown field it was sent
 * ("Unknown field: Er_A"), and that echo is not a leak even when it looks like a driver code.
 */
function withoutEcho(text: string, sent: string): string {
  const echoed = (sent.match(/[\w$.]+/g) ?? []).filter((word) => LEAK.test(word));
  return echoed.reduce((rest, word) => rest.split(word).join(''), text);
}

function expectSafe(res: Response, what: string, sent = ''): void {
  if (res.status >= 500) throw new Error(`${what} → ${res.status} ${res.text.slice(0, 300)}`);
  if (LEAK.test(withoutEcho(res.text, sent))) throw new Error(`${what} leaked internals: ${res.text.slice(0, 300)}`);
  if (res.status >= 400 && !/application\/problem\+json/.test(res.headers['content-type'] ?? '')) {
    throw new Error(`${what} → ${res.status} without a problem+json body (${res.headers['content-type']})`);
  }
}

describeEachDatabase(
  'fuzzing every write endpoint',
  (t) => {
    let member: SignedInMember;
    let operations: Operation[];
    let existingId: number;

    beforeAll(async () => {
      // A member with a network, a request and a suggestion, so ids in paths can be real ones.
      member = await signIn(t, ['Fay', 'Fuzz']);
      const friend = await signIn(t, ['Fred', 'Friend']);
      const vouch = await member.agent
        .post('/api/vouches')
        .send({ type: 'recommendation', recipientName: friend.name, recipientPhone: friend.phone, reason: 'Colleague', skills: 'Go, SQL', characterTraits: 'Kind', accomplishments: null })
        .expect(201);
      await friend.agent.put('/api/vouches/respond').send({ vouchToken: vouch.body.vouchToken, action: 'accept' }).expect(200);
      const request = await friend.agent.post('/api/introduction-requests').send({ requestType: 'Hiring', desiredSkills: 'Go', reason: 'Backend', degreeLevel: 1 }).expect(201);
      existingId = request.body.id as number;
      await reputationIdle(t.db);
      operations = await writeOperations(t);
    });

    afterAll(() => {
      // Nothing any body did may have reached Object.prototype.
      expect(({} as Record<string, unknown>).polluted).toBeUndefined();
    });

    it('the OpenAPI document lists the write endpoints being fuzzed', () => {
      const listed = operations.map((op) => `${op.method.toUpperCase()} ${op.path}`);
      expect(listed).toEqual(expect.arrayContaining(['POST /api/auth/request-otp', 'POST /api/vouches', 'PUT /api/vouches/respond', 'PATCH /api/profile', 'POST /api/introduction-requests', 'POST /api/introduction-suggestions']));
    });

    it('the database snapshot sees an accepted write (so an unchanged one means nothing was written)', async () => {
      const before = await snapshot(t);
      await member.agent.patch('/api/profile').send({ headline: 'Fuzzing since 2026' }).expect(200);
      expect(await snapshot(t)).not.toBe(before);
    });

    /** Sends one fuzzed request as the member (or anonymously) and checks the answer and the database. */
    async function probe(agent: Agent, method: Method, url: string, send: (req: ReturnType<Agent['post']>) => ReturnType<Agent['post']>, what: string, sent = '') {
      const before = await snapshot(t);
      const res = await send(agent[method](url));
      expectSafe(res, what, `${url} ${sent}`);
      if (res.status >= 400) {
        const after = await snapshot(t);
        if (after !== before) throw new Error(`${what} → ${res.status} but the database changed`);
      }
      return res;
    }

    const fill = (path: string, param: string) => path.replace(/\{[^}]+\}/g, param);
    // Signing out or deleting the account would end the fuzzing member's session: those get a
    // member of their own per run.
    const endsSession = (op: Operation) => /logout|account/.test(op.path);
    const agentFor = async (op: Operation) => (endsSession(op) ? (await signIn(t, ['Sol', 'Session'])).agent : member.agent);

    it('bodies shaped like each endpoint\'s own, with hostile values, are answered 4xx/2xx and refused ones write nothing', async () => {
      for (const op of operations) {
        await fc.assert(
          fc.asyncProperty(shapedBody(op.fields), pathParam(existingId), async (body, param) => {
            const url = fill(op.path, param);
            await probe(await agentFor(op), op.method, url, (req) => req.send(body as object), `${op.method.toUpperCase()} ${url} ${JSON.stringify(body).slice(0, 200)}`, JSON.stringify(body));
          }),
          { numRuns: RUNS },
        );
      }
    });

    it('raw payloads (not JSON, prototype pollution, 100,000-deep nesting, wrong content types) are refused cleanly', async () => {
      for (const op of operations) {
        await fc.assert(
          fc.asyncProperty(rawPayload, async (payload) => {
            const { type } = payload;
            const body = 'body' in payload ? payload.body : nested(payload.nest, payload.depth);
            await probe(await agentFor(op), op.method, fill(op.path, String(existingId)), (req) => req.set('Content-Type', type).send(body), `${op.method.toUpperCase()} ${op.path} ${type} ${body.slice(0, 80)}`, body);
          }),
          { numRuns: RUNS },
        );
      }
      expect(({} as Record<string, unknown>).polluted).toBeUndefined();
    });

    it('a body over 1 MB gets 413 on every write endpoint, signed in or not', async () => {
      const huge = { reason: 'x'.repeat(1_100_000) };
      for (const op of operations) {
        for (const agent of [member.agent, t.agent()]) {
          const res = await probe(agent, op.method, fill(op.path, String(existingId)), (req) => req.send(huge), `${op.method.toUpperCase()} ${op.path} (1.1 MB)`);
          expect(res.status).toBe(413);
        }
      }
    });

    it('anonymous callers get 4xx from every write endpoint, whatever they send', async () => {
      for (const op of operations) {
        await fc.assert(
          fc.asyncProperty(shapedBody(op.fields), async (body) => {
            await probe(t.agent(), op.method, fill(op.path, String(existingId)), (req) => req.send(body as object), `anonymous ${op.method.toUpperCase()} ${op.path}`, JSON.stringify(body));
          }),
          { numRuns: Math.ceil(RUNS / 2) },
        );
      }
    });

    it('query strings of the read endpoints (degrees, ids, arrays, prototype keys) never get a 5xx', async () => {
      const reads = ['/api/network/analysis', '/api/introduction-suggestions', '/api/activities', '/api/vouches/my', '/api/introduction-requests/for-suggestions'];
      const query = fc.dictionary(fc.constantFrom('degree', 'requestId', 'limit', 'page', '__proto__', 'constructor[prototype][polluted]', 'degree[]'), fc.oneof(fc.string(), fc.integer().map(String), fc.constantFrom('1', '3', '4', '-1', '1e9', '%', '')), { maxKeys: 3 });
      for (const path of reads) {
        await fc.assert(
          fc.asyncProperty(query, async (params) => {
            const qs = Object.entries(params).map(([k, v]) => `${encodeURIComponent(k)}=${v === '%' ? '%' : encodeURIComponent(v)}`).join('&');
            const res = await member.agent.get(`${path}?${qs}`);
            expectSafe(res, `GET ${path}?${qs}`, Object.entries(params).flat().join(' '));
          }),
          { numRuns: RUNS },
        );
      }
      expect(({} as Record<string, unknown>).polluted).toBeUndefined();
    });
  },
  { env: GENEROUS_AUTH_LIMITS },
);
