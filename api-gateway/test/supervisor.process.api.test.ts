// `npm start` as a supervisor (issue 42; scripts/start.mjs): one SIGTERM drains the gateway
// however it arrives — to npm, to start.mjs, to the whole process group as systemd and Kubernetes
// send it — so a request in flight is answered 200 with `Connection: close` and everything exits
// 0; a worker that dies is started again while the gateway keeps serving; a gateway that dies
// ends the supervisor with an exit code that says so; a supervisor killed outright (SIGKILL to
// start.mjs or to npm) leaves nothing running, and a SIGTERM while the gateway still migrates
// stops it after the migration in progress. Each instance is started as a newcomer
// starts it, in a process group of its own, on a fresh SQLite file.
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { REPO_ROOT } from '../src';
import { descendants, freePort } from './support/gateway-process';
import { until } from './support/until';

// Building the server when stale, migrating a fresh database, three instances in turn.
jest.setTimeout(240_000);



interface Instance {
  /** npm, or node scripts/start.mjs: the process the test started (its group's leader). */
  child: ChildProcess;
  port: number;
  output: string[];
  exited: Promise<number | null>;
  /** The pid of the process below the leader whose command line ends with `entry`. */
  pidOf(entry: string): number | undefined;
}

async function startInstance(dir: string, how: 'npm' | 'node'): Promise<Instance> {
  const port = await freePort();
  const env: NodeJS.ProcessEnv = { ...process.env, PORT: String(port), HOST: '127.0.0.1', DATABASE_URL: `sqlite:${path.join(dir, `${how}-${port}.sqlite`)}`, VOUCH_WEB_BUILD: 'off', LOG_LEVEL: 'info', OTP_SECRET: 'supervisor-test' };
  delete env.NODE_ENV; // as a newcomer runs it: the local demo
  const [command, args] = how === 'npm' ? ['npm', ['start']] : [process.execPath, [path.join(REPO_ROOT, 'scripts', 'start.mjs')]];
  // detached: a process group of its own, as a service manager gives it.
  const child = spawn(command, args as string[], { cwd: REPO_ROOT, env, stdio: ['ignore', 'pipe', 'pipe'], detached: true });
  const output: string[] = [];
  child.stdout!.on('data', (chunk: Buffer) => output.push(chunk.toString()));
  child.stderr!.on('data', (chunk: Buffer) => output.push(chunk.toString()));
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  const pidOf = (entry: string) => descendants(child.pid!).find(({ argv }) => argv.at(-1)?.endsWith(entry))?.pid;
  try {
    await until('the gateway to answer', async () => {
      if (child.exitCode !== null) throw new Error(`${command} exited with ${child.exitCode}: ${output.join('')}`);
      const workerUp = /"name":"worker"[^\n]*"msg":"worker started"/.test(output.join(''));
      return workerUp && (await fetch(`http://127.0.0.1:${port}/api/health`)).ok ? true : undefined;
    }, 180_000);
  } catch (error) {
    process.kill(-child.pid!, 'SIGKILL');
    throw new Error(`${(error as Error).message}\n${output.join('')}`);
  }
  return { child, port, output, exited, pidOf };
}

/** Whatever is left of an instance's group, killed (a test that failed half-way). */
function killGroup(instance: Instance | undefined) {
  try {
    if (instance) process.kill(-instance.child.pid!, 'SIGKILL');
  } catch {
    // already gone
  }
}

/**
 * A request the gateway holds: its headers sent with `Expect: 100-continue`, its body not yet.
 * Node answers "100 Continue" once the request is in the gateway's hands, so the test knows the
 * drain must wait for it; `finish()` sends the body and resolves with the raw answer once the
 * connection closes.
 */
