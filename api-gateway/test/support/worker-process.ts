// The worker as `npm run worker` runs it, in its own process: tests that need the real thing
// (it must stay alive on its own, and compute off the gateway's event loop).
import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import { REPO_ROOT } from '../../src';

export interface WorkerProcess {
  child: ChildProcess;
  /** Everything it logged (pino JSON lines on stdout, errors on stderr). */
  output: string[];
}

/**
 * Spawns worker/src/main.ts (or `script`, a test's own entry starting the worker) on `databaseUrl`;
 * resolves once it logged "worker started".
 */
export async function startWorkerProcess(databaseUrl: string, env: Record<string, string> = {}, script = path.join(REPO_ROOT, 'worker', 'src', 'main.ts')): Promise<WorkerProcess> {
  const child = spawn(process.execPath, ['--import', 'tsx', script], {
    cwd: REPO_ROOT,
    // LOG_LEVEL info: its "worker started" line tells that it is up.
    env: { ...process.env, NODE_ENV: 'test', DATABASE_URL: databaseUrl, ...env, LOG_LEVEL: 'info' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const output: string[] = [];
  const started = new Promise<void>((resolve, reject) => {
    const collect = (chunk: Buffer) => {
      output.push(chunk.toString());
      if (output.join('').includes('"worker started"')) resolve();
    };
    child.stdout!.on('data', collect);
    child.stderr!.on('data', collect);
    child.once('exit', (code) => reject(new Error(`the worker exited with ${code} before starting: ${output.join('')}`)));
  });
  const timeout = new Promise<never>((_, reject) => setTimeout(() => reject(new Error(`the worker did not start within 60 s: ${output.join('')}`)), 60_000).unref());
  try {
    await Promise.race([started, timeout]);
  } catch (error) {
    child.kill('SIGKILL');
    throw error;
  }
  return { child, output };
}

/** SIGTERM (graceful stop) to any child process (a worker, a gateway); resolves with the exit code. */
export function stopProcess(child: ChildProcess): Promise<number | null> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve(child.exitCode);
  return new Promise((resolve) => {
    const force = setTimeout(() => child.kill('SIGKILL'), 15_000);
    child.once('exit', (code) => {
      clearTimeout(force);
      resolve(code);
    });
    child.kill('SIGTERM');
  });
}

export const stopWorkerProcess = (worker: WorkerProcess) => stopProcess(worker.child);
