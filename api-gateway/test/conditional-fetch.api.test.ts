// Issue 45: a 304 reaches an app that uses fetch. fetch sends `Cache-Control: no-cache` with every
// If-None-Match it sends (the Fetch standard turns the request's cache mode to "no-store"); Express
// took that as a reload and answered 200 with the whole body. A matching If-None-Match is now a 304
// whatever the request's Cache-Control says (RFC 9110 §13.1.2), on the gateway and a standalone service.
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { describeEachDatabase, GENEROUS_AUTH_LIMITS, newPhone, signInWithToken } from './support';

describeEachDatabase(
  'If-None-Match through fetch',
  (t) => {
    let server: http.Server;
    let base: string;
    /** The Cache-Control each request arrived with: what fetch itself added. */
    const cacheControls: (string | undefined)[] = [];
    beforeAll(async () => {
      server = http.createServer((req, res) => {
        cacheControls.push(req.headers['cache-control']);
        t.app(req, res);
      });
      await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
      base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    });
    afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

    it('an unchanged answer is a 304 with no body; a changed one a 200 with its new ETag', async () => {
      const { token } = await signInWithToken(t, ['Fay', 'Fetch']);
      const auth = { Authorization: `Bearer ${token}` };
      // The small lists and objects an app revalidates rather than syncs (docs/api-versioning.md, Sync).
      for (const path of ['/api/v1/vouches/my', '/api/v1/vouches/received', '/api/v1/user/profile', '/api/v1/vouch-asks', '/api/v1/introduction-requests/as-connector', '/api/v1/subscriptions/status']) {
        const first = await fetch(`${base}${path}`, { headers: auth });
        expect(first.status).toBe(200);
        const etag = first.headers.get('etag')!;
        expect(etag).toBeTruthy();
        await first.arrayBuffer();

        const again = await fetch(`${base}${path}`, { headers: { ...auth, 'If-None-Match': etag } });
        expect(cacheControls.at(-1)).toBe('no-cache');
        expect(again.status).toBe(304);
        expect(again.headers.get('etag')).toBe(etag);
        expect(await again.text()).toBe('');
      }

      // What changes is sent again, with the ETag to keep.
      const before = await fetch(`${base}/api/v1/vouches/my`, { headers: auth });
      const etag = before.headers.get('etag')!;
      await before.arrayBuffer();
      const created = await fetch(`${base}/api/v1/vouches`, {
        method: 'POST',
        headers: { ...auth, 'Content-Type': 'application/json' },
        body: JSON.stringify({ type: 'recommendation', recipientName: 'Gil Given', recipientPhone: newPhone(), reason: 'Shipped it.', skills: 'Go' }),
      });
      expect(created.status).toBe(201);
      const changed = await fetch(`${base}/api/v1/vouches/my`, { headers: { ...auth, 'If-None-Match': etag } });
      expect(changed.status).toBe(200);
      expect(changed.headers.get('etag')).not.toBe(etag);
      expect(((await changed.json()) as unknown[]).length).toBe(1);
    });

    it('a list of tags, a weak tag and * match as RFC 9110 says; a stale tag does not', async () => {
      const { token } = await signInWithToken(t, ['Gus', 'Tags']);
      const auth = { Authorization: `Bearer ${token}` };
      const etag = (await fetch(`${base}/api/user/profile`, { headers: auth })).headers.get('etag')!;
      const statusWith = async (ifNoneMatch: string) => (await fetch(`${base}/api/user/profile`, { headers: { ...auth, 'If-None-Match': ifNoneMatch } })).status;
      expect(await statusWith(`"stale", ${etag}`)).toBe(304);
      expect(await statusWith(`W/${etag.replace(/^W\//, '')}`)).toBe(304);
      expect(await statusWith('*')).toBe(304);
      expect(await statusWith('"stale"')).toBe(200);
    });
  },
  { env: { ...GENEROUS_AUTH_LIMITS } },
);
