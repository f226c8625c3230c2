#!/usr/bin/env node
// Runs one service as its own process: `node scripts/service.mjs vouches` (PORT or
// VOUCHES_SERVICE_PORT, DATABASE_URL, INTERNAL_SERVICE_SECRET). Point the gateway at it with
// VOUCHES_SERVICE_URL=http://host:port and the same INTERNAL_SERVICE_SECRET.
import { spawn } from 'node:child_process';
import path from 'node:path';

const root = path.resolve(path.dirname(new URL(import.meta.url).pathname), '..');
const child = spawn(process.execPath, ['--import', 'tsx', path.join(root, 'api-gateway', 'src', 'standalone.ts'), ...process.argv.slice(2)], {
  cwd: root,
  stdio: 'inherit',
});
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => child.kill(signal));
child.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
