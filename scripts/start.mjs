#!/usr/bin/env node
// `npm start`: build the web apps that are not built yet (scripts/build-frontends.mjs skips
// up-to-date ones, so later starts take seconds), then run the gateway from TypeScript source
// through tsx. It migrates the database and serves everything on PORT (default 3000).
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

const server = spawn(process.execPath, ['--import', 'tsx', path.join(root, 'api-gateway', 'src', 'server.ts')], {
  cwd: root,
  stdio: 'inherit',
  env: process.env,
});

// The gateway shuts down gracefully on SIGTERM/SIGINT; pass them on and exit with its code.
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => server.kill(signal));
server.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
