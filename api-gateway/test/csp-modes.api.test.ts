// The Content-Security-Policy of `npm start` in every NODE_ENV: it serves production builds, so
// no page may allow eval. Only `npm run dev` (scripts/dev.mjs, which sets VOUCH_DEV_BUILDS=1)
// serves webpack development builds that need it. The gateway runs as its own process, started
// the way scripts/start.mjs starts it.
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import supertest from 'supertest';
import { openDatabase, runMigrations, type Database } from '@vouch/service-core';
import { allMigrations, createApp } from '../src';
import { freePort } from './support/gateway-process';
import { COMPLETE_PRODUCTION_ENV } from './support/production-env';

jest.setTimeout(120_000);

const root = path.resolve(__dirname, '../..');
const PAGES = ['/', '/dashboard', '/vouch/some-token', '/api/health'];

/** Starts api-gateway/src/server.ts as `npm start` does and waits until it answers. */
async function startGateway(nodeEnv: string, dir: string): Promise<{ url: string; child: ChildProcess }> {
  const port = await freePort();
  const child = spawn(process.execPath, ['--import', 'tsx', path.join(root, 'api-gateway', 'src', 'server.ts')], {
    cwd: root,
    // Production starts only with its whole configuration (docs/security.md).
    env: { ...process.env, ...(nodeEnv === 'production' ? COMPLETE_PRODUCTION_ENV : {}), NODE_ENV: nodeEnv, PORT: String(port), DATABASE_URL: `sqlite:${path.join(dir, `${nodeEnv}.sqlite`)}`, LOG_LEVEL: 'warn', VOUCH_DEV_BUILDS: '' },
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let stderr = '';
  child.stderr?.on('data', (chunk) => (stderr += chunk));
  const url = `http://127.0.0.1:${port}`;
  for (const started = Date.now(); Date.now() - started < 90_000; await new Promise((resolve) => setTimeout(resolve, 250))) {
    if (child.exitCode !== null) throw new Error(`the gateway (NODE_ENV=${nodeEnv}) exited: ${stderr}`);
    if ((await fetch(`${url}/api/health`).then((res) => res.status, () => 0)) === 200) return { url, child };
  }
  throw new Error(`the gateway (NODE_ENV=${nodeEnv}) did not answer: ${stderr}`);
}

describe('npm start: no page allows eval, in any NODE_ENV', () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'vouch-csp-'));
  const gateways = new Map<string, { url: string; child: ChildProcess }>();

  beforeAll(async () => {
    for (const [mode, gateway] of await Promise.all(['development', 'test', 'production'].map(async (mode) => [mode, await startGateway(mode, dir)] as const))) gateways.set(mode, gateway);
  });
  afterAll(async () => {
    await Promise.all([...gateways.values()].map(({ child }) => new Promise((resolve) => (child.exitCode !== null ? resolve(null) : (child.once('exit', resolve), child.kill('SIGTERM'))))));
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it.each(['development', 'test', 'production'])('with NODE_ENV=%s, no page’s script-src allows eval', async (mode) => {
    const { url } = gateways.get(mode)!;
    for (const page of PAGES) {
      const csp = (await fetch(`${url}${page}`)).headers.get('content-security-policy') ?? '';
      const scriptSrc = /(?:^|;)\s*(script-src [^;]*)/.exec(csp)?.[1];
      expect({ page, scriptSrc }).toEqual({ page, scriptSrc: expect.stringMatching(/^script-src 'self'/) });
      expect({ page, csp }).toEqual({ page, csp: expect.not.stringContaining('unsafe-eval') });
    }
  });
});

describe('npm run dev: the development builds may use eval', () => {
  let db: Database;
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'vouch-csp-dev-'));
  beforeAll(async () => {
    db = await openDatabase(path.join(dir, 'dev.sqlite'));
    await runMigrations(db, allMigrations);
  });
  afterAll(async () => {
    await db.close();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it('allows eval only with VOUCH_DEV_BUILDS=1 (what scripts/dev.mjs passes), never in production', async () => {
    const csp = async (env: NodeJS.ProcessEnv) => (await supertest(createApp({ db, env: { ...process.env, LOG_LEVEL: 'silent', ...env } })).get('/')).headers['content-security-policy'];
    expect(await csp({ NODE_ENV: 'development', VOUCH_DEV_BUILDS: '1' })).toMatch(/script-src 'self'[^;]* 'unsafe-eval'/);
    expect(await csp({ NODE_ENV: 'development', VOUCH_DEV_BUILDS: '' })).not.toContain('unsafe-eval');
    expect(await csp({ ...COMPLETE_PRODUCTION_ENV, VOUCH_DEV_BUILDS: '1' })).not.toContain('unsafe-eval');
  });
});
