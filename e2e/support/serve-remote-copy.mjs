#!/usr/bin/env node
// Serves a copy of one remote's built files from its own origin, as a separate deployment
// would (CDN-like: CORS on, no SPA fallback). Used by the "remote moves origin" browser test.
// Usage: node e2e/support/serve-remote-copy.mjs <app folder> <port>
import { cpSync, createReadStream, existsSync, mkdtempSync, statSync } from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';

const [app = 'mf-vouches', port = '3101'] = process.argv.slice(2);
const source = path.resolve(app, 'dist');
if (!existsSync(path.join(source, 'mf-manifest.json'))) {
  // The gateway's start script builds the apps; wait for it rather than serve nothing.
  console.error(`${source} is not built yet; waiting for it`);
}

const TYPES = { '.js': 'text/javascript', '.json': 'application/json', '.html': 'text/html', '.svg': 'image/svg+xml', '.map': 'application/json', '.txt': 'text/plain' };

let copy = null;
function servedDir() {
  // Copy once the build exists, so the files really come from somewhere else.
  if (!copy && existsSync(path.join(source, 'mf-manifest.json'))) {
    copy = mkdtempSync(path.join(os.tmpdir(), `vouch-${app}-copy-`));
    cpSync(source, copy, { recursive: true });
  }
  return copy;
}

http
  .createServer((req, res) => {
    res.setHeader('Access-Control-Allow-Origin', '*');
    const dir = servedDir();
    const pathname = decodeURIComponent(new URL(req.url ?? '/', 'http://x').pathname);
    const file = dir ? path.join(dir, path.normalize(pathname).replace(/^([/\\])+/, '')) : null;
    if (!file || !file.startsWith(dir) || !existsSync(file) || !statSync(file).isFile()) {
      res.writeHead(404).end('not found');
      return;
    }
    res.writeHead(200, { 'Content-Type': TYPES[path.extname(file)] ?? 'application/octet-stream', 'Cache-Control': 'no-cache' });
    createReadStream(file).pipe(res);
  })
  .listen(Number(port), '127.0.0.1', () => console.log(`serving a copy of ${app}/dist on http://127.0.0.1:${port}`));
