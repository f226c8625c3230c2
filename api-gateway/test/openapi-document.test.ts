// The document as a mobile team's generator reads it: Redocly's recommended rules with 0
// errors and 0 warnings, what openapi-typescript needs to name things (operationIds,
// components), and what ajv needs to validate with it (patterns, examples, formats).
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { allServices } from '../src';
import { buildOpenApiDocument } from '../src/openapi';

type Operation = { operationId?: string; security?: unknown[]; requestBody?: unknown; responses: Record<string, { headers?: Record<string, unknown>; content?: Record<string, { schema: unknown }> }> };
const doc = buildOpenApiDocument(allServices) as unknown as { paths: Record<string, Record<string, Operation>>; components: { schemas: Record<string, unknown> } };
const operations = Object.entries(doc.paths).flatMap(([p, methods]) => Object.entries(methods).map(([method, op]) => ({ name: `${method.toUpperCase()} ${p}`, op })));

describe('the OpenAPI document', () => {
  it('passes `redocly lint` (recommended rules) with no error and no warning', () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'vouch-openapi-'));
    const file = path.join(dir, 'openapi.json');
    fs.writeFileSync(file, JSON.stringify(doc));
    const cli = require.resolve('@redocly/cli/bin/cli.js');
    let output: string;
    try {
      output = execFileSync(process.execPath, [cli, 'lint', file, '--format=json', '--config', path.join(__dirname, '..', 'redocly.yaml')], {
        env: { ...process.env, REDOCLY_TELEMETRY: 'off', REDOCLY_SUPPRESS_UPDATE_NOTICE: 'true' },
        encoding: 'utf8',
        stdio: ['ignore', 'pipe', 'ignore'],
      });
    } catch (error) {
      // Exit code 1 when there are errors; the report is still on stdout.
      output = (error as { stdout: string }).stdout;
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
    const report = JSON.parse(output) as { totals: { errors: number; warnings: number }; problems: { severity: string; message: string; location: { pointer: string }[] }[] };
    expect(report.problems.map((p) => `${p.severity} ${p.location[0]?.pointer}: ${p.message}`)).toEqual([]);
    expect(report.totals).toMatchObject({ errors: 0, warnings: 0 });
  });

  it('names every operation with a unique operationId, in the spec’s words', () => {
    const ids = operations.map(({ op }) => op.operationId);
    expect(ids.filter((id) => !id)).toEqual([]);
    expect(new Set(ids).size).toBe(ids.length);
    expect(ids).toEqual(expect.arrayContaining(['createVouch', 'acceptVouch', 'listMyVouches', 'verifyOtp', 'createIntroductionRequest', 'createSuggestion']));
  });

  it('declares security on every operation: none on public ones, cookie or bearer on the rest', () => {
    expect(operations.filter(({ op }) => !Array.isArray(op.security)).map((o) => o.name)).toEqual([]);
    expect(doc.paths['/vouches/public/{vouchToken}']!.get!.security).toEqual([]);
    expect(doc.paths['/vouches']!.post!.security).toEqual([{ sessionCookie: [] }, { bearerAuth: [] }]);
  });

  it('has a named schema for every entity of SPEC §3 and for Problem, referenced instead of inlined', () => {
    const entities = ['UserProfile', 'Vouch', 'Activity', 'PublicProfile', 'Network', 'NetworkStats', 'OnboardingNetworkMap', 'IntroductionRequest', 'IntroductionSuggestion', 'Match', 'ConnectorInsight', 'NetworkAnalysis', 'SubscriptionStatus', 'Usage', 'Problem'];
    expect(Object.keys(doc.components.schemas)).toEqual(expect.arrayContaining(entities));
    const text = JSON.stringify(doc.paths);
    expect(text).not.toContain('"detail":{');
    expect(doc.paths['/vouches/my']!.get!.responses['200']!.content!['application/json']!.schema).toEqual({ type: 'array', items: { $ref: '#/components/schemas/Vouch' } });
  });

  it('types instants as date-time, ids as integers and closed sets as enums', () => {
    const vouch = doc.components.schemas.Vouch as { properties: Record<string, { type: unknown; format?: string }> };
    expect(vouch.properties.createdAt).toMatchObject({ type: 'string', format: 'date-time' });
    expect(vouch.properties.id).toMatchObject({ type: 'integer' });
    const revoke = doc.paths['/vouches/{id}/revoke']!.post! as unknown as { parameters: { name: string; schema: unknown }[] };
    expect(revoke.parameters.find((p) => p.name === 'id')!.schema).toMatchObject({ type: 'integer' });
    expect(doc.components.schemas.PlanName).toMatchObject({ enum: ['free', 'premium', 'enterprise'] });
    expect(doc.components.schemas.SubscriptionStatusValue).toMatchObject({ enum: expect.arrayContaining(['active', 'past_due']) });
  });

  it('declares 401 with WWW-Authenticate on signed-in operations, 413/415 where a body is read, 429 with Retry-After', () => {
    const missing: string[] = [];
    for (const { name, op } of operations) {
      if (op.security?.length && !op.security.some((r) => Object.keys(r as object).length === 0) && !op.responses['401']?.headers?.['WWW-Authenticate']) missing.push(`${name} 401`);
      if (op.requestBody && (!op.responses['413'] || !op.responses['415'])) missing.push(`${name} 413/415`);
    }
    expect(missing).toEqual([]);
    expect(doc.paths['/auth/request-otp']!.post!.responses['429']!.headers).toHaveProperty('Retry-After');
  });

  it('declares 403 FOREIGN_ORIGIN on every write a cookie may sign, where the gateway refuses other sites', () => {
    const writes = operations.filter(({ name, op }) => !name.startsWith('GET ') && op.security?.some((r) => 'sessionCookie' in (r as object)));
    expect(writes.length).toBeGreaterThan(15);
    const undeclared = writes.filter(({ op }) => !JSON.stringify(op.responses['403'] ?? '').includes('FOREIGN_ORIGIN')).map((w) => w.name);
    expect(undeclared).toEqual([]);
    expect(JSON.stringify(doc.paths['/vouches/public/{vouchToken}']!.get!.responses)).not.toContain('FOREIGN_ORIGIN');
  });

  it('is the document committed in packages/api-client, which the API client generates its types from', () => {
    // Stale after a schema change: `npm run -s api-document -w @vouch/api-gateway > packages/api-client/openapi.json`,
    // then `npm run build -w @vouch/api-client`.
    const committed = JSON.parse(fs.readFileSync(path.join(__dirname, '..', '..', 'packages', 'api-client', 'openapi.json'), 'utf8')) as unknown;
    expect(committed).toEqual(JSON.parse(JSON.stringify(doc)));
  });
});
