import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import supertest from 'supertest';
import { allServices } from '../src';
import { describeEachDatabase } from './support';
import { COMPLETE_PRODUCTION_ENV } from './support/production-env';
import { echoService } from './support/echo-service';

const member = { sessionId: 'sess-1', phone: '+15551234567', memberId: 42 };
const resolveSession = async (_db: unknown, token: string) => (token === 'good-token' ? member : null);

describeEachDatabase(
  'gateway',
  (t) => {
    describe('GET /api/health', () => {
      it('reports the database as ok', async () => {
        const res = await t.request.get('/api/health');
        expect(res.status).toBe(200);
        expect(res.body).toMatchObject({ status: 'ok', database: 'ok', pool: { waiting: 0 } }); // the pool in full: database-load.api.test.ts
      });
    });

    describe('unknown paths and methods', () => {
      it('an unknown /api path is a 404 problem', async () => {
        const res = await t.request.get('/api/no-such-thing');
        expect(res.status).toBe(404);
        expect(res.headers['content-type']).toMatch(/^application\/problem\+json/);
        expect(JSON.parse(res.text)).toMatchObject({ status: 404, title: 'Not Found' });
      });

      it('a known path with the wrong method is a 405 with Allow', async () => {
        const res = await t.request.delete('/api/health');
        expect(res.status).toBe(405);
        expect(res.headers.allow).toBe('GET, HEAD');
        const echo = await t.request.get('/api/echo');
        expect(echo.status).toBe(405);
        expect(echo.headers.allow).toBe('POST');
      });
    });

    describe('bad request bodies', () => {
      it('malformed JSON is a 400 with a plain sentence', async () => {
        const res = await t.request.post('/api/echo').set('Content-Type', 'application/json').send('{"message": ');
        expect(res.status).toBe(400);
        expect(JSON.parse(res.text).detail).toBe('The request body is not valid JSON.');
      });

      it('a body that is not JSON is a 415', async () => {
        const res = await t.request.post('/api/echo').set('Content-Type', 'application/x-www-form-urlencoded').send('message=hi');
        expect(res.status).toBe(415);
        expect(res.headers['content-type']).toMatch(/problem\+json/);
      });

      it('a body over 1 MB is a 413 problem', async () => {
        const res = await t.request.post('/api/echo').set('Content-Type', 'application/json').send(JSON.stringify({ message: 'x'.repeat(1_048_576) }));
        expect(res.status).toBe(413);
        expect(JSON.parse(res.text).detail).toMatch(/too large/);
      });

      it('invalid fields are a 400 listing them', async () => {
        const res = await t.request.post('/api/echo').send({ message: 5 });
        expect(res.status).toBe(400);
        expect(JSON.parse(res.text).errors).toEqual([{ field: 'message', message: 'Message must be text.' }]);
      });
    });

    describe('headers', () => {
      it('sends a real Content-Security-Policy', async () => {
        const csp = (await t.request.get('/api/health')).headers['content-security-policy'];
        expect(csp).toContain("script-src 'self'");
        expect(csp).not.toMatch(/script-src[^;]*unsafe-inline/);
        expect(csp).toContain("style-src 'self' 'unsafe-inline'");
        expect(csp).toContain("img-src 'self' data: blob:");
        expect(csp).toContain("frame-ancestors 'none'");
      });

      it('echoes the caller’s request id, or makes one', async () => {
        const given = await t.request.get('/api/health').set('X-Request-Id', 'trace-abc-1');
        expect(given.headers['x-request-id']).toBe('trace-abc-1');
        const made = await t.request.get('/api/health');
        expect(made.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
      });
    });

    describe('GET /mf-registry.json', () => {
      it('lists the five remotes at their built-in paths, no-cache', async () => {
        const res = await t.request.get('/mf-registry.json');
        expect(res.status).toBe(200);
        expect(res.headers['cache-control']).toBe('no-cache');
        expect(res.body).toEqual([
          { name: 'mf_auth', entry: '/mf/auth/mf-manifest.json' },
          { name: 'mf_vouches', entry: '/mf/vouches/mf-manifest.json' },
          { name: 'mf_network', entry: '/mf/network/mf-manifest.json' },
          { name: 'mf_introductions', entry: '/mf/introductions/mf-manifest.json' },
          { name: 'mf_subscription', entry: '/mf/subscription/mf-manifest.json' },
        ]);
      });

      it('takes overrides from env and a JSON file, and allows those origins in the CSP', async () => {
        const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'vouch-reg-')), 'registry.json');
        fs.writeFileSync(file, JSON.stringify({ mf_network: 'http://cdn.example:8080/mf-network/mf-manifest.json', mf_vouches: 'http://ignored.example/x.json' }));
        const app = t.createApp({ env: { MF_VOUCHES_URL: 'http://localhost:3101/mf-manifest.json', MF_REGISTRY_FILE: file } });
        const res = await supertest(app).get('/mf-registry.json');
        const entries = Object.fromEntries((res.body as Array<{ name: string; entry: string }>).map((r) => [r.name, r.entry]));
        expect(entries.mf_vouches).toBe('http://localhost:3101/mf-manifest.json');
        expect(entries.mf_network).toBe('http://cdn.example:8080/mf-network/mf-manifest.json');
        expect(entries.mf_auth).toBe('/mf/auth/mf-manifest.json');
        const csp = res.headers['content-security-policy'];
        expect(csp).toMatch(/script-src 'self' http:\/\/localhost:3101 http:\/\/cdn\.example:8080/);
        expect(csp).toMatch(/connect-src 'self' http:\/\/localhost:3101 http:\/\/cdn\.example:8080/);
      });

      it('refuses to start with a bad override', () => {
        expect(() => t.createApp({ env: { MF_AUTH_URL: 'javascript:alert(1)' } })).toThrow(/MF_AUTH_URL/);
      });
    });

    describe('GET /api/openapi.json', () => {
      it('is an OpenAPI 3.x document listing the services’ paths', async () => {
        const res = await t.request.get('/api/openapi.json');
        expect(res.status).toBe(200);
        const doc = JSON.parse(res.text);
        expect(doc.openapi).toMatch(/^3\./);
        expect(doc.info.title).toBe('Vouch API');
        expect(Object.keys(doc.paths)).toEqual(expect.arrayContaining(['/health', '/echo']));
        expect(doc.components.schemas.Problem).toBeDefined();
      });

      it('includes every real service that registers paths', async () => {
        const app = t.createApp({ services: allServices });
        const doc = (await supertest(app).get('/api/openapi.json')).body;
        expect(Object.keys(doc.paths).some((p) => p.startsWith('/auth/'))).toBe(true);
      });
    });

    describe('sessions and foreign origins', () => {
      it('resolves the session cookie or bearer token to req.auth', async () => {
        expect((await t.request.get('/api/echo/whoami')).body.auth).toBeNull();
        expect((await t.request.get('/api/echo/whoami').set('Cookie', 'other=1; vouch_session=good-token')).body.auth).toEqual(member);
        expect((await t.request.get('/api/echo/whoami').set('Authorization', 'Bearer good-token')).body.auth).toEqual(member);
        expect((await t.request.get('/api/echo/whoami').set('Cookie', 'vouch_session=expired')).body.auth).toBeNull();
      });

      it('ignores identity headers a client sends itself', async () => {
        const res = await t.request.get('/api/echo/whoami').set('X-Vouch-Auth', 'eyJhdXRoIjp7fX0').set('X-Vouch-Auth-Signature', 'x');
        expect(res.status).toBe(200);
        expect(res.body.auth).toBeNull();
      });

      it('refuses a cookie-authenticated write from a foreign Origin with 403', async () => {
        const res = await t.request.post('/api/echo').set('Origin', 'https://evil.example').set('Cookie', 'vouch_session=good-token').send({ message: 'hi' });
        expect(res.status).toBe(403);
        expect(res.headers['content-type']).toMatch(/problem\+json/);
      });

      it('accepts the same write from our own origin, and a bearer write from anywhere', async () => {
        const own = await t.request.post('/api/echo').set('Host', 'vouch.test').set('Origin', 'http://vouch.test').set('Cookie', 'vouch_session=good-token').send({ message: 'hi' });
        expect(own.status).toBe(201);
        expect(own.body.auth).toEqual(member);
        const bearer = await t.request.post('/api/echo').set('Origin', 'https://app.example').set('Authorization', 'Bearer good-token').send({ message: 'hi' });
        expect(bearer.status).toBe(201);
      });

      it('compares the scheme too: http://host does not pass for https://host (issue 26 item 18)', async () => {
        // Development mode: the request's own scheme and Host (this request is plain http).
        const otherScheme = await t.request.post('/api/echo').set('Host', 'vouch.test').set('Origin', 'https://vouch.test').set('Cookie', 'vouch_session=good-token').send({ message: 'hi' });
        expect(otherScheme.status).toBe(403);
        // Production settings: only PUBLIC_URL (and ALLOWED_ORIGINS), never the Host a proxy may pass on without its scheme.
        const production = supertest(t.createApp({ env: { NODE_ENV: 'production', PUBLIC_URL: 'https://vouch.test' } }));
        const downgraded = await production.post('/api/echo').set('Host', 'vouch.test').set('Origin', 'http://vouch.test').set('Cookie', 'vouch_session=good-token').send({ message: 'hi' });
        expect(downgraded.status).toBe(403);
        expect(JSON.parse(downgraded.text).code).toBe('FOREIGN_ORIGIN');
        const own = await production.post('/api/echo').set('Host', 'vouch.test').set('Origin', 'https://vouch.test').set('Cookie', 'vouch_session=good-token').send({ message: 'hi' });
        expect(own.status).toBe(201);
      });
    });
  },
  { services: [echoService], resolveSession },
);