async function heldRequest(port: number): Promise<{ finish(): Promise<string> }> {
  const body = JSON.stringify({ phone: '+14155550142' });
  const socket = net.connect(port, '127.0.0.1');
  await new Promise((resolve) => socket.once('connect', resolve));
  let response = '';
  socket.on('data', (chunk) => (response += chunk));
  const closed = new Promise((resolve) => socket.once('close', resolve));
  socket.write(`POST /api/auth/request-otp HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\nContent-Type: application/json\r\nContent-Length: ${body.length}\r\nExpect: 100-continue\r\n\r\n`);
  await until('the gateway to take the request (100 Continue)', () => (response.startsWith('HTTP/1.1 100 Continue\r\n') ? true : undefined), 10_000);
  response = '';
  return {
    async finish() {
      // write, not end: a half-closed socket counts as an aborted request for Node's HTTP server.
      socket.write(body);
      await closed;
      return response;
    },
  };
}

/** True once the port refuses new connections (the gateway stopped listening). */
const refused = (port: number) =>
  new Promise<true | undefined>((resolve) => {
    const probe = net.connect(port, '127.0.0.1', () => {
      probe.destroy();
      resolve(undefined);
    });
    probe.on('error', (error: NodeJS.ErrnoException) => resolve(error.code === 'ECONNREFUSED' ? true : undefined));
  });

