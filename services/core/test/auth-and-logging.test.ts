import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { Writable } from 'node:stream';
import { Router, type Request } from 'express';
import supertest from 'supertest';
import { bodyDigest, createLogger, createServiceApp, currentAuth, loggableUrl, maskPhone, NonceRegister, Problem, requireMember, signInternalAuth, verifyForwardedIdentity, verifyInternalAuth, type Database, type ServiceDefinition } from '../src';

const asRequest = (auth?: Request['auth']) => ({ auth }) as Request;

describe('currentAuth and requireMember', () => {
  it('an anonymous request has no auth and is refused with 401 Not authenticated', () => {
    expect(currentAuth(asRequest())).toBeNull();
    expect(() => requireMember(asRequest())).toThrow(expect.objectContaining({ status: 401, detail: 'Not authenticated' }));
  });

  it('a verified phone without registration is not yet a member', () => {
    const req = asRequest({ sessionId: 's', phone: '+15551234567', memberId: null });
    expect(currentAuth(req)?.phone).toBe('+15551234567');
    expect(() => requireMember(req)).toThrow(Problem);
  });

  it('a member gets their id', () => {
    expect(requireMember(asRequest({ sessionId: 's', phone: '+15551234567', memberId: 7 }))).toEqual({ memberId: 7, phone: '+15551234567', sessionId: 's' });
  });
});

describe('createLogger and maskPhone', () => {
  it('redacts phone, otp, code, token, cookie and authorization wherever they sit', () => {
    const lines: string[] = [];
    const destination = new Writable({ write(chunk, _e, done) { lines.push(String(chunk)); done(); } });
    const logger = createLogger({ level: 'info', destination });
    logger.info({ phone: '+15551234567', body: { otp: '123456', code: '654321' }, token: 'abc', req: { headers: { cookie: 'vouch_session=x', authorization: 'Bearer y' } } }, 'hi');
    const line = lines.join('');
    for (const secret of ['+15551234567', '123456', '654321', '"abc"', 'vouch_session=x', 'Bearer y']) expect(line).not.toContain(secret);
    expect(line).toContain('[redacted]');
  });

  it('logs a database error without its SQL, parameters or any phone number in clear', () => {
    const lines: string[] = [];
    const destination = new Writable({ write(chunk, _e, done) { lines.push(String(chunk)); done(); } });
    const logger = createLogger({ level: 'info', destination });
    const sql = "SELECT id FROM vouches WHERE pending_key = '1:+15557000026'";
    const driver = Object.assign(new Error('read ECONNRESET'), { sql, fatal: true });
    const error = Object.assign(new Error('Duplicate entry \'+15557000026\' for key'), { name: 'SequelizeDatabaseError', sql, parameters: ['+15557000026'], parent: driver, original: driver });
    logger.error({ err: error }, 'request failed: 500');
    const line = lines.join('');
    expect(line).not.toContain('5557000026');
    expect(line).not.toContain('pending_key');
    expect(JSON.parse(line).err).toMatchObject({ name: 'SequelizeDatabaseError', message: "Duplicate entry '+1•••••••0026' for key", parent: { message: 'read ECONNRESET', fatal: true } });
  });

  it('shows URLs without query values or vouch tokens', () => {
    expect(loggableUrl('/api/dev/sms-outbox?phone=+15551234567&x=1')).toBe('/api/dev/sms-outbox?phone=…&x=…');
    expect(loggableUrl('/api/vouches/public/AbC123-xyz?ref=sms')).toBe('/api/vouches/public/…?ref=…');
    expect(loggableUrl('/vouch/AbC123-xyz')).toBe('/vouch/…');
    expect(loggableUrl('/api/vouches/my')).toBe('/api/vouches/my');
  });

  it('masks all but the country prefix and the last four digits', () => {
    expect(maskPhone('+15551234567')).toBe('+1•••••••4567');
    expect(maskPhone('12')).toBe('••••');
  });
});

describe('createLogger on standard output', () => {
  // Lines go out without blocking the event loop; a process that logs and exits at once (a
  // script's last line, a crash) must still have written them all, in order.
  it('has written every line, in order, when the process exits right after logging them', () => {
    const source = `const { createLogger } = require('./src/logger.ts');
      const logger = createLogger({ level: 'info', name: 'exiting' });
      for (let i = 1; i <= 2000; i += 1) logger.info({ line: i }, 'busy');
      logger.error('last words');
      process.exit(3);`;
    const run = spawnSync(process.execPath, ['--import', 'tsx', '--eval', source], { cwd: path.resolve(__dirname, '..'), encoding: 'utf8', timeout: 60_000 });
    expect(run.status).toBe(3);
    const lines = run.stdout.trim().split('\n').map((line) => JSON.parse(line) as { line?: number; msg: string });
    expect(lines).toHaveLength(2001);
    expect(lines.slice(0, 2000).map((l) => l.line)).toEqual(Array.from({ length: 2000 }, (_, i) => i + 1));
    expect(lines[2000]).toMatchObject({ msg: 'last words', level: 50 });
  });
});

