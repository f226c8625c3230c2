// The document as a client's validator reads it (issue 29 item 6): ajv (JSON Schema 2020-12, the
// dialect of OpenAPI 3.1) compiles every pattern, every documented example validates against its
// schema, and ajv accepts exactly the names the server accepts. Plus the shape promises a code
// generator relies on: one named Introduction, date-time instants, no untyped part, closed sets as
// enums, one type per id, 304/500 declared, servers at /api/v1.
import Ajv2020 from 'ajv/dist/2020';
import addFormats from 'ajv-formats';
import { ACTIVITY_TYPES, updateProfileBody } from '@vouch/contracts';
import { allServices } from '../src';
import { buildOpenApiDocument } from '../src/openapi';

type Schema = Record<string, unknown>;
type Media = { schema: Schema; example?: unknown };
type Operation = { operationId: string; requestBody?: { content: Record<string, Media> }; responses: Record<string, { headers?: Record<string, unknown>; content?: Record<string, Media> }> };
const doc = buildOpenApiDocument(allServices) as unknown as { servers: { url: string }[]; paths: Record<string, Record<string, Operation>>; components: { schemas: Record<string, Schema> } };
const operations = Object.entries(doc.paths).flatMap(([path, methods]) => Object.entries(methods).map(([method, op]) => ({ path, method, name: `${method.toUpperCase()} ${path}`, op })));
const ajv = addFormats(new Ajv2020({ strict: false, allErrors: true }));
/** A schema of the document, compiled with the document's components so its $refs resolve. */
const compile = (schema: unknown) => ajv.compile({ ...(schema as Schema), components: doc.components });

/** Every value under `node` with its JSON pointer, depth first. */
function* walk(node: unknown, pointer = ''): Generator<[string, unknown]> {
  yield [pointer, node];
  if (node && typeof node === 'object') for (const [key, value] of Object.entries(node)) yield* walk(value, `${pointer}/${key}`);
}
const schemaObjects = () => [...walk(doc)].filter((entry): entry is [string, Schema] => !!entry[1] && typeof entry[1] === 'object' && !Array.isArray(entry[1]));

describe('the OpenAPI document, read by ajv', () => {
  it('has only patterns ajv compiles, with no regex flags left in them', () => {
    const patterns = schemaObjects().filter(([, s]) => typeof s.pattern === 'string' && (s.type === 'string' || Array.isArray(s.type)));
    expect(patterns.length).toBeGreaterThanOrEqual(4);
    const broken = patterns.flatMap(([at, s]) => {
      const pattern = s.pattern as string;
      if (/\/[a-z]+$/.test(pattern)) return [`${at}: ${pattern} ends in regex flags`];
      try {
        ajv.compile({ type: 'string', pattern });
        return [];
      } catch (error) {
        return [`${at}: ${(error as Error).message}`];
      }
    });
    expect(broken).toEqual([]);
  });

  it('accepts exactly the profile edits the server accepts (PATCH /profile names and headline)', () => {
    const validate = compile(doc.paths['/profile']!.patch!.requestBody!.content['application/json']!.schema);
    const edits = [
      { firstName: 'José', lastName: 'Núñez-García' },
      { firstName: "O'Brien", lastName: 'Zoë' },
      { firstName: '李', lastName: 'Ng' },
      { headline: 'Staff engineer at Acme' },
      { firstName: '<b>' },
      { firstName: '1234' },
      { lastName: 'Ada\u0007' },
      { headline: 'Line\u0000break' },
    ];
    const verdicts = edits.map((edit) => [edit, validate(edit), updateProfileBody.safeParse(edit).success]);
    expect(verdicts.map(([edit, byAjv]) => [edit, byAjv])).toEqual(verdicts.map(([edit, , byServer]) => [edit, byServer]));
    expect(verdicts.filter(([, byAjv]) => byAjv)).toHaveLength(4);
  });

  it('documents an example for every request body, and every example fits its schema', () => {
    const withoutExample = operations.filter(({ op }) => op.requestBody && Object.values(op.requestBody.content).some((m) => m.example === undefined)).map((o) => o.name);
    expect(withoutExample).toEqual([]);
    const wrong: string[] = [];
    let checked = 0;
    for (const { name, op } of operations) {
      const media = [...Object.entries(op.requestBody?.content ?? {}).map(([type, m]) => [`request ${type}`, m] as const), ...Object.entries(op.responses).flatMap(([status, r]) => Object.entries(r.content ?? {}).map(([type, m]) => [`${status} ${type}`, m] as const))];
      for (const [where, m] of media) {
        if (m.example === undefined) continue;
        checked += 1;
        const validate = compile(m.schema);
        if (!validate(m.example)) wrong.push(`${name} ${where}: ${ajv.errorsText(validate.errors)}`);
      }
    }
    // Examples inside schemas (e.g. requestType's suggestions) fit the schema they sit in.
    for (const [at, schema] of schemaObjects()) {
      if (!Array.isArray(schema.examples) || at.endsWith('/properties')) continue;
      const { examples, ...rest } = schema;
      const validate = compile(rest);
      for (const example of examples as unknown[]) {
        checked += 1;
        if (!validate(example)) wrong.push(`${at}: ${JSON.stringify(example)} ${ajv.errorsText(validate.errors)}`);
      }
    }
    expect(wrong).toEqual([]);
    expect(checked).toBeGreaterThanOrEqual(15);
  });
});

