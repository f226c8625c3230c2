#!/usr/bin/env node
// `npm start`: build the web apps and the server when they are not built or older than their
// source (scripts/build-frontends.mjs and scripts/build-server.mjs skip up-to-date ones, so later
// starts take seconds), then run the gateway compiled to JavaScript (api-gateway/dist/server.js)
// with plain node; `npm run dev` runs it from TypeScript source through tsx. The gateway migrates
// the database and serves everything on PORT (default 3000); VOUCH_WEB_BUILD=off skips the web
// apps' build (built elsewhere, or the API alone). Beside it runs the worker (worker/: the
// reputation model and other whole-network work, off the request path); VOUCH_WORKER=off leaves
// it out (when workers run elsewhere, docs/scaling.md).
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
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
  console.log('Local demo (VOUCH_LOCAL_DEMO=1): sign-in codes go to this log and the dev SMS outbox, paid plans are granted without payment. Not for a public server: set NODE_ENV=production (docs/deployment.md).');
}
const run = (entry) => spawn(process.execPath, [path.join(root, entry)], { cwd: root, stdio: 'inherit', env });
const server = run('api-gateway/dist/server.js');
// The worker waits for the gateway's migrations itself.
const worker = process.env.VOUCH_WORKER === 'off' ? null : run('worker/dist/main.js');

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
