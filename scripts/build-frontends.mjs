#!/usr/bin/env node
// Builds the shell and the five remotes into their dist/ folders with webpack (production).
// An app whose inputs are unchanged since its last build is skipped: the inputs are its own
// files, the shared web packages, the lockfile and this script; their hash is kept in
// dist/.build-hash. Usage: node scripts/build-frontends.mjs [--force] [app ...]
// A web app's own `npm run build` is this script for that app (--force): webpack empties dist/,
// so a build that went around it would drop the hash and make the next `npm start` rebuild.
// `--list` prints the apps it knows (the shell and contracts' remotes.ts list) and exits.
// BUILD_CONCURRENCY (default 2) bounds parallel webpack processes (each wants a CPU core).
import { spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { WEB_APPS } from './web-apps.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const require = createRequire(import.meta.url);

const APPS = WEB_APPS;
// Web packages are consumed from source by webpack (no build step of their own), so a change
// in any of them must rebuild every app that bundles them.
const SHARED_INPUTS = ['packages/ui', 'packages/shell-sdk', 'packages/mf-config', 'packages/contracts', 'package-lock.json', 'tsconfig.base.json', 'scripts/build-frontends.mjs'];
const IGNORED_DIRS = new Set(['node_modules', 'dist', 'test', 'coverage', '.turbo']);
const HASH_FILE = '.build-hash';

const args = process.argv.slice(2);
const force = args.includes('--force');
if (args.includes('--list')) {
  console.log(APPS.join('\n'));
  process.exit(0);
}
const requested = args.filter((arg) => !arg.startsWith('--'));
const unknown = requested.filter((app) => !APPS.includes(app));
if (unknown.length) {
  console.error(`Unknown app(s): ${unknown.join(', ')}. Known: ${APPS.join(', ')}`);
  process.exit(2);
}
const apps = requested.length ? requested : APPS;
const concurrency = Math.max(1, Number(process.env.BUILD_CONCURRENCY) || 2);

function listFiles(absolute) {
  if (!existsSync(absolute)) return [];
  if (statSync(absolute).isFile()) return [absolute];
  return readdirSync(absolute, { withFileTypes: true })
    .filter((entry) => !(entry.isDirectory() && IGNORED_DIRS.has(entry.name)))
    .filter((entry) => !/\.test\.[cm]?[jt]sx?$/.test(entry.name))
    .flatMap((entry) => listFiles(path.join(absolute, entry.name)));
}

/** Hash of every input path and content, in a stable order. */
function inputHash(app) {
  const hash = createHash('sha256');
  const files = [app, ...SHARED_INPUTS].flatMap((input) => listFiles(path.join(root, input))).sort();
  for (const file of files) {
    hash.update(path.relative(root, file));
    hash.update('\0');
    hash.update(readFileSync(file));
    hash.update('\0');
  }
  return hash.digest('hex');
}

function previousHash(app) {
  try {
    return readFileSync(path.join(root, app, 'dist', HASH_FILE), 'utf8').trim();
  } catch {
    return null;
  }
}

function build(app) {
  const webpackCli = require.resolve('webpack-cli/bin/cli.js');
  const started = Date.now();
  return new Promise((resolve) => {
    // tsx lets webpack load the TypeScript config (and @vouch/mf-config) without a compile step.
    const child = spawn(process.execPath, ['--import', 'tsx', webpackCli, '--mode', 'production', '--disable-interpret', '--config', 'webpack.config.ts'], {
      cwd: path.join(root, app),
      env: { ...process.env, NODE_ENV: 'production' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    child.stdout.on('data', (chunk) => (output += chunk));
    child.stderr.on('data', (chunk) => (output += chunk));
    child.on('close', (code) => {
      const failed = code !== 0 || /\bERROR in\b/.test(output);
      resolve({ app, ok: !failed, seconds: (Date.now() - started) / 1000, output });
    });
  });
}

async function main() {
  const queue = [];
  for (const app of apps) {
    const hash = inputHash(app);
    const upToDate = !force && existsSync(path.join(root, app, 'dist', 'index.html')) && previousHash(app) === hash;
    if (upToDate) console.log(`[build-frontends] ${app}: up to date`);
    else queue.push({ app, hash });
  }
  if (!queue.length) return;

  console.log(`[build-frontends] building ${queue.map((job) => job.app).join(', ')} (${concurrency} at a time)`);
  const failures = [];
  const workers = Array.from({ length: Math.min(concurrency, queue.length) }, async () => {
    for (let job = queue.shift(); job; job = queue.shift()) {
      const result = await build(job.app);
      if (result.ok) {
        writeFileSync(path.join(root, job.app, 'dist', HASH_FILE), `${job.hash}\n`);
        console.log(`[build-frontends] ${job.app}: built in ${result.seconds.toFixed(1)}s`);
      } else {
        failures.push(result);
        console.error(`[build-frontends] ${job.app}: FAILED\n${result.output.split('\n').slice(-60).join('\n')}`);
      }
    }
  });
  await Promise.all(workers);
  if (failures.length) process.exit(1);
}

await main();
