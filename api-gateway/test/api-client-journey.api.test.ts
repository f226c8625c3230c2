// A whole member journey through @vouch/api-client, as a mobile app makes it (issue 18): bearer
// tokens, the versioned base URL, paging by Link, and every answer (successes and problems)
// validated against the API document with ajv. Runs a real server on a port of this suite.
import type { Server } from 'node:http';
import Ajv2020, { type ValidateFunction } from 'ajv/dist/2020';
import addFormats from 'ajv-formats';
import { createVouchClient, nextCursor, type Schemas } from '@vouch/api-client';
import { allServices } from '../src';
import { buildOpenApiDocument } from '../src/openapi';
import { describeEachDatabase, GENEROUS_AUTH_LIMITS, newPhone } from './support';

type Doc = { paths: Record<string, Record<string, { responses: Record<string, { content?: Record<string, { schema: object }> }> }>>; components: object };
const doc = buildOpenApiDocument(allServices) as unknown as Doc;
const ajv = addFormats(new Ajv2020({ strict: false, allErrors: true }));
const validators = new Map<string, ValidateFunction>();

/** Checks one answer against the document: a documented status, and a body of its schema. */
async function mismatchOf(schemaPath: string, method: string, response: Response): Promise<string | null> {
  const where = `${method} ${schemaPath} ${response.status}`;
  const documented = doc.paths[schemaPath]?.[method.toLowerCase()]?.responses[String(response.status)];
  if (!documented) return `${where}: status not in the document`;
  const type = (response.headers.get('Content-Type') ?? '').split(';')[0]!;
  const media = documented.content?.[type];
  if (!documented.content) return (await response.clone().text()) === '' ? null : `${where}: body not documented`;
  if (!media) return `${where}: content type ${type} not documented`;
  let validate = validators.get(where);
  if (!validate) {
    validate = ajv.compile({ ...media.schema, components: doc.components });
    validators.set(where, validate);
  }
  return validate(await response.clone().json()) ? null : `${where}: ${ajv.errorsText(validate.errors)}`;
}