describe('the OpenAPI document, read by a code generator', () => {
  it('is served at /api/v1 (and /api), with paths relative to it', () => {
    expect(doc.servers.map((s) => s.url)).toEqual(['/api/v1', '/api']);
    expect(Object.keys(doc.paths).filter((p) => p.startsWith('/api/'))).toEqual([]);
    expect(doc.paths['/vouches/my']?.get?.operationId).toBe('listMyVouches');
  });

  it('declares 500 on every operation and 304 with the ETag on every JSON read', () => {
    expect(operations.filter(({ op }) => !op.responses['500']).map((o) => o.name)).toEqual([]);
    const reads = operations.filter(({ method, op }) => method === 'get' && op.responses['200']?.content?.['application/json']);
    expect(reads.length).toBeGreaterThan(20);
    expect(reads.filter(({ op }) => !op.responses['304'] || !op.responses['200']!.headers?.ETag).map((o) => o.name)).toEqual([]);
  });

  it('types every instant as date-time and leaves no part untyped', () => {
    const instants = schemaObjects().filter(([at]) => /\/properties\/\w+At$/.test(at));
    expect(instants.length).toBeGreaterThan(30);
    const loose = instants.filter(([, s]) => !s.$ref && s.format !== 'date-time' && !JSON.stringify(s.anyOf ?? s.oneOf ?? '').includes('date-time')).map(([at]) => at);
    expect(loose).toEqual([]);
    // An empty schema (anything goes) where a shape belongs: a property, an item, extra properties.
    const untyped = schemaObjects().filter(([at, s]) => /\/(properties\/[^/]+|items|additionalProperties)$/.test(at) && !/\/properties\/properties\//.test(at) && Object.keys(s).length === 0);
    expect(untyped.map(([at]) => at)).toEqual([]);
  });

  it('names the Introduction once and refers to it, instead of inlining it', () => {
    const inline = schemaObjects().filter(([at, s]) => !at.startsWith('/components/') && (s.properties as Schema | undefined)?.requester && (s.properties as Schema).connector);
    expect(inline.map(([at]) => at)).toEqual([]);
    // The introductions list, one introduction by id, and the answers to accept and decline.
    expect(JSON.stringify(doc.paths).match(/#\/components\/schemas\/Introduction"/g)).toHaveLength(4);
  });

  it('gives closed sets as enums: activity types, the plan to buy; request types stay free text with examples', () => {
    expect(doc.components.schemas.ActivityType).toMatchObject({ type: 'string', enum: expect.arrayContaining([...ACTIVITY_TYPES, 'vouch_revoked']) });
    const subscribe = doc.paths['/subscriptions/create']!.post!.requestBody!.content['application/json']!.schema as { properties: { plan: Schema } };
    expect(subscribe.properties.plan).toMatchObject({ type: 'string', enum: ['premium', 'enterprise'] });
    const request = doc.components.schemas.IntroductionRequest as { properties: { requestType: Schema } };
    expect(request.properties.requestType).toMatchObject({ type: 'string', examples: expect.arrayContaining(['Mentorship']) });
  });

  it("gives a connection's id one type: text, with its kind and the member id beside it", () => {
    const connection = doc.components.schemas.DirectConnection as { properties: Record<string, Schema>; required: string[] };
    expect(connection.properties.id).toMatchObject({ type: 'string' });
    expect(connection.properties.kind).toMatchObject({ enum: ['member', 'invite'] });
    expect(connection.properties.memberId).toMatchObject({ type: ['integer', 'null'] });
    expect(connection.required).toEqual(expect.arrayContaining(['id', 'kind', 'memberId']));
  });

  it('has no two paths a request could match for the same method (why no-ambiguous-paths is off)', () => {
    const param = (segment: string) => segment.startsWith('{');
    // An integer parameter ({id} of GET /vouches/{id}) cannot take a word: /vouches/my is another path.
    const integerParam = (path: string, segment: string) =>
      Object.values(doc.paths[path]!).some((op) => (op as { parameters?: Array<{ name: string; in: string; schema?: Schema }> }).parameters?.some((p) => p.in === 'path' && `{${p.name}}` === segment && p.schema?.type === 'integer'));
    const takes = (path: string, segment: string, other: string) => param(segment) && (!integerParam(path, segment) || param(other) || /^\d+$/.test(other));
    // Redocly's test: as many segments, and at each one the same literal or a parameter on either side that could take it.
    const overlap = (a: string, b: string) => {
      const [x, y] = [a.split('/'), b.split('/')];
      return x.length === y.length && x.every((segment, i) => segment === y[i] || takes(a, segment, y[i]!) || takes(b, y[i]!, segment));
    };
    const paths = Object.keys(doc.paths);
    const ambiguous = paths.flatMap((a, i) => paths.slice(i + 1).filter((b) => overlap(a, b)).map((b) => [a, b] as const));
    expect(ambiguous.length).toBeGreaterThan(0); // what Redocly warns about
    const clashes = ambiguous.flatMap(([a, b]) => Object.keys(doc.paths[a]!).filter((method) => method in doc.paths[b]!).map((method) => `${method.toUpperCase()} ${a} ~ ${b}`));
    expect(clashes).toEqual([]);
  });
});
