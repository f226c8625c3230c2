// First-load JavaScript of the landing page, as Chromium downloads it from the real gateway:
// every script response until the network is idle (the shell's entry, the federation runtime
// and the shared singletons), summed raw and gzip -9 (what a compressing CDN would send).
import { spawn } from 'node:child_process';
import net from 'node:net';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { chromium } from '@playwright/test';

export const title = 'Landing page first-load JavaScript';
export const notes =
  'Chromium (/usr/bin/chromium) opens `/` on a gateway started for the run; every JavaScript response until network idle is summed, raw and gzip -9. ' +
  'Goal from DESIGN §1a: at most 170 KB gzip. Needs built apps (`npm run build`).';

function freePort() {
  return new Promise((resolve, reject) => {
    const server = net.createServer().listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
    server.on('error', reject);
  });
}

async function waitForHealth(url, child, timeoutMs = 60_000) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`gateway exited with ${child.exitCode}`);
    try {
      if ((await fetch(url)).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`gateway did not answer ${url} within ${timeoutMs} ms`);
}

export default async function run({ root, tmpDir, log }) {
  const port = await freePort();
  const gateway = spawn(process.execPath, ['--import', 'tsx', path.join(root, 'api-gateway/src/server.ts')], {
    cwd: root,
    env: { ...process.env, PORT: String(port), DATABASE_URL: `sqlite:${path.join(tmpDir, `first-load-${Date.now()}.sqlite`)}`, LOG_LEVEL: 'warn', NODE_ENV: 'test' },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking'] });
  try {
    await waitForHealth(`http://127.0.0.1:${port}/api/health`, gateway);
    const page = await browser.newPage();
    const scripts = [];
    page.on('response', (response) => {
      if (response.request().resourceType() === 'script') scripts.push(response);
    });
    await page.goto(`http://127.0.0.1:${port}/`, { waitUntil: 'networkidle' });
    let raw = 0;
    let gzip = 0;
    for (const response of scripts) {
      const body = await response.body();
      raw += body.length;
      gzip += gzipSync(body, { level: 9 }).length;
    }
    log(`${scripts.length} scripts: ${(raw / 1024).toFixed(1)} KB raw, ${(gzip / 1024).toFixed(1)} KB gzip`);
    return [
      { name: 'frontend-first-load.gzip', value: Number((gzip / 1024).toFixed(1)), unit: 'KB', goal: '<= 170 KB' },
      { name: 'frontend-first-load.raw', value: Number((raw / 1024).toFixed(1)), unit: 'KB' },
      { name: 'frontend-first-load.scripts', value: scripts.length, unit: 'files' },
    ];
  } finally {
    await browser.close();
    gateway.kill('SIGTERM');
  }
}
