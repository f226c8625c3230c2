import express from 'express';
import request from 'supertest';
import { z } from 'zod';
import { createLogger, jsonBody, notFoundOrMethodNotAllowed, parse, Problem, PROBLEM_CODE_DOCS, PROBLEM_CODES, problemHandler, problems, problemType, requestId } from '../src';
import { Writable } from 'node:stream';

function appWithLog() {
  const lines: string[] = [];
  const destination = new Writable({ write(chunk, _enc, done) { lines.push(String(chunk)); done(); } });
  const logger = createLogger({ level: 'debug', destination });
  const app = express();
  app.use(requestId());
  app.use(jsonBody());
  app.post('/api/echo', (req, res) => {
    res.json(parse(z.object({ name: z.string() }), req.body));
  });
  app.get('/api/limited', () => {
    throw problems.tooManyRequests('Slow down.', 42.2);
  });
  app.get('/api/items/:id', (req, res) => {
    res.json({ id: req.params.id });
  });
  app.get('/api/boom', async () => {
    throw new Error('SELECT * FROM secret_table failed at /srv/app.ts:12');
  });
  app.use(notFoundOrMethodNotAllowed(app));
  app.use(problemHandler(logger));
  return { app, lines };
}

describe('problemHandler', () => {
  const { app, lines } = appWithLog();

  it('answers a Problem with its status, headers and a problem+json body', async () => {
    const res = await request(app).get('/api/limited').set('X-Request-Id', 'req-429');
    expect(res.status).toBe(429);
    expect(res.headers['content-type']).toMatch(/^application\/problem\+json/);
    expect(res.headers['retry-after']).toBe('43');
    expect(res.headers['content-language']).toBe('en');
    expect(JSON.parse(res.text)).toEqual({ type: '/docs/errors#RATE_LIMITED', title: 'Too Many Requests', status: 429, detail: 'Slow down.', code: 'RATE_LIMITED', requestId: 'req-429' });
  });

  it('gives every problem a stable code: the one it was raised with, else one per status', async () => {
    expect(JSON.parse((await request(app).post('/api/echo').send({})).text).code).toBe('VALIDATION_FAILED');
    expect(JSON.parse((await request(app).post('/api/echo').set('Content-Type', 'application/json').send('{"name": ')).text).code).toBe('INVALID_REQUEST');
    expect(JSON.parse((await request(app).post('/api/echo').set('Content-Type', 'text/plain').send('x')).text).code).toBe('UNSUPPORTED_MEDIA_TYPE');
    expect(JSON.parse((await request(app).get('/api/nope')).text).code).toBe('NOT_FOUND');
    expect(JSON.parse((await request(app).get('/api/boom')).text).code).toBe('INTERNAL_ERROR');
    expect(problems.forbidden('Phone Number Mismatch', 'PHONE_MISMATCH').toJSON()).toMatchObject({ status: 403, code: 'PHONE_MISMATCH', detail: 'Phone Number Mismatch' });
    expect(problems.forbidden('No.').code).toBe('FORBIDDEN');
    expect(problems.badRequest('Wrong code.', [{ field: 'otp', message: 'Wrong code.' }], 'OTP_INCORRECT').toJSON()).toMatchObject({ code: 'OTP_INCORRECT', type: '/docs/errors#OTP_INCORRECT' });
  });

  it('explains every code on the errors page, with the status it comes with', () => {
    expect(Object.keys(PROBLEM_CODE_DOCS).sort()).toEqual([...PROBLEM_CODES].sort());
    for (const code of PROBLEM_CODES) expect(new Problem(PROBLEM_CODE_DOCS[code].status, 'x', { code }).type).toBe(problemType(code));
  });

  it('when the JSON is malformed, then 400 with a plain sentence', async () => {
    const res = await request(app).post('/api/echo').set('Content-Type', 'application/json').send('{"name": ');
    expect(res.status).toBe(400);
    expect(JSON.parse(res.text).detail).toBe('The request body is not valid JSON.');
  });

  it('when the body is not JSON, then 415', async () => {
    const res = await request(app).post('/api/echo').set('Content-Type', 'text/plain').send('name=x');
    expect(res.status).toBe(415);
    expect(JSON.parse(res.text).detail).toMatch(/JSON/);
  });

  it('when the body is over 1 MB, then 413', async () => {
    const res = await request(app).post('/api/echo').set('Content-Type', 'application/json').send(JSON.stringify({ name: 'x'.repeat(1_100_000) }));
    expect(res.status).toBe(413);
    expect(res.headers['content-type']).toMatch(/problem\+json/);
  });

  it('validates with readable field errors', async () => {
    const res = await request(app).post('/api/echo').send({});
    expect(res.status).toBe(400);
    expect(JSON.parse(res.text).errors).toEqual([{ field: 'name', message: 'Name is required.' }]);
  });

  it('when something unexpected fails, then 500 with a generic sentence, and the log has the request id', async () => {
    const res = await request(app).get('/api/boom').set('X-Request-Id', 'req-123');
    expect(res.status).toBe(500);
    expect(res.text).not.toMatch(/SELECT|secret_table|app\.ts|at /);
    expect(JSON.parse(res.text).detail).toBe('Something went wrong on our side. Please try again.');
    expect(lines.some((line) => line.includes('"reqId":"req-123"') && line.includes('secret_table'))).toBe(true);
  });

  it('when a path parameter has a malformed escape (%zz), then 400, not 500', async () => {
    const res = await request(app).get('/api/items/%zz');
    expect(res.status).toBe(400);
    expect(JSON.parse(res.text).detail).toBe('The address contains a malformed escape sequence.');
  });

  it('404 for an unknown path, 405 with Allow for a known path and wrong method', async () => {
    expect((await request(app).get('/api/nope')).status).toBe(404);
    const res = await request(app).delete('/api/echo');
    expect(res.status).toBe(405);
    expect(res.headers.allow).toBe('POST');
  });
});
