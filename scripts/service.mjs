#!/usr/bin/env node
// Runs one service as its own process: `node scripts/service.mjs vouches` (PORT or
// VOUCHES_SERVICE_PORT, DATABASE_URL, INTERNAL_SERVICE_SECRET). Point the gateway at it with
// VOUCHES_SERVICE_URL=http://host:port and the same INTERNAL_SERVICE_SECRET.
import { spawn } from 'node:child_process';
import path from 'node:path';

const root = path.resolve(path.dirname(new URL(import.meta.url).pathname), '..');
// As `npm start` at the root (scripts/start.mjs, docs/security.md): with NODE_ENV unset, a workspace's
// `npm start` is the local demo and says so; NODE_ENV=production (or VOUCH_LOCAL_DEMO=0) needs the
// production configuration, INTERNAL_SERVICE_SECRET included.
const env = { ...process.env };
if (env.NODE_ENV === undefined && env.VOUCH_LOCAL_DEMO === undefined) env.VOUCH_LOCAL_DEMO = '1';
if (env.VOUCH_LOCAL_DEMO === '1' && env.NODE_ENV !== 'production') {
  console.log('Local demo (VOUCH_LOCAL_DEMO=1): development settings, not for a public server (set NODE_ENV=production, docs/deployment.md).');
}
const child = spawn(process.execPath, ['--import', 'tsx', path.join(root, 'api-gateway', 'src', 'standalone.ts'), ...process.argv.slice(2)], {
  cwd: root,
  stdio: 'inherit',
  env,
});
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => child.kill(signal));
child.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
