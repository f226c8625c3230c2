#!/usr/bin/env node
// Serves a copy of one remote's built files from its own origin, as a team's separate deployment
// would (CDN-like: CORS on, no SPA fallback). Used by the browser tests of remotes that move
// origin or change version without the shell (docs/deployment.md, "Deploying one remote alone").
// Usage: node e2e/support/serve-remote-copy.mjs <app folder> <port> [<exposed module to leave out>]
// - `/…`: a copy of the current build;
// - with a module to leave out, e.g. `./CreateVouchButton`, also `/without-CreateVouchButton/…`:
//   the same build as a version that does not expose that module (an older or broken release),
//   with the module gone from its manifest, its container and its files.
import { cpSync, createReadStream, existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';

const [app = 'mf-vouches', port = '3101', leftOut] = process.argv.slice(2);
const source = path.resolve(app, 'dist');
if (!existsSync(path.join(source, 'mf-manifest.json'))) {
  // The gateway's start script builds the apps; wait for it rather than serve nothing.
  console.error(`${source} is not built yet; waiting for it`);
}
const leftOutName = leftOut?.replace(/^\.\//, '');
const leftOutPrefix = leftOutName ? `/without-${leftOutName}` : null;

const TYPES = { '.js': 'text/javascript', '.json': 'application/json', '.html': 'text/html', '.svg': 'image/svg+xml', '.map': 'application/json', '.txt': 'text/plain' };

/** Removes `module` from the build in `dir`: its manifest entry, its container entry, its expose chunk. */
function leaveOut(dir, module) {
  const name = module.replace(/^\.\//, '');
  const manifestFile = path.join(dir, 'mf-manifest.json');
  const manifest = JSON.parse(readFileSync(manifestFile, 'utf8'));
  const kept = manifest.exposes.filter((expose) => expose.path !== `./${name}`);
  if (kept.length === manifest.exposes.length) throw new Error(`${app}'s manifest does not expose ./${name}`);
  writeFileSync(manifestFile, JSON.stringify({ ...manifest, exposes: kept }));
  // The container's module map is keyed by the exposed path: a renamed key is a module it lacks.
  const entryFile = path.join(dir, 'remoteEntry.js');
  const entry = readFileSync(entryFile, 'utf8');
  const key = JSON.stringify(`./${name}`);
  if (entry.split(key).length !== 2) throw new Error(`${app}'s remoteEntry.js should name ${key} exactly once (its module map)`);
  writeFileSync(entryFile, entry.replace(key, JSON.stringify(`./${name}-left-out`)));
  for (const file of readdirSync(dir)) if (file.startsWith(`__federation_expose_${name}.`)) rmSync(path.join(dir, file));
}

let copies = null;
function servedDirs() {
  // Copy once the build exists, so the files really come from somewhere else.
  if (!copies && existsSync(path.join(source, 'mf-manifest.json'))) {
    const current = mkdtempSync(path.join(os.tmpdir(), `vouch-${app}-copy-`));
    cpSync(source, current, { recursive: true });
    copies = { current };
    if (leftOut) {
      copies.without = mkdtempSync(path.join(os.tmpdir(), `vouch-${app}-without-`));
      cpSync(source, copies.without, { recursive: true });
      leaveOut(copies.without, leftOut);
    }
  }
  return copies;
}

http
  .createServer((req, res) => {
    res.setHeader('Access-Control-Allow-Origin', '*');
    const dirs = servedDirs();
    let pathname = decodeURIComponent(new URL(req.url ?? '/', 'http://x').pathname);
    let dir = dirs?.current;
    if (leftOutPrefix && (pathname === leftOutPrefix || pathname.startsWith(`${leftOutPrefix}/`))) {
      dir = dirs?.without;
      pathname = pathname.slice(leftOutPrefix.length);
    }
    const file = dir ? path.join(dir, path.normalize(pathname).replace(/^([/\\])+/, '')) : null;
    if (!file || !file.startsWith(dir) || !existsSync(file) || !statSync(file).isFile()) {
      res.writeHead(404).end('not found');
      return;
    }
    res.writeHead(200, { 'Content-Type': TYPES[path.extname(file)] ?? 'application/octet-stream', 'Cache-Control': 'no-cache' });
    createReadStream(file).pipe(res);
  })
  .listen(Number(port), '127.0.0.1', () => console.log(`serving a copy of ${app}/dist on http://127.0.0.1:${port}${leftOutPrefix ? ` (and ${leftOutPrefix}/)` : ''}`));
