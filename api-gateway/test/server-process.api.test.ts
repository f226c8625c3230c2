// `npm start` runs the server compiled to JavaScript (scripts/build-server.mjs) with plain node, the
// worker beside it; `npm run dev` still runs the gateway from TypeScript source through tsx. Each is
// started as a newcomer starts it, and the processes it leaves running are read from /proc.
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { REPO_ROOT } from '../src';
import { descendants, freePort } from './support/gateway-process';
import { stopProcess } from './support/worker-process';

// Building the server, migrating a fresh database, starting webpack beside the dev gateway.
jest.setTimeout(240_000);

interface Started {
  child: ChildProcess;
  url: string;
  output: string[];
}

async function startScript(script: string, args: string[], env: Record<string, string>): Promise<Started> {
  const port = await freePort();
  // detached: its own process group, so the test can stop everything it started.
  const child = spawn(process.execPath, [path.join(REPO_ROOT, 'scripts', script), ...args], {
    cwd: REPO_ROOT,
    env: { ...process.env, LOG_LEVEL: 'info', PORT: String(port), HOST: '127.0.0.1', OTP_SECRET: 'server-process-test', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
    detached: true,
  });
  const output: string[] = [];
  child.stdout!.on('data', (chunk: Buffer) => output.push(chunk.toString()));
  child.stderr!.on('data', (chunk: Buffer) => output.push(chunk.toString()));
  const url = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 180_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`${script} exited with ${child.exitCode}: ${output.join('')}`);
    try {
      if ((await fetch(`${url}/api/health`)).ok) return { child, url, output };
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 300));
  }
  process.kill(-child.pid!, 'SIGKILL');
  throw new Error(`${script} did not answer within 180 s: ${output.join('')}`);
}

describe('the server as npm start and npm run dev run it', () => {
  let dir: string;
  beforeAll(() => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'vouch-server-process-'));
  });
  afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

  it('npm start builds the server, runs the compiled gateway and worker with plain node, and answers as before', async () => {
    const started = await startScript('start.mjs', [], { DATABASE_URL: `sqlite:${path.join(dir, 'start.sqlite')}`, VOUCH_WEB_BUILD: 'off' });
    try {
      const commands = descendants(started.child.pid!).map(({ argv }) => argv.join(' '));
      expect(commands).toContainEqual(`${process.execPath} ${path.join(REPO_ROOT, 'api-gateway', 'dist', 'server.js')}`);
      expect(commands).toContainEqual(`${process.execPath} ${path.join(REPO_ROOT, 'worker', 'dist', 'main.js')}`);
      expect(commands.join('\n')).not.toMatch(/tsx|\.ts\b/);

      const res = await fetch(`${started.url}/api/user/profile`);
      expect(res.status).toBe(401);
      expect(res.headers.get('content-type')).toMatch(/^application\/problem\+json/);
      expect(await res.json()).toMatchObject({ status: 401, code: 'SESSION_MISSING' });
      // The same log lines as from source: the gateway's request line, the worker's start.
      const waitFor = async (pattern: RegExp) => {
        for (let i = 0; i < 100 && !pattern.test(started.output.join('')); i += 1) await new Promise((resolve) => setTimeout(resolve, 200));
        return started.output.join('');
      };
      expect(await waitFor(/"name":"gateway".*"url":"\/api\/user\/profile"\},"res":\{"statusCode":401\}.*"msg":"request completed"/)).toMatch(/"msg":"request completed"/);
      expect(await waitFor(/"name":"worker".*"msg":"worker started"/)).toMatch(/"msg":"worker started"/);
    } finally {
      expect(await stopProcess(started.child)).toBe(0);
    }
  });

  it('npm run dev runs the gateway from TypeScript source through tsx', async () => {
    const started = await startScript('dev.mjs', ['mf-subscription'], { DATABASE_URL: `sqlite:${path.join(dir, 'dev.sqlite')}` });
    try {
      const commands = descendants(started.child.pid!).map(({ argv }) => argv.join(' '));
      expect(commands.some((command) => /tsx/.test(command) && command.includes('api-gateway/src/server.ts'))).toBe(true);
      expect(commands.join('\n')).not.toMatch(/dist\/server\.js/);
      expect((await fetch(`${started.url}/api/user/profile`)).status).toBe(401);
    } finally {
      process.kill(-started.child.pid!, 'SIGTERM');
      await new Promise((resolve) => setTimeout(resolve, 1000));
      try {
        process.kill(-started.child.pid!, 'SIGKILL');
      } catch {
        // already gone
      }
    }
  });
});
