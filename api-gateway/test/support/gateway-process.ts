// The gateway (or one standalone service) as its own process, started the way `npm start` and
// `node scripts/service.mjs <name>` start it: for what happens at start-up.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import { REPO_ROOT } from '../../src';

/** A port nobody listens on right now. */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

/** Every process below `pid`, with its command line (Linux /proc). */
export function descendants(pid: number): { pid: number; argv: string[] }[] {
  const parentOf = new Map<number, number>();
  for (const entry of fs.readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = fs.readFileSync(`/proc/${entry}/stat`, 'utf8');
      parentOf.set(Number(entry), Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]));
    } catch {
      // gone meanwhile
    }
  }
  const below = (ancestor: number, child: number): boolean => {
    for (let current = parentOf.get(child); current !== undefined && current > 1; current = parentOf.get(current)) if (current === ancestor) return true;
    return false;
  };
  const found: { pid: number; argv: string[] }[] = [];
  for (const child of parentOf.keys()) {
    if (!below(pid, child)) continue;
    try {
      found.push({ pid: child, argv: fs.readFileSync(`/proc/${child}/cmdline`, 'utf8').split('\0').filter(Boolean) });
    } catch {
      // gone meanwhile
    }
  }
  return found;
}

export type StartOutcome = { exited: number | null; output: string } | { listening: string; output: string };

/** A gateway (or service) process that answers: its URL, what it printed so far, and how to stop it. */
export interface RunningProcess {
  url: string;
  output: () => string;
  stop: () => Promise<void>;
}

/**
 * Runs `api-gateway/src/server.ts` (no `service`) or `api-gateway/src/standalone.ts <service>`
 * with exactly `env` added to this process's, until it exits or answers GET `healthPath`.
 * Resolves with its exit code and output, or with the running process (the caller stops it).
 */
export async function launch(env: Record<string, string>, service?: string, timeoutMs = 60_000): Promise<{ exited: number | null; output: string } | RunningProcess> {
  const port = await freePort();
  const entry = service ? ['standalone.ts', service] : ['server.ts'];
  const child = spawn(process.execPath, ['--import', 'tsx', path.join(REPO_ROOT, 'api-gateway', 'src', entry[0]!), ...entry.slice(1)], {
    cwd: REPO_ROOT,
    env: { ...process.env, HOST: '127.0.0.1', LOG_LEVEL: 'warn', ...env, PORT: String(port) },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout!.on('data', (chunk) => (output += chunk));
  child.stderr!.on('data', (chunk) => (output += chunk));
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  const url = `http://127.0.0.1:${port}`;
  const healthPath = service ? '/healthz' : '/api/health';
  for (const started = Date.now(); Date.now() - started < timeoutMs; await new Promise((resolve) => setTimeout(resolve, 200))) {
    if (child.exitCode !== null) return { exited: await exited, output };
    if ((await fetch(`${url}${healthPath}`).then((res) => res.status, () => 0)) === 200) {
      const stop = async () => {
        if (child.exitCode === null) child.kill('SIGTERM');
        await exited;
      };
      return { url, output: () => output, stop };
    }
  }
  child.kill('SIGKILL');
  throw new Error(`neither started nor exited within ${timeoutMs} ms: ${output}`);
}

/** launch, then stop a process that answers: for what happens at start-up. */
export async function startOnce(env: Record<string, string>, service?: string, timeoutMs = 60_000): Promise<StartOutcome> {
  const outcome = await launch(env, service, timeoutMs);
  if ('exited' in outcome) return outcome;
  await outcome.stop();
  return { listening: outcome.url, output: outcome.output() };
}
