// Compression as a browser meets it (issue 17): the built files go out as the .br or .gz copy
// the build wrote, API bodies of 1 KB and more are compressed on the fly, and everything else
// (identity clients, tiny bodies, images, the data export download) goes out as it is.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import compression from 'compression';
import express, { type RequestHandler } from 'express';
import supertest from 'supertest';
import { compressResponses } from '../src/compression';
import { describeEachDatabase } from './support';
import { echoService } from './support/echo-service';

/** A bundle-like file worth compressing, and its two copies as the build writes them. */
function writeBuilt(dir: string, name: string, text: string) {
  fs.mkdirSync(dir, { recursive: true });
  fs.writeFileSync(path.join(dir, name), text);
  fs.writeFileSync(path.join(dir, `${name}.br`), zlib.brotliCompressSync(text));
  fs.writeFileSync(path.join(dir, `${name}.gz`), zlib.gzipSync(text));
}

const bundle = Array.from({ length: 300 }, (_, i) => `console.log("vouch ${i}");`).join('\n');
const manifest = JSON.stringify({ id: 'mf_vouches', exposes: Array.from({ length: 60 }, (_, i) => ({ path: `./part${i}` })) });

describeEachDatabase(
  'gateway compression',
  (t) => {
    const root = fs.mkdtempSync(path.join(os.tmpdir(), 'vouch-compression-'));
    const shell = path.join(root, 'shell', 'dist');
    const vouches = path.join(root, 'mf-vouches', 'dist');
    writeBuilt(shell, 'main.0123abcd.js', bundle);
    writeBuilt(vouches, 'mf-manifest.json', manifest);
    writeBuilt(vouches, 'remoteEntry.js', bundle);
    fs.writeFileSync(path.join(shell, 'index.html'), `<!doctype html><html lang="en"><head><title>Vouch</title></head><body>${'<p>Vouch</p>'.repeat(200)}</body></html>`);
    fs.writeFileSync(path.join(shell, 'logo.0123abcd.png'), Buffer.alloc(4096, 7));
    afterAll(() => fs.rmSync(root, { recursive: true, force: true }));
    let request: supertest.Agent;
    beforeAll(() => {
      request = supertest.agent(t.createApp({ rootDir: root }));
    });

    describe('built files', () => {
      it('sends the brotli copy to a browser that accepts it, immutable, varying by encoding', async () => {
        const res = await request.get('/main.0123abcd.js').set('Accept-Encoding', 'gzip, deflate, br, zstd');
        expect(res.status).toBe(200);
        expect(res.headers['content-encoding']).toBe('br');
        expect(res.headers['content-length']).toBe(String(fs.statSync(path.join(shell, 'main.0123abcd.js.br')).size));
        expect(res.headers['content-type']).toMatch(/javascript/);
        expect(res.headers.vary).toMatch(/Accept-Encoding/);
        expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
        expect(res.text).toBe(bundle);
      });

      it('sends the gzip copy when brotli is not accepted', async () => {
        const res = await request.get('/main.0123abcd.js').set('Accept-Encoding', 'gzip');
        expect(res.headers['content-encoding']).toBe('gzip');
        expect(res.headers['content-length']).toBe(String(fs.statSync(path.join(shell, 'main.0123abcd.js.gz')).size));
        expect(res.text).toBe(bundle);
      });

      it('sends the file itself to a client that accepts no encoding', async () => {
        const res = await request.get('/main.0123abcd.js').set('Accept-Encoding', 'identity');
        expect(res.headers['content-encoding']).toBeUndefined();
        expect(res.headers['content-length']).toBe(String(Buffer.byteLength(bundle)));
        expect(res.headers.vary).toMatch(/Accept-Encoding/);
        expect(res.text).toBe(bundle);
      });

      it('gives each encoding its own ETag, and revalidates each', async () => {
        const br = await request.get('/main.0123abcd.js').set('Accept-Encoding', 'br');
        const gzip = await request.get('/main.0123abcd.js').set('Accept-Encoding', 'gzip');
        expect(br.headers.etag).toBeDefined();
        expect(br.headers.etag).not.toBe(gzip.headers.etag);
        const again = await request.get('/main.0123abcd.js').set('Accept-Encoding', 'br').set('If-None-Match', br.headers.etag!);
        expect(again.status).toBe(304);
      });

      it('keeps manifests and remoteEntry.js no-cache, compressed too', async () => {
        for (const file of ['mf-manifest.json', 'remoteEntry.js']) {
          const res = await request.get(`/mf/vouches/${file}`).set('Accept-Encoding', 'br');
          expect(res.headers['content-encoding']).toBe('br');
          expect(res.headers['cache-control']).toBe('no-cache');
          expect(res.headers['access-control-allow-origin']).toBe('*');
        }
        expect((await request.get('/mf/vouches/mf-manifest.json').set('Accept-Encoding', 'br')).body).toEqual(JSON.parse(manifest));
      });

      it('leaves an image alone: it is compressed already', async () => {
        const res = await request.get('/logo.0123abcd.png').set('Accept-Encoding', 'br, gzip');
        expect(res.status).toBe(200);
        expect(res.headers['content-encoding']).toBeUndefined();
        expect(res.headers['content-length']).toBe('4096');
      });
    });

    describe('pages and API bodies, compressed on the fly', () => {
      it('compresses the HTML of a page', async () => {
        const res = await request.get('/dashboard').set('Accept-Encoding', 'br');
        expect(res.headers['content-encoding']).toBe('br');
        expect(res.headers.vary).toMatch(/Accept-Encoding/);
        expect(res.text).toContain('<title>Dashboard · Vouch</title>');
      });

      it('compresses a JSON body of 1 KB and more with brotli or gzip, and sends it plain to identity', async () => {
        const message = 'a vouch for Maya '.repeat(100);
        for (const [accept, encoding] of [['br', 'br'], ['gzip', 'gzip'], ['identity', undefined]] as const) {
          const res = await request.post('/api/echo').set('Accept-Encoding', accept).send({ message });
          expect(res.status).toBe(201);
          expect(res.headers['content-encoding']).toBe(encoding);
          expect(res.body.body.message).toBe(message);
        }
      });

      it('leaves a body under 1 KB alone', async () => {
        const res = await request.get('/api/health').set('Accept-Encoding', 'br, gzip');
        expect(res.status).toBe(200);
        expect(res.headers['content-encoding']).toBeUndefined();
        expect(res.body).toMatchObject({ status: 'ok', database: 'ok' });
      });

      it('compresses a problem+json error body only when it is large enough (a 404 is small)', async () => {
        const res = await request.get('/api/nothing-here').set('Accept-Encoding', 'br');
        expect(res.status).toBe(404);
        expect(res.headers['content-encoding']).toBeUndefined();
      });
    });
  },
  { services: [echoService] },
);

