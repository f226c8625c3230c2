#!/usr/bin/env node
// Retakes docs/seeded-dashboard.png, the README's first picture: what a newcomer sees after
// `npm start` and `npm run seed`, signed in as Maya Chen. Needs built web apps (`npm run build`).
// Seeds a fresh SQLite file, starts the gateway on PORT (default 3000) and photographs /dashboard
// in Debian's Chromium. Usage: node scripts/seeded-dashboard-screenshot.mjs [--members N]
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from '@playwright/test';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const port = Number(process.env.PORT ?? 3000);
const base = `http://localhost:${port}`;
const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'vouch-screenshot-'));
const env = { ...process.env, DATABASE_URL: `sqlite:${path.join(dir, 'demo.sqlite')}`, PORT: String(port), NODE_ENV: 'development', LOG_LEVEL: 'warn' };
const MAYA = '+14155550100';

const seed = spawnSync('npm', ['run', 'seed', '--', ...process.argv.slice(2)], { cwd: root, env, stdio: 'inherit' });
if (seed.status !== 0) throw new Error('npm run seed failed; see above.');

const gateway = spawn(process.execPath, ['--import', 'tsx', 'api-gateway/src/server.ts'], { cwd: root, env, stdio: 'inherit' });
try {
  for (let tries = 0; (await fetch(`${base}/api/health`).then((res) => res.status, () => 0)) !== 200; tries += 1) {
    if (tries > 120) throw new Error(`the gateway did not answer on ${base}`);
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking'] });
  try {
    const page = await browser.newPage({ baseURL: base, viewport: { width: 1280, height: 900 } });
    // Signed in as Maya through the API (the sign-in screen is not the subject of the picture).
    const { attemptId } = await (await page.request.post('/api/auth/request-otp', { data: { phone: MAYA } })).json();
    const { messages } = await (await page.request.get(`/api/dev/sms-outbox?phone=${encodeURIComponent(MAYA)}`)).json();
    const verified = await page.request.post('/api/auth/verify-otp', { data: { phone: MAYA, otp: messages[0].code, attemptId } });
    if (!verified.ok()) throw new Error(`sign-in as Maya Chen failed: ${verified.status()} ${await verified.text()}`);
    await page.goto('/dashboard');
    await page.getByTestId('dashboard-greeting').waitFor();
    await page.getByRole('heading', { name: 'Network Map' }).first().waitFor();
    await page.waitForLoadState('networkidle');
    // The map lays itself out for a moment after its data arrives.
    await page.waitForTimeout(2000);
    const file = path.join(root, 'docs', 'seeded-dashboard.png');
    await page.screenshot({ path: file });
    console.log(`wrote ${path.relative(root, file)}`);
  } finally {
    await browser.close();
  }
} finally {
  gateway.kill('SIGTERM');
  fs.rmSync(dir, { recursive: true, force: true });
}