describeEachDatabase('gateway static hosting', (t) => {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'vouch-static-'));
  fs.mkdirSync(path.join(root, 'shell', 'dist'), { recursive: true });
  fs.mkdirSync(path.join(root, 'mf-vouches', 'dist'), { recursive: true });
  fs.writeFileSync(path.join(root, 'shell', 'dist', 'index.html'), '<!doctype html><title>Vouch</title><script src="/main.0123abcd.js"></script>');
  fs.writeFileSync(path.join(root, 'shell', 'dist', 'main.0123abcd.js'), 'console.log(1)');
  fs.writeFileSync(path.join(root, 'mf-vouches', 'dist', 'mf-manifest.json'), '{"id":"mf_vouches"}');
  fs.writeFileSync(path.join(root, 'mf-vouches', 'dist', 'remoteEntry.js'), 'var mf_vouches;');
  fs.writeFileSync(path.join(root, 'mf-vouches', 'dist', '123.89abcdef01.js'), '1');
  fs.writeFileSync(path.join(root, 'shell', 'dist', 'main.0123abcd.js.map'), '{"version":3,"sourcesContent":["const secret = 1"]}');
  afterAll(() => fs.rmSync(root, { recursive: true, force: true }));
  const app = () => t.createApp({ rootDir: root });

  it('serves source maps only in development mode (issue 26 item 18), named by a SourceMap header since bundles carry no comment (issue 43)', async () => {
    expect((await supertest(app()).get('/main.0123abcd.js.map')).status).toBe(200);
    expect((await supertest(app()).get('/main.0123abcd.js').expect(200)).headers.sourcemap).toBe('main.0123abcd.js.map');
    expect((await supertest(app()).get('/mf/vouches/remoteEntry.js').expect(200)).headers.sourcemap).toBeUndefined(); // no map beside it
    const production = supertest(t.createApp({ rootDir: root, env: COMPLETE_PRODUCTION_ENV }));
    const map = await production.get('/main.0123abcd.js.map');
    expect(map.status).toBe(404);
    expect(map.text).not.toContain('sourcesContent');
    const script = await production.get('/main.0123abcd.js').expect(200);
    expect(script.headers.sourcemap).toBeUndefined();
  });

  it('with production settings, page links name PUBLIC_URL whatever Host the request carries (issue 26 item 6)', async () => {
    const res = await supertest(t.createApp({ rootDir: root, env: COMPLETE_PRODUCTION_ENV })).get('/').set('Host', 'evil.example').expect(200);
    expect(res.text).toContain('https://vouch.example/');
    expect(res.text).not.toContain('evil.example');
  });

  it('serves index.html for app routes (SPA fallback) with the page title, no-cache', async () => {
    for (const [route, title] of [['/', 'Vouch: the professional trust network'], ['/dashboard', 'Dashboard · Vouch'], ['/auth', 'Sign In · Vouch']]) {
      const res = await supertest(app()).get(route!);
      expect(res.status).toBe(200);
      expect(res.text).toContain(`<title>${title}</title>`);
      expect(res.text).toContain('<script src="/main.0123abcd.js"></script>');
      expect(res.headers['cache-control']).toBe('no-cache');
    }
  });

  it('answers a path the app has no page for with 404 and the app itself (it renders its 404 page)', async () => {
    for (const route of ['/no/such/page', '/dashboard/extra', '/vouch/abc123']) {
      const res = await supertest(app()).get(route);
      expect(res.status).toBe(404);
      expect(res.headers['content-type']).toMatch(/text\/html/);
      expect(res.headers['x-robots-tag']).toBe('noindex');
      expect(res.text).toContain('<title>Page Not Found · Vouch</title>');
      expect(res.text).toContain('<script src="/main.0123abcd.js"></script>');
    }
  });

  it('serves hashed files immutable and missing files as 404, not index.html', async () => {
    const js = await supertest(app()).get('/main.0123abcd.js');
    expect(js.headers['cache-control']).toContain('immutable');
    expect((await supertest(app()).get('/missing.js')).status).toBe(404);
    expect((await supertest(app()).get('/api/nothing')).headers['content-type']).toMatch(/problem\+json/);
  });

  it('serves remotes under /mf/<name>/ with CORS; entry files no-cache, chunks immutable', async () => {
    const manifest = await supertest(app()).get('/mf/vouches/mf-manifest.json');
    expect(manifest.status).toBe(200);
    expect(manifest.headers['cache-control']).toBe('no-cache');
    expect(manifest.headers['access-control-allow-origin']).toBe('*');
    expect((await supertest(app()).get('/mf/vouches/remoteEntry.js')).headers['cache-control']).toBe('no-cache');
    expect((await supertest(app()).get('/mf/vouches/123.89abcdef01.js')).headers['cache-control']).toContain('immutable');
    expect((await supertest(app()).get('/mf/auth/mf-manifest.json')).status).toBe(404);
  });

  it('without a built shell, pages answer 503 saying to run npm run build', async () => {
    const empty = fs.mkdtempSync(path.join(os.tmpdir(), 'vouch-empty-'));
    const res = await supertest(t.createApp({ rootDir: empty })).get('/dashboard');
    expect(res.status).toBe(503);
    expect(res.text).toContain('npm run build');
    fs.rmSync(empty, { recursive: true, force: true });
  });
}, { services: [echoService] });