describe('the data export download', () => {
  // The same middleware the gateway mounts, in front of a route that streams a large document.
  const app = express();
  app.use(compressResponses());
  const parts = Array.from({ length: 200 }, (_, i) => JSON.stringify({ vouch: `Ana vouched for Jin ${i}`, skills: ['TypeScript'] }));
  const document = `[${parts.join(',')}]`;
  app.get('/api/account/export', (_req, res) => {
    res.type('json');
    res.write('[');
    parts.forEach((part, i) => res.write(i ? `,${part}` : part));
    res.end(']');
  });
  app.get('/api/other', (_req, res) => res.type('json').send(document));

  it('is streamed as written, not compressed', async () => {
    const res = await supertest(app).get('/api/account/export').set('Accept-Encoding', 'br, gzip').buffer(true).parse((stream, done) => {
      let text = '';
      stream.on('data', (chunk: Buffer) => (text += chunk.toString()));
      stream.on('end', () => done(null, text));
    });
    expect(res.headers['content-encoding']).toBeUndefined();
    expect(res.headers['transfer-encoding']).toBe('chunked');
    expect(JSON.parse(res.body)).toEqual(JSON.parse(document));
  });

  it('while the same body elsewhere is compressed', async () => {
    expect((await supertest(app).get('/api/other').set('Accept-Encoding', 'br')).headers['content-encoding']).toBe('br');
  });
});

describe('a client that accepts no encoding (no Accept-Encoding: API clients, load tools)', () => {
  const large = JSON.stringify({ message: 'a vouch for Maya '.repeat(100) });
  /** The same routes behind `middleware`. */
  function appWith(middleware: RequestHandler) {
    const app = express();
    app.use(middleware);
    app.get('/api/large', (_req, res) => res.type('json').send(large));
    app.get('/api/small', (_req, res) => res.json({ ok: true }));
    app.get('/api/no-transform', (_req, res) => res.set('Cache-Control', 'no-transform').type('json').send(large));
    app.get('/api/image', (_req, res) => res.type('png').send(Buffer.alloc(4096, 7)));
    app.get('/api/account/export', (_req, res) => res.type('json').send(large));
    app.get('/api/head-object', (_req, res) => {
      res.writeHead(201, { 'Content-Type': 'application/json', 'X-Made-By': 'writeHead' });
      res.end(large);
    });
    app.get('/api/head-array', (_req, res) => {
      res.writeHead(202, 'Made', [['Content-Type', 'text/plain'], ['X-Made-By', 'writeHead']]);
      res.end(large);
    });
    return app;
  }

  /** GET without any Accept-Encoding header (fetch and supertest always send one). */
  async function get(app: express.Express, route: string) {
    const server = app.listen(0, '127.0.0.1');
    await new Promise((resolve) => server.once('listening', resolve));
    try {
      return await new Promise<{ status: number; headers: http.IncomingHttpHeaders; body: string }>((resolve, reject) => {
        http.get({ host: '127.0.0.1', port: (server.address() as AddressInfo).port, path: route }, (res) => {
          let body = '';
          res.setEncoding('utf8');
          res.on('data', (chunk: string) => (body += chunk));
          res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body }));
        }).on('error', reject);
      });
    } finally {
      server.close();
    }
  }

  it('gets every body as it is, with the same status, headers and Vary as the compression middleware gives it', async () => {
    const ours = appWith(compressResponses());
    const theirs = appWith(compression({ threshold: 1024, filter: (req, res) => req.path !== '/api/account/export' && compression.filter(req, res) }));
    for (const route of ['/api/large', '/api/small', '/api/no-transform', '/api/image', '/api/account/export', '/api/head-object', '/api/head-array']) {
      const [mine, reference] = await Promise.all([get(ours, route), get(theirs, route)]);
      const { date: _a, ...mineHeaders } = mine.headers;
      const { date: _b, ...referenceHeaders } = reference.headers;
      expect({ route, status: mine.status, headers: mineHeaders, body: mine.body }).toEqual({ route, status: reference.status, headers: referenceHeaders, body: reference.body });
      expect(mine.headers['content-encoding']).toBeUndefined();
    }
    expect((await get(ours, '/api/large')).headers.vary).toBe('Accept-Encoding');
    expect((await get(ours, '/api/image')).headers.vary).toBeUndefined();
    expect((await get(ours, '/api/head-object')).headers['x-made-by']).toBe('writeHead');
  });
});