describe('npm start as a supervisor', () => {
  let dir: string;
  let instance: Instance | undefined;
  beforeAll(() => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'vouch-supervisor-'));
  });
  afterEach(() => killGroup(instance));
  afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

  const signals: [string, 'npm' | 'node', (i: Instance) => void][] = [
    ['to npm', 'npm', (i) => process.kill(i.child.pid!, 'SIGTERM')],
    ['to start.mjs', 'node', (i) => process.kill(i.child.pid!, 'SIGTERM')],
    // systemd's KillMode=control-group and a terminal's Ctrl-C: every process at once; the gateway hears it twice.
    ['to the whole process group', 'npm', (i) => process.kill(-i.child.pid!, 'SIGTERM')],
  ];
  for (const [how, leader, send] of signals) {
    it(`one SIGTERM ${how}: the request in flight is answered 200 with Connection: close, new connections are refused, and everything exits 0`, async () => {
      instance = await startInstance(dir, leader);
      const gateway = instance.pidOf('api-gateway/dist/server.js')!;
      const held = await heldRequest(instance.port);
      send(instance);
      await until('new connections to be refused', () => refused(instance!.port), 15_000);
      const response = await held.finish();
      expect(response).toMatch(/^HTTP\/1\.1 200 /);
      expect(response).toMatch(/\r\nConnection: close\r\n/i);
      expect(response).toContain('"success":true');
      expect(await instance.exited).toBe(0);
      const log = instance.output.join('');
      // The gateway drained once, whatever number of signals reached it.
      expect(log.match(/"name":"gateway"[^\n]*"msg":"shutting down"/g)).toHaveLength(1);
      expect(log).toMatch(/"name":"worker"[^\n]*"msg":"worker stopped"/);
      expect(log).toMatch(/"name":"start"[^\n]*"code":0[^\n]*"msg":"stopped"/);
      expect(() => process.kill(gateway, 0)).toThrow();
    });
  }

  it('a worker that dies is started again while the gateway keeps serving; SIGTERM then stops both with 0', async () => {
    instance = await startInstance(dir, 'node');
    const first = instance.pidOf('worker/dist/main.js')!;
    process.kill(first, 'SIGKILL');
    const statuses: number[] = [];
    const second = await until('another worker', async () => {
      statuses.push((await fetch(`http://127.0.0.1:${instance!.port}/api/health`)).status);
      const pid = instance!.pidOf('worker/dist/main.js');
      return pid !== undefined && pid !== first ? pid : undefined;
    });
    expect(second).not.toBe(first);
    await until('the new worker to be up', () => ((instance!.output.join('').match(/"name":"worker"[^\n]*"msg":"worker started"/g)?.length ?? 0) >= 2 ? true : undefined));
    // The gateway answered all along.
    expect(statuses.length).toBeGreaterThan(0);
    expect(statuses.filter((status) => status !== 200)).toEqual([]);
    expect(instance.output.join('')).toMatch(/"name":"start"[^\n]*"signal":"SIGKILL"[^\n]*"msg":"The worker stopped \(signal SIGKILL\); the gateway keeps serving; starting it again in 1 s\."/);
    process.kill(instance.child.pid!, 'SIGTERM');
    expect(await instance.exited).toBe(0);
  });

  // A supervisor that is killed cannot pass anything on: what it started must stop by itself, or the port stays taken.
  const killed: [string, 'npm' | 'node'][] = [
    ['start.mjs (SIGKILL): the gateway and the worker see their channel close and stop', 'node'],
    ['npm (SIGKILL): start.mjs sees its parent gone and stops the gateway and the worker', 'npm'],
  ];
  for (const [what, leader] of killed) {
    it(`a killed ${what}; the port is free again`, async () => {
      instance = await startInstance(dir, leader);
      const gateway = instance.pidOf('api-gateway/dist/server.js')!;
      const worker = instance.pidOf('worker/dist/main.js')!;
      const supervisor = leader === 'npm' ? instance.pidOf('scripts/start.mjs')! : undefined;
      expect([gateway, worker, ...(leader === 'npm' ? [supervisor] : [])].every((pid) => typeof pid === 'number')).toBe(true);
      process.kill(instance.child.pid!, 'SIGKILL');
      const gone = (pid: number) => {
        try {
          process.kill(pid, 0);
          return undefined;
        } catch {
          return true;
        }
      };
      for (const pid of [gateway, worker, ...(supervisor ? [supervisor] : [])]) await until(`process ${pid} to stop`, () => gone(pid), 30_000);
      expect(await until('the port to be refused', () => refused(instance!.port))).toBe(true);
    });
  }

  it('SIGTERM while the gateway migrates a fresh database: it stops after the migration in progress, and npm start exits 0', async () => {
    const port = await freePort();
    const env: NodeJS.ProcessEnv = { ...process.env, PORT: String(port), HOST: '127.0.0.1', DATABASE_URL: `sqlite:${path.join(dir, 'migrating.sqlite')}`, VOUCH_WEB_BUILD: 'off', LOG_LEVEL: 'info', OTP_SECRET: 'supervisor-test' };
    delete env.NODE_ENV;
    const child = spawn(process.execPath, [path.join(REPO_ROOT, 'scripts', 'start.mjs')], { cwd: REPO_ROOT, env, stdio: ['ignore', 'pipe', 'pipe'], detached: true });
    instance = { child, port, output: [], exited: new Promise((resolve) => child.once('exit', (code) => resolve(code))), pidOf: () => undefined };
    const output = instance.output;
    child.stderr!.on('data', (chunk: Buffer) => output.push(chunk.toString()));
    child.stdout!.on('data', (chunk: Buffer) => {
      output.push(chunk.toString());
      if (/"name":"gateway"[^\n]*"msg":"migrating the database"/.test(output.join('')) && !child.killed) child.kill('SIGTERM');
    });
    // Not 1 (start.mjs killing a gateway that did not stop within 20 s): the gateway under a supervisor exits by itself.
    expect(await instance.exited).toBe(0);
    expect(output.join('')).toMatch(/"name":"gateway"[^\n]*"msg":"stopped after the migration in progress: \d+ migrations applied, \d+ left for the next run"/);
    expect(output.join('')).not.toMatch(/Vouch is listening|Not stopped within/);
  });

  it('a gateway that dies stops the worker, and the exit code tells the supervisor above: 128 + the signal', async () => {
    instance = await startInstance(dir, 'node');
    const worker = instance.pidOf('worker/dist/main.js')!;
    process.kill(instance.pidOf('api-gateway/dist/server.js')!, 'SIGKILL');
    // 137: SIGKILL (9), what the OOM killer does; systemd's Restart=on-failure starts the instance again.
    expect(await instance.exited).toBe(137);
    expect(() => process.kill(worker, 0)).toThrow();
    expect(instance.output.join('')).toMatch(/"msg":"The gateway stopped \(signal SIGKILL\); stopping the worker\."/);
  });
});