describeEachDatabase(
  'a member journey through @vouch/api-client',
  (t) => {
    let server: Server;
    let baseUrl: string;
    const calls: string[] = [];
    const mismatches: string[] = [];

    beforeAll(async () => {
      const port = t.dialect === 'sqlite' ? 4410 : 4411;
      server = await new Promise<Server>((resolve) => {
        const s = t.app.listen(port, '127.0.0.1', () => resolve(s));
      });
      baseUrl = `http://127.0.0.1:${port}/api/v1`;
    });
    afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

    /** A client of one app install: its own token, every answer checked against the document. */
    function app() {
      let token: string | null = null;
      const client = createVouchClient({ baseUrl, token: () => token });
      client.use({
        async onResponse({ schemaPath, request, response }) {
          calls.push(`${request.method} ${schemaPath}`);
          const mismatch = await mismatchOf(schemaPath, request.method, response);
          if (mismatch) mismatches.push(mismatch);
          return response;
        },
      });
      async function signIn(firstName: string, lastName: string) {
        const phone = newPhone();
        const sent = await client.POST('/auth/request-otp', { body: { phone } });
        expect(sent.response.status).toBe(200);
        const outbox = await client.GET('/dev/sms-outbox', { params: { query: {} } });
        const otp = outbox.data!.messages.find((m) => m.to === phone && m.code !== null)!.code!;
        const verified = await client.POST('/auth/verify-otp', { body: { phone, otp, attemptId: sent.data!.attemptId, session: 'token' } });
        token = verified.data!.token!;
        // The app keeps its device token: its next request-otp for this phone spends the device's own allowance.
        expect(verified.data!.deviceToken).toEqual(expect.any(String));
        expect(verified.data!.expiresAt).toBeDefined();
        // The app was killed here: on restart it learns the names step is due.
        expect((await client.GET('/auth/session')).data!.registrationComplete).toBe(false);
        expect((await client.GET('/vouches/my')).error?.code).toBe('REGISTRATION_INCOMPLETE');
        expect((await client.POST('/auth/complete-registration', { body: { firstName, lastName } })).response.status).toBe(201);
        const me = (await client.GET('/user/profile')).data!.user;
        return { phone, me };
      }
      return { client, signIn, signOut: () => (token = null) };
    }

    it('signs in, vouches, answers, pages, asks for an introduction, changes plan and signs out, all as documented', async () => {
      const victor = app();
      const rita = app();
      const v = await victor.signIn('Victor', 'Voucher');
      const r = await rita.signIn('Rita', 'Recipient');

      // Vouches: one to Rita, three invites; Rita accepts hers.
      const created = await victor.client.POST('/vouches', { body: { type: 'recommendation', recipientName: 'Rita Recipient', recipientPhone: r.phone, reason: 'Shipped it.', skills: 'Go', characterTraits: null, accomplishments: null } });
      const vouch: Schemas['Vouch'] = created.data!;
      for (let i = 0; i < 3; i += 1) await victor.client.POST('/vouches', { body: { type: 'invite', recipientName: `Friend ${i}`, recipientPhone: newPhone() } });
      expect((await rita.client.GET('/vouches/pending-for-me')).data!.map((x) => x.id)).toEqual([vouch.id]);
      expect((await victor.client.POST('/vouches/accept', { body: { vouchToken: vouch.vouchToken, action: 'accept' } })).error?.code).toBe('OWN_VOUCH'); // his own vouch
      expect((await rita.client.POST('/vouches/accept', { body: { vouchToken: vouch.vouchToken, action: 'accept' } })).data!.vouch.status).toBe('accepted');
      expect((await rita.client.PUT('/vouches/respond', { body: { vouchToken: vouch.vouchToken, action: 'reject' } })).error?.code).toBe('ALREADY_RESPONDED');
      expect((await rita.client.GET('/vouches/received')).data).toHaveLength(1);
      await victor.client.GET('/vouches/public/{vouchToken}', { params: { path: { vouchToken: vouch.vouchToken } } });

      // Paging by cursor: four vouches, two at a time.
      const seen: number[] = [];
      let cursor: string | null | undefined;
      do {
        const page = await victor.client.GET('/vouches/my', { params: { query: { limit: 2, ...(cursor ? { cursor } : {}) } } });
        seen.push(...page.data!.map((x) => x.id));
        cursor = nextCursor(page.response);
      } while (cursor);
      expect(seen).toHaveLength(4);
      expect(new Set(seen).size).toBe(4);
      await victor.client.GET('/activities', { params: { query: { limit: 3 } } });

      // Profile and network.
      const summary = (await rita.client.GET('/profile/my-summary')).data!;
      await rita.client.PATCH('/profile', { body: { customBio: 'Builds things.' } });
      await victor.client.GET('/profile/public/{slug}', { params: { path: { slug: summary.profile.profileSlug } } });
      expect((await rita.client.GET('/network')).data!.directConnections.map((c) => c.name)).toEqual(['Victor Voucher']);
      await rita.client.GET('/network/stats');
      await rita.client.GET('/network/analysis', { params: { query: { degree: '1' } } });
      await rita.client.GET('/onboarding/network-map');

      // Introductions: Rita asks; Victor sees it and his matches; free plans cannot self-suggest.
      const request = (await rita.client.POST('/introduction-requests', { body: { requestType: 'Mentor', desiredSkills: 'Go', reason: 'Learning', context: null, degreeLevel: 1 } })).data!;
      expect((await rita.client.POST('/introduction-requests', { body: { requestType: 'Mentor', desiredSkills: 'Go', reason: 'x', degreeLevel: 3 } })).error?.code).toBe('PLAN_TIER');
      expect((await victor.client.GET('/introduction-requests/for-suggestions')).data!.map((x) => x.id)).toEqual([request.id]);
      await victor.client.GET('/introduction-requests/{id}/my-matches', { params: { path: { id: request.id } } });
      expect((await victor.client.POST('/introduction-suggestions', { body: { requestId: request.id, isSelfSuggestion: true, reasoning: 'Me.' } })).error?.code).toBe('PLAN_TIER');
      await rita.client.GET('/introduction-suggestions', { params: { query: { requestId: request.id } } });
      await rita.client.GET('/introduction-requests/{id}/connector-insights', { params: { path: { id: request.id } } });
      await rita.client.GET('/introduction-requests/my');
      expect((await rita.client.POST('/introduction-requests/{id}/cancel', { params: { path: { id: request.id } } })).data!.status).toBe('cancelled');

      // Plans (local billing).
      expect((await victor.client.GET('/subscriptions/plans')).data!.plans.map((p) => p.name)).toEqual(['free', 'premium', 'enterprise']);
      expect((await victor.client.POST('/subscriptions/create', { body: { plan: 'premium' } })).data!.status).toBe('active');
      expect((await victor.client.GET('/subscriptions/status')).data!.plan.name).toBe('premium');
      await victor.client.GET('/usage/current');
      await victor.client.POST('/subscriptions/cancel');

      // Revoke, export, sign out: the token then says it was revoked.
      const invite = (await victor.client.GET('/vouches/my', { params: { query: { limit: 1 } } })).data![0]!;
      expect((await victor.client.POST('/vouches/{id}/revoke', { params: { path: { id: invite.id } } })).data!.status).toBe('revoked');
      expect((await victor.client.GET('/account/export')).data!.member.id).toBe(v.me.id);
      expect((await victor.client.POST('/auth/logout', { body: {} })).data).toEqual({ success: true });
      expect((await victor.client.GET('/user/profile')).error?.code).toBe('SESSION_REVOKED');
      victor.signOut();
      expect((await victor.client.POST('/auth/logout', { body: {} })).error?.code).toBe('SESSION_MISSING');
      expect((await rita.client.DELETE('/account')).response.status).toBe(204);

      expect(mismatches).toEqual([]);
      // The check itself can fail: an id that is not an integer, a status the document does not list.
      const json = (body: string, status = 200) => new Response(body, { status, headers: { 'Content-Type': 'application/json' } });
      expect(await mismatchOf('/vouches/my', 'GET', json('[{"id":"7"}]'))).toMatch(/must be integer/);
      expect(await mismatchOf('/vouches/my', 'GET', json('[]', 418))).toMatch(/status not in the document/);
      expect(calls.length).toBeGreaterThan(50);
      expect(new Set(calls).size).toBeGreaterThan(35);
    });
  },
  { env: { ...GENEROUS_AUTH_LIMITS, SESSION_CACHE_SECONDS: '0' } },
);
