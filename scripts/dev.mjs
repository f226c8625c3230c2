#!/usr/bin/env node
// `npm run dev`: webpack --watch of the web apps (into their dist/, which the gateway serves)
// and the gateway under `tsx watch` (restarts on server changes). Reload the browser after a
// rebuild: hot reload across remotes is unreliable (DESIGN §1a).
// `npm run dev -- shell mf-vouches` watches only those apps (the others are served as built);
// `--list` prints the apps it knows (the shell and contracts' remotes.ts list) and exits.
import { spawn } from 'node:child_process';
import path from 'node:path';
import { WEB_APPS } from './web-apps.mjs';

const root = path.resolve(path.dirname(new URL(import.meta.url).pathname), '..');
const APPS = WEB_APPS;
if (process.argv.includes('--list')) {
  console.log(APPS.join('\n'));
  process.exit(0);
}
const chosen = process.argv.slice(2);
const unknown = chosen.filter((app) => !APPS.includes(app));
if (unknown.length) {
  console.error(`Unknown app(s): ${unknown.join(', ')}. Choose among: ${APPS.join(', ')}.`);
  process.exit(2);
}
const apps = chosen.length ? chosen : APPS;
// VOUCH_DEV_BUILDS: the gateway serves webpack development builds, which need eval in the CSP.
const env = { ...process.env, NODE_ENV: 'development', VOUCH_DEV_BUILDS: '1' };
const bin = (name) => path.join(root, 'node_modules', '.bin', name);

const children = [];
function run(label, command, args, cwd) {
  const child = spawn(command, args, { cwd, env, stdio: ['ignore', 'pipe', 'pipe'] });
  const prefix = `[${label}] `;
  for (const stream of [child.stdout, child.stderr]) {
    let pending = '';
    stream.on('data', (chunk) => {
      const lines = (pending + chunk).split('\n');
      pending = lines.pop() ?? '';
      for (const line of lines) process.stdout.write(prefix + line + '\n');
    });
  }
  child.on('exit', (code) => {
    process.stdout.write(`${prefix}exited with ${code}\n`);
  });
  children.push(child);
}

for (const app of apps) run(app, bin('webpack'), ['--watch', '--mode', 'development'], path.join(root, app));
run('gateway', bin('tsx'), ['watch', '--clear-screen=false', 'api-gateway/src/server.ts'], root);

let stopping = false;
for (const signal of ['SIGINT', 'SIGTERM']) {
  process.on(signal, () => {
    if (stopping) return;
    stopping = true;
    for (const child of children) child.kill('SIGTERM');
    setTimeout(() => process.exit(0), 3000).unref();
  });
}
