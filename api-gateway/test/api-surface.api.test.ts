// What a mobile team builds on besides the routes (issue 18): /api/v1 beside /api with a
// deprecation signal, CORS for listed origins only (bearer-only), and revalidating caches.
import supertest from 'supertest';
import { describeEachDatabase, GENEROUS_AUTH_LIMITS, newPhone, signIn, signInWithToken } from './support';

const APP = 'https://app.example';

describeEachDatabase(
  'API versions, CORS and caching',
  (t) => {
    let token: string;
    const bearer = () => ({ Authorization: `Bearer ${token}` });

    beforeAll(async () => {
      ({ token } = await signInWithToken(t, ['Mia', 'Mobile']));
      for (let i = 0; i < 3; i += 1) {
        await t.request.post('/api/vouches').set(bearer()).send({ type: 'invite', recipientName: 'New One', recipientPhone: newPhone() }).expect(201);
      }
    });

    describe('/api/v1', () => {
      it('answers exactly as /api, and its Link headers stay under /api/v1', async () => {
        const plain = await t.request.get('/api/vouches/my').set(bearer()).expect(200);
        const v1 = await t.request.get('/api/v1/vouches/my').set(bearer()).expect(200);
        expect(v1.body).toEqual(plain.body);
        const paged = await t.request.get('/api/v1/vouches/my?limit=2').set(bearer()).expect(200);
        expect(paged.headers.link).toMatch(/^<\/api\/v1\/vouches\/my\?limit=2&cursor=[\w-]+>; rel="next"$/);
        const next = await t.request.get(/^<([^>]+)>/.exec(paged.headers.link as string)![1]!).set(bearer()).expect(200);
        expect(next.body).toHaveLength(1);
        expect((await t.request.get('/api/v1/health').expect(200)).body).toMatchObject({ status: 'ok', database: 'ok' });
        expect(v1.headers.deprecation).toBeUndefined();
      });

      it('an unknown version or path is a 404 problem; a wrong method a 405 with Allow', async () => {
        expect((await t.request.get('/api/v2/vouches/my').set(bearer()).expect(404)).body.code).toBe('NOT_FOUND');
        await t.request.get('/api/v1/no-such-thing').expect(404);
        const res = await t.request.delete('/api/v1/vouches/my').set(bearer()).expect(405);
        expect(res.headers.allow).toBe('GET, HEAD');
      });

      it('a deprecated version says so on every answer (Deprecation, Sunset); the web alias does not', async () => {
        const app = supertest(t.createApp({ env: { ...GENEROUS_AUTH_LIMITS, API_DEPRECATIONS: 'v1=2026-01-01/2027-01-01' } }));
        const old = await app.get('/api/v1/vouches/my').set(bearer()).expect(200);
        expect(old.headers.deprecation).toBe(`@${Date.UTC(2026, 0, 1) / 1000}`);
        expect(old.headers.sunset).toBe('Fri, 01 Jan 2027 00:00:00 GMT');
        expect((await app.get('/api/vouches/my').set(bearer()).expect(200)).headers.deprecation).toBeUndefined();
        expect(() => t.createApp({ env: { API_DEPRECATIONS: 'v1=2027-01-01' } })).toThrow(/API_DEPRECATIONS/);
      });
    });

    describe('CORS', () => {
      it('is off by default: a preflight from another origin gets no Access-Control headers', async () => {
        const res = await t.request.options('/api/vouches/my').set('Origin', APP).set('Access-Control-Request-Method', 'GET');
        expect(res.headers['access-control-allow-origin']).toBeUndefined();
      });

      it('answers listed origins only, bearer-only: no credentials, and a cookie from there is ignored', async () => {
        const app = supertest(t.createApp({ env: { ...GENEROUS_AUTH_LIMITS, CORS_ORIGINS: `${APP}, capacitor://localhost` } }));
        const preflight = await app.options('/api/v1/vouches').set('Origin', APP).set('Access-Control-Request-Method', 'POST').set('Access-Control-Request-Headers', 'authorization,content-type').expect(204);
        expect(preflight.headers['access-control-allow-origin']).toBe(APP);
        expect(preflight.headers['access-control-allow-headers']).toMatch(/Authorization/);
        expect(preflight.headers['access-control-allow-credentials']).toBeUndefined();
        const read = await app.get('/api/vouches/my').set('Origin', 'capacitor://localhost').set(bearer()).expect(200);
        expect(read.headers['access-control-allow-origin']).toBe('capacitor://localhost');
        expect(read.headers['access-control-expose-headers']).toMatch(/Link/);
        const other = await app.options('/api/vouches/my').set('Origin', 'https://evil.example').set('Access-Control-Request-Method', 'GET');
        expect(other.headers['access-control-allow-origin']).toBeUndefined();

        const browser = await signIn(t, ['Web', 'Member']);
        const cookie = (await browser.agent.get('/api/user/profile').expect(200)).request.cookies as unknown as string;
        expect(cookie).toMatch(/vouch_session=/);
        const fromApp = await app.get('/api/user/profile').set('Origin', APP).set('Cookie', cookie).expect(401);
        expect(fromApp.body.code).toBe('SESSION_MISSING');
        await app.get('/api/user/profile').set('Cookie', cookie).expect(200);
        expect(() => t.createApp({ env: { CORS_ORIGINS: 'not an origin' } })).toThrow(/CORS_ORIGINS/);
      });
    });

    it('per-member reads are private, no-cache with an ETag, so a client revalidates with a 304', async () => {
      for (const path of ['/api/usage/current', '/api/network', '/api/introduction-requests/my', '/api/activities']) {
        const res = await t.request.get(path).set(bearer()).expect(200);
        expect([path, res.headers['cache-control']]).toEqual([path, 'private, no-cache']);
        expect(res.headers.etag).toBeDefined();
        await t.request.get(path).set(bearer()).set('If-None-Match', res.headers.etag as string).expect(304);
      }
    });

    it('personal reads (my own phone, vouch tokens, phones shared in an introduction) are no-store: no copy stays on the device (issue 43)', async () => {
      const personal = ['/api/user/profile', '/api/vouches/my', '/api/vouches/my?updated_since=2020-01-01T00:00:00Z', '/api/vouches/pending-for-me', '/api/vouches/received', '/api/introductions', '/api/auth/session', '/api/auth/sessions'];
      for (const path of personal) {
        const res = await t.request.get(path).set(bearer()).expect(200);
        expect([path, res.headers['cache-control']]).toEqual([path, expect.stringMatching(/no-store/)]);
      }
    });
  },
  { env: GENEROUS_AUTH_LIMITS },
);