describe('a standalone service’s request log (issue 26 item 9)', () => {
  it('leaves out query values and vouch tokens, as the gateway’s does', async () => {
    const lines: string[] = [];
    const destination = new Writable({ write(chunk, _e, done) { lines.push(String(chunk)); done(); } });
    const logger = createLogger({ level: 'info', destination });
    const service: ServiceDefinition = { name: 'vouches', prefixes: ['/api'], migrations: [], router: () => Router() };
    const app = createServiceApp(service, { db: {} as Database, logger, env: { NODE_ENV: 'test' } });
    await supertest(app).get('/api/dev/sms-outbox?phone=%2B15551234567').expect(404);
    await supertest(app).get('/api/vouches/public/Secret-Vouch-Token-123').expect(404);
    const logged = lines.map((line) => JSON.parse(line) as { url?: string }).filter((line) => line.url).map((line) => line.url);
    expect(logged).toEqual(['/api/dev/sms-outbox?phone=…', '/api/vouches/public/…']);
  });
});

describe('a standalone service answers conditional GETs', () => {
  it('a matching If-None-Match is a 304 even with Cache-Control: no-cache (what fetch sends with it)', async () => {
    const router = Router();
    router.get('/api/things', (_req, res) => {
      res.json([{ id: 1 }]);
    });
    const service: ServiceDefinition = { name: 'vouches', prefixes: ['/api'], migrations: [], router: () => router };
    const app = createServiceApp(service, { db: {} as Database, logger: createLogger({ level: 'silent' }), env: { NODE_ENV: 'test' } });
    const etag = (await supertest(app).get('/api/things').expect(200)).headers.etag!;
    await supertest(app).get('/api/things').set('If-None-Match', etag).set('Cache-Control', 'no-cache').expect(304);
    await supertest(app).get('/api/things').set('If-None-Match', '"other"').set('Cache-Control', 'no-cache').expect(200);
  });
});

describe('signed identity between the gateway and a standalone service', () => {
  const auth = { sessionId: 's1', phone: '+15551234567', memberId: 3 };
  const secret = 'test-secret';

  it('round-trips for the same request', () => {
    const headers = signInternalAuth(secret, auth, 'POST', '/api/vouches');
    expect(verifyInternalAuth(secret, headers, 'POST', '/api/vouches')).toEqual(auth);
  });

  it('no headers means anonymous', () => {
    expect(verifyInternalAuth(secret, {}, 'GET', '/x')).toBeNull();
  });

  it('refuses a forged, replayed elsewhere, stale or unsigned identity', () => {
    const headers = signInternalAuth(secret, auth, 'POST', '/api/vouches');
    const forged = { ...headers, 'x-vouch-auth': Buffer.from(JSON.stringify({ auth: { ...auth, memberId: 1 } })).toString('base64url') };
    expect(() => verifyInternalAuth(secret, forged, 'POST', '/api/vouches')).toThrow(Problem);
    expect(() => verifyInternalAuth(secret, headers, 'DELETE', '/api/vouches')).toThrow(Problem);
    expect(() => verifyInternalAuth(secret, headers, 'POST', '/api/vouches', Date.now() + 120_000)).toThrow(Problem);
    expect(() => verifyInternalAuth('other', headers, 'POST', '/api/vouches')).toThrow(Problem);
    expect(() => verifyInternalAuth(undefined, headers, 'POST', '/api/vouches')).toThrow(Problem);
  });

  it('carries the client address and the body digest, and a nonce is good once within its minute', () => {
    const nonces = new NonceRegister();
    const now = Date.now();
    const headers = signInternalAuth(secret, auth, 'POST', '/api/vouches', { ip: '203.0.113.7', body: Buffer.from('{"a":1}'), now });
    expect(verifyForwardedIdentity(secret, headers, 'POST', '/api/vouches', now, nonces)).toEqual({ auth, ip: '203.0.113.7', body: bodyDigest(Buffer.from('{"a":1}')) });
    expect(() => verifyForwardedIdentity(secret, headers, 'POST', '/api/vouches', now + 1, nonces)).toThrow(Problem);
    // Another nonce, same request: a new request. A used nonce is forgotten once its signature has expired anyway.
    expect(verifyForwardedIdentity(secret, signInternalAuth(secret, auth, 'POST', '/api/vouches', { now }), 'POST', '/api/vouches', now, nonces).auth).toEqual(auth);
    expect(nonces.use('n1', now + 60_000, now)).toBe(true);
    expect(nonces.use('n1', now + 60_000, now + 1)).toBe(false);
    expect(nonces.use('n2', now + 200_000, now + 120_000)).toBe(true);
    expect(nonces.use('n1', now + 180_000, now + 120_000)).toBe(true);
  });
});
