// The gateway (or one standalone service) as its own process, started the way `npm start` and
// `node scripts/service.mjs <name>` start it: for what happens at start-up.
import { spawn } from 'node:child_process';
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

export type StartOutcome = { exited: number | null; output: string } | { listening: string; output: string };

/**
 * Runs `api-gateway/src/server.ts` (no `service`) or `api-gateway/src/standalone.ts <service>`
 * with exactly `env` added to this process's, until it exits or answers GET `healthPath`; a
 * process that answers is stopped again. Resolves with its exit code or its URL, and its output.
 */
export async function startOnce(env: Record<string, string>, service?: string, timeoutMs = 60_000): Promise<StartOutcome> {
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
      child.kill('SIGTERM');
      await exited;
      return { listening: url, output };
    }
  }
  child.kill('SIGKILL');
  throw new Error(`neither started nor exited within ${timeoutMs} ms: ${output}`);
}
