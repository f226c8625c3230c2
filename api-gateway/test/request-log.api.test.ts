// The request log's line (issue 19 replaced pino-http by services/core's requestLog): one JSON line
// per request with its id, method, path without query values, status and time; a failed request's
// line says "request errored" with the error, its SQL and phone numbers left out.
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { Writable } from 'node:stream';
import { Router } from 'express';
import supertest from 'supertest';
import { createLogger, openDatabase, type Database, type ServiceDefinition } from '@vouch/service-core';
import { createApp } from '../src';

const lines: Record<string, unknown>[] = [];
const destination = new Writable({
  write(chunk, _encoding, done) {
    for (const line of String(chunk).split('\n').filter(Boolean)) lines.push(JSON.parse(line) as Record<string, unknown>);
    done();
  },
});

let slowReached: () => void = () => undefined;

const failing: ServiceDefinition = {
  name: 'introductions',
  prefixes: ['/api/fail'],
  migrations: [],
  router() {
    const router = Router();
    router.get('/api/fail', () => {
      throw Object.assign(new Error('lookup of +15551234567 failed'), { sql: "SELECT * FROM members WHERE phone = '+15551234567'" });
    });
    router.get('/api/fail/ok', (_req, res) => {
      res.json({ ok: true });
    });
    // Answers only once the client has gone; tells the test it has the request.
    router.get('/api/fail/slow', (req, res) => {
      req.socket.once('close', () => res.end());
      slowReached();
    });
    return router;
  },
};

describe('the request log', () => {
  let db: Database;
  let app: ReturnType<typeof createApp>;
  let request: ReturnType<typeof supertest>;

  beforeAll(async () => {
    db = await openDatabase('sqlite::memory:');
    app = createApp({ db, services: [failing], env: { NODE_ENV: 'test' }, logger: createLogger({ level: 'info', destination }), resolveSession: async () => null });
    request = supertest(app);
  });
  afterAll(() => db.close());
  beforeEach(() => lines.splice(0));

  const requestLines = () => lines.filter((line) => line.req !== undefined);

  it('is one line per request: id, method, path without query values, status, time', async () => {
    const res = await request.get('/api/fail/ok?phone=+15551234567&x=1').set('X-Request-Id', 'req-log-1').expect(200);
    expect(res.headers['x-request-id']).toBe('req-log-1');
    await request.get('/api/health').expect(200);
    const [line, ...more] = requestLines();
    expect(more).toEqual([]);
    expect(line).toEqual({
      level: 30,
      time: expect.any(Number),
      req: { id: 'req-log-1', method: 'GET', url: '/api/fail/ok?phone=…&x=…' },
      res: { statusCode: 200 },
      responseTime: expect.any(Number),
      msg: 'request completed',
    });
  });

  it('logs a 4xx as completed and a 5xx as errored; no line holds the error\'s SQL or phone number', async () => {
    await request.get('/api/nothing-here').expect(404);
    await request.get('/api/fail').expect(500);
    const [notFound, failed] = requestLines();
    expect(notFound).toMatchObject({ res: { statusCode: 404 }, msg: 'request completed' });
    expect(failed).toMatchObject({ req: { method: 'GET', url: '/api/fail' }, res: { statusCode: 500 }, msg: 'request errored' });
    expect(failed!.err).toMatchObject({ type: 'Error', message: 'failed with status code 500' });
    // The error itself is the problem handler's line, masked.
    expect(lines.some((line) => JSON.stringify(line).includes('lookup of +1•••••••4567 failed'))).toBe(true);
    expect(JSON.stringify(lines)).not.toContain('5551234567');
    expect(JSON.stringify(failed)).not.toContain('SELECT');
  });

  it('logs a request whose client went away before the answer as aborted, once', async () => {
    const server = app.listen(0, '127.0.0.1');
    await new Promise((resolve) => server.once('listening', resolve));
    try {
      const { port } = server.address() as AddressInfo;
      await new Promise<void>((resolve) => {
        const req = http.get({ host: '127.0.0.1', port, path: '/api/fail/slow', headers: { 'X-Request-Id': 'req-log-gone' } });
        req.on('error', () => resolve());
        // Gone once the route has the request (nothing is answered before the client goes).
        slowReached = () => req.destroy();
      });
      await waitFor(() => requestLines().length > 0);
      // A second line would come at once (the response's 'close' is already past).
      await new Promise((resolve) => setImmediate(resolve));
      const [line, ...more] = requestLines();
      expect(more).toEqual([]);
      expect(line).toMatchObject({ req: { id: 'req-log-gone', method: 'GET', url: '/api/fail/slow' }, msg: 'request aborted' });
    } finally {
      await new Promise((resolve) => server.close(resolve));
    }
  });
});

async function waitFor(condition: () => boolean): Promise<void> {
  for (let tries = 0; !condition(); tries += 1) {
    if (tries > 100) throw new Error('timed out');
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}
