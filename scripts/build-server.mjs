#!/usr/bin/env node
// The server as JavaScript: the gateway (api-gateway/src/server.ts → api-gateway/dist/server.js)
// and the worker (worker/src/main.ts → worker/dist/main.js), each bundled by esbuild with the
// workspace packages (@vouch/*, whose package.json `exports` point at TypeScript source) inlined
// and every npm dependency left to node_modules. `npm start` runs these with plain node: no
// TypeScript loader at run time, no source maps consulted on every `new Error().stack` (Sequelize's
// SQLite query formats one per query). `npm run dev` and the tests still run the source through tsx.
//
// `node scripts/build-server.mjs` builds when an entry's output is missing or older than any
// server source or package.json (what `npm start` does first); `--force` always builds.
// Source maps are written beside the output: `NODE_OPTIONS=--enable-source-maps` when you want
// TypeScript positions in a stack trace (it costs time on every stack formatted).
import fs from 'node:fs';
import path from 'node:path';
import { build } from 'esbuild';

const root = path.resolve(path.dirname(new URL(import.meta.url).pathname), '..');

/** What the server is built from: a change in any of these makes the build stale. */
const SOURCE_DIRS = ['api-gateway/src', 'worker/src', 'services', 'packages'];
const ENTRIES = [
  { entry: 'api-gateway/src/server.ts', out: 'api-gateway/dist/server.js' },
  { entry: 'worker/src/main.ts', out: 'worker/dist/main.js' },
];

function newestSource(dir) {
  let newest = 0;
  const visit = (current) => {
    for (const item of fs.readdirSync(current, { withFileTypes: true })) {
      if (item.name === 'node_modules' || item.name === 'dist' || item.name === 'test') continue;
      const full = path.join(current, item.name);
      if (item.isDirectory()) visit(full);
      else if (/\.(ts|json)$/.test(item.name)) newest = Math.max(newest, fs.statSync(full).mtimeMs);
    }
  };
  if (fs.existsSync(dir)) visit(dir);
  return newest;
}

/** True when some entry has no output, or an output older than the newest server source. */
export function serverBuildStale() {
  const newest = Math.max(...SOURCE_DIRS.map((dir) => newestSource(path.join(root, dir))), fs.statSync(path.join(root, 'package.json')).mtimeMs);
  return ENTRIES.some(({ out }) => {
    const file = path.join(root, out);
    return !fs.existsSync(file) || fs.statSync(file).mtimeMs < newest;
  });
}

/** Bundles @vouch/* (TypeScript source) into the output; anything else is required from node_modules at run time. */
const workspacePackagesInline = {
  name: 'workspace-packages-inline',
  setup(builder) {
    builder.onResolve({ filter: /^[^./]/ }, (args) => (args.path.startsWith('@vouch/') ? undefined : { path: args.path, external: true }));
  },
};

export async function buildServer() {
  const started = Date.now();
  await Promise.all(
    ENTRIES.map(({ entry, out }) =>
      build({
        entryPoints: [path.join(root, entry)],
        outfile: path.join(root, out),
        bundle: true,
        platform: 'node',
        format: 'cjs',
        target: 'node20',
        // Class and function names stay as written: logs and error names read the same as from source.
        keepNames: true,
        sourcemap: 'linked',
        logLevel: 'warning',
        plugins: [workspacePackagesInline],
      }),
    ),
  );
  console.log(`Built the server (${ENTRIES.map(({ out }) => out).join(', ')}) in ${Date.now() - started} ms.`);
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const force = process.argv.includes('--force');
  if (force || serverBuildStale()) {
    await buildServer();
  } else {
    console.log('The server is built and up to date.');
  }
}
