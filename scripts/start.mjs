#!/usr/bin/env node
// `npm start`: build the web apps and the server when they are not built or older than their
// source (scripts/build-frontends.mjs and scripts/build-server.mjs skip up-to-date ones, so later
// starts take seconds), then run the gateway compiled to JavaScript (api-gateway/dist/server.js)
// with plain node; `npm run dev` runs it from TypeScript source through tsx. The gateway migrates
// the database and serves everything on PORT (default 3000); VOUCH_WEB_BUILD=off skips the web
// apps' build (built elsewhere, or the API alone). Beside it runs the worker (worker/: the
// reputation model and other whole-network work, off the request path); VOUCH_WORKER=off leaves
// it out (when workers run elsewhere, docs/scaling.md).
//
// Then it supervises them, as a process manager would (docs/deployment.md "Running it"):
// - one SIGTERM or SIGINT, however it arrives (to npm, whose script `exec`s this file so npm's
//   forwarded signal reaches it; to this process; to the whole process group), stops both: the
//   gateway drains (requests in flight answered, keep-alive connections closed) and exits 0, the
//   worker finishes its run. Repeats change nothing. The parent going away (npm killed) stops
//   them too, and the children stop by themselves if this process dies (their IPC channel closes);
// - a worker that stops is started again (after 1 s, then 2, 4, 8, 15, 30 s while it keeps
//   failing) while the gateway keeps serving;
// - the exit code is the gateway's: 0 after a requested stop, its own code when it failed, 128 +
//   the signal's number when a signal killed it (137: SIGKILL, the OOM killer), 1 when stopping
//   took longer than STOP_TIMEOUT_MS (both were then killed).
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

const root = path.resolve(path.dirname(new URL(import.meta.url).pathname), '..');
const build = path.join(root, 'scripts', 'build-frontends.mjs');
const buildServer = path.join(root, 'scripts', 'build-server.mjs');

if (process.env.VOUCH_WEB_BUILD === 'off') {
  // The web apps are built elsewhere (or not served from here).
} else if (fs.existsSync(build)) {
  const result = spawnSync(process.execPath, [build], { cwd: root, stdio: 'inherit' });
  if (result.status !== 0) {
    console.error('Building the web apps failed; see above. (The API alone: node scripts/build-server.mjs && node api-gateway/dist/server.js)');
    process.exit(result.status ?? 1);
  }
} else {
  console.warn('scripts/build-frontends.mjs does not exist yet: starting the gateway without building the web apps.');
}

const serverBuild = spawnSync(process.execPath, [buildServer], { cwd: root, stdio: 'inherit' });
if (serverBuild.status !== 0) {
  console.error('Building the server failed; see above.');
  process.exit(serverBuild.status ?? 1);
}

// The local demo (docs/security.md): with NODE_ENV unset, `npm start` is a development server on
// this machine (console SMS and the dev outbox, local billing). NODE_ENV=production, or
// VOUCH_LOCAL_DEMO=0, runs with production's settings and needs their configuration.
const env = { ...process.env };
if (env.NODE_ENV === undefined && env.VOUCH_LOCAL_DEMO === undefined) env.VOUCH_LOCAL_DEMO = '1';
if (env.VOUCH_LOCAL_DEMO === '1' && env.NODE_ENV !== 'production') {
  console.log('Local demo (VOUCH_LOCAL_DEMO=1): sign-in codes go to this log and the dev SMS outbox, paid plans are granted without payment. Not for a public server, nor behind a proxy or tunnel on this machine (the outbox trusts requests from here): set NODE_ENV=production (docs/deployment.md).');
}
/** How long the gateway's drain (10 s) and the worker's run in progress may take before both are killed. */
const STOP_TIMEOUT_MS = 20_000;
/** Pauses before starting a worker that stopped again; back to the first once one ran a minute. */
const WORKER_RESTART_MS = [1_000, 2_000, 4_000, 8_000, 15_000, 30_000];
const WORKER_STEADY_MS = 60_000;

/** One JSON line, as the gateway and the worker log (pino's shape), so one log pipeline reads all three. */
function log(level, msg, fields = {}) {
  const levels = { info: 30, warn: 40, error: 50 };
  process.stdout.write(`${JSON.stringify({ level: levels[level], time: Date.now(), pid: process.pid, name: 'start', ...fields, msg })}\n`);
}

const describeExit = (code, signal) => (signal ? `signal ${signal}` : `exit code ${code}`);
const alive = (child) => child !== null && child.exitCode === null && child.signalCode === null;

// The IPC channel: when this process dies, however, each child sees it close and stops by itself.
const run = (entry) => spawn(process.execPath, [path.join(root, entry)], { cwd: root, stdio: ['inherit', 'inherit', 'inherit', 'ipc'], env });

let stopping = null;
let workerRestarts = 0;
let restartTimer = null;
let worker = null;
const server = run('api-gateway/dist/server.js');
log('info', 'starting the gateway', { gatewayPid: server.pid });

function startWorker() {
  restartTimer = null;
  const child = run('worker/dist/main.js');
  const startedAt = Date.now();
  worker = child;
  log('info', 'starting the worker', { workerPid: child.pid, restarts: workerRestarts });
  child.on('exit', (code, signal) => {
    if (worker === child) worker = null;
    if (stopping) return exitWhenBothStopped();
    if (Date.now() - startedAt >= WORKER_STEADY_MS) workerRestarts = 0;
    const pause = WORKER_RESTART_MS[Math.min(workerRestarts, WORKER_RESTART_MS.length - 1)];
    workerRestarts += 1;
    log('error', `The worker stopped (${describeExit(code, signal)}); the gateway keeps serving; starting it again in ${pause / 1000} s.`, { code, signal, restartInMs: pause, restarts: workerRestarts });
    restartTimer = setTimeout(startWorker, pause);
  });
}
// The worker waits for the gateway's migrations itself.
if (process.env.VOUCH_WORKER !== 'off') startWorker();

function stop(reason) {
  if (stopping) {
    log('info', 'already stopping', { reason });
    return;
  }
  stopping = reason;
  log('info', 'stopping', { reason });
  if (restartTimer) clearTimeout(restartTimer);
  // Each child is told once; one that got the process group's signal already ignores a repeat.
  for (const child of [server, worker]) if (alive(child)) child.kill('SIGTERM');
  setTimeout(() => {
    log('error', `Not stopped within ${STOP_TIMEOUT_MS / 1000} s; killing what is left.`);
    for (const child of [server, worker]) if (alive(child)) child.kill('SIGKILL');
    process.exit(1);
  }, STOP_TIMEOUT_MS).unref();
  exitWhenBothStopped();
}

function exitWhenBothStopped() {
  if (alive(server) || alive(worker)) return;
  const { exitCode, signalCode } = server;
  const code = signalCode ? 128 + (os.constants.signals[signalCode] ?? 0) : exitCode ?? 1;
  log(code === 0 ? 'info' : 'error', 'stopped', { code, reason: stopping });
  process.exit(code);
}

server.on('exit', (code, signal) => {
  if (stopping) return exitWhenBothStopped();
  log(code === 0 ? 'info' : 'error', `The gateway stopped (${describeExit(code, signal)}); stopping the worker.`, { code, signal });
  stop('gateway stopped');
});

for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => stop(signal));

// npm start's shell or npm itself stopped without passing the signal on (killed): this process
// was handed to another parent. A supervisor that is gone must not leave the port taken.
const parent = process.ppid;
setInterval(() => {
  if (process.ppid !== parent) stop('parent gone');
}, 500).unref();
