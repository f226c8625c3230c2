#!/usr/bin/env node
// Proves that a workspace builds, tests and starts with nothing but its own npm scripts, as a
// feature team runs them: `npm run build`, `npm test` and `npm start` inside that folder.
// A web app starts its dev server and must answer its mf-manifest.json (a remote) or index.html
// (the shell); a service must answer /healthz and the gateway /api/health (each on a fresh SQLite
// file); a library only builds and tests.
// Usage: node scripts/workspace-alone.mjs mf-vouches services/vouches
// A web app's dist/ is removed first, so its build cannot lean on an earlier one.
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const START_TIMEOUT_MS = 180_000;

const folders = process.argv.slice(2);
if (!folders.length) {
  console.error('Usage: node scripts/workspace-alone.mjs <workspace folder> [...] (e.g. mf-vouches services/vouches)');
  process.exit(2);
}

/** WORKSPACE_ALONE_PORT when set (a fixed port to use), otherwise a free one. */
function freePort() {
  if (process.env.WORKSPACE_ALONE_PORT) return Promise.resolve(Number(process.env.WORKSPACE_ALONE_PORT));
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });
}

/** What `npm start` must answer in this workspace (by its package.json `vouch.role`), or null when it serves nothing. */
function startCheck(folder) {
  const { role } = JSON.parse(fs.readFileSync(path.join(root, folder, 'package.json'), 'utf8')).vouch ?? {};
  const onPort = (port) => ['--', '--port', String(port)];
  if (role === 'web-remote') return { web: true, args: onPort, env: () => ({}), path: '/mf-manifest.json' };
  if (role === 'web-host') return { web: true, args: onPort, env: () => ({}), path: '/' };
  if (role === 'backend-service' || role === 'backend-gateway') {
    const database = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'vouch-alone-')), 'alone.sqlite');
    const env = (port) => ({ PORT: String(port), DATABASE_URL: `sqlite:${database}`, LOG_LEVEL: 'warn' });
    return { web: false, args: () => [], env, path: role === 'backend-service' ? '/healthz' : '/api/health' };
  }
  return null;
}

function npm(folder, script, env = {}) {
  console.log(`\n--- ${folder}: npm run ${script}`);
  const run = spawnSync('npm', ['run', script], { cwd: path.join(root, folder), stdio: 'inherit', env: { ...process.env, ...env } });
  if (run.status !== 0) throw new Error(`\`npm run ${script}\` in ${folder} exited with ${run.status ?? run.signal}.`);
}

/** Runs `npm start` in `folder` until `check.path` answers 200, then stops it (its whole process group). */
async function startAndAnswer(folder, check) {
  const port = await freePort();
  console.log(`\n--- ${folder}: npm start (port ${port}), until ${check.path} answers`);
  const child = spawn('npm', ['start', ...check.args(port)], {
    cwd: path.join(root, folder),
    env: { ...process.env, ...check.env(port) },
    stdio: ['ignore', 'pipe', 'pipe'],
    detached: true,
  });
  let output = '';
  child.stdout.on('data', (chunk) => (output += chunk));
  child.stderr.on('data', (chunk) => (output += chunk));
  let exited = null;
  child.on('exit', (code, signal) => (exited = code ?? signal));
  const deadline = Date.now() + START_TIMEOUT_MS;
  try {
    for (;;) {
      if (exited !== null) throw new Error(`\`npm start\` in ${folder} exited with ${exited} before answering:\n${output.slice(-4000)}`);
      if (Date.now() > deadline) throw new Error(`\`npm start\` in ${folder} did not answer ${check.path} within ${START_TIMEOUT_MS / 1000} s:\n${output.slice(-4000)}`);
      const status = await fetch(`http://localhost:${port}${check.path}`).then((res) => res.status, () => null);
      if (status === 200) break;
      await new Promise((resolve) => setTimeout(resolve, 1000));
    }
    console.log(`${folder}: npm start answers ${check.path} on port ${port}`);
  } finally {
    if (exited === null) {
      const gone = new Promise((resolve) => child.once('exit', resolve));
      process.kill(-child.pid, 'SIGTERM');
      const force = setTimeout(() => process.kill(-child.pid, 'SIGKILL'), 10_000);
      await gone;
      clearTimeout(force);
    }
  }
}

const failures = [];
for (const folder of folders) {
  if (!fs.existsSync(path.join(root, folder, 'package.json'))) {
    failures.push(`${folder} is not a workspace folder.`);
    continue;
  }
  try {
    const check = startCheck(folder);
    if (check?.web) fs.rmSync(path.join(root, folder, 'dist'), { recursive: true, force: true });
    npm(folder, 'build');
    npm(folder, 'test');
    if (check) await startAndAnswer(folder, check);
  } catch (error) {
    failures.push(error instanceof Error ? error.message : String(error));
  }
}
if (failures.length) {
  console.error(`\n${failures.join('\n')}`);
  process.exit(1);
}
console.log(`\n${folders.join(', ')}: build, test and start work alone.`);
