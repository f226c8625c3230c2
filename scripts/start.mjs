#!/usr/bin/env node
// `npm start`: build the web apps that are not built yet (scripts/build-frontends.mjs skips
// up-to-date ones, so later starts take seconds), then run the gateway from TypeScript source
// through tsx. It migrates the database and serves everything on PORT (default 3000). Beside it
// runs the worker (worker/: the reputation model and other whole-network work, off the request
// path); VOUCH_WORKER=off leaves it out (when workers run elsewhere, docs/scaling.md).
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

const root = path.resolve(path.dirname(new URL(import.meta.url).pathname), '..');
const build = path.join(root, 'scripts', 'build-frontends.mjs');

if (fs.existsSync(build)) {
  const result = spawnSync(process.execPath, [build], { cwd: root, stdio: 'inherit' });
  if (result.status !== 0) {
    console.error('Building the web apps failed; see above. (The API alone: node --import tsx api-gateway/src/server.ts)');
    process.exit(result.status ?? 1);
  }
} else {
  console.warn('scripts/build-frontends.mjs does not exist yet: starting the gateway without building the web apps.');
}

// The local demo (docs/security.md): with NODE_ENV unset, `npm start` is a development server on
// this machine (console SMS and the dev outbox, local billing). NODE_ENV=production, or
// VOUCH_LOCAL_DEMO=0, runs with production's settings and needs their configuration.
const env = { ...process.env };
if (env.NODE_ENV === undefined && env.VOUCH_LOCAL_DEMO === undefined) env.VOUCH_LOCAL_DEMO = '1';
if (env.VOUCH_LOCAL_DEMO === '1' && env.NODE_ENV !== 'production') {
  console.log('Local demo (VOUCH_LOCAL_DEMO=1): sign-in codes go to this log and the dev SMS outbox, paid plans are granted without payment. Not for a public server: set NODE_ENV=production (docs/deployment.md).');
}
const run = (entry) => spawn(process.execPath, ['--import', 'tsx', path.join(root, entry)], { cwd: root, stdio: 'inherit', env });
const server = run('api-gateway/src/server.ts');
// The worker waits for the gateway's migrations itself.
const worker = process.env.VOUCH_WORKER === 'off' ? null : run('worker/src/main.ts');

// Both shut down gracefully on SIGTERM/SIGINT; pass them on. The gateway's exit code is ours;
// a worker that dies takes the gateway down with it (scores would silently stop moving).
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => [server, worker].forEach((child) => child?.kill(signal)));
server.on('exit', (code, signal) => {
  worker?.kill('SIGTERM');
  process.exitCode = code ?? (signal ? 1 : 0);
});
worker?.on('exit', (code) => {
  if (server.exitCode === null && server.signalCode === null) {
    console.error(`The worker stopped (exit code ${code}); stopping the gateway.`);
    server.kill('SIGTERM');
  }
});
