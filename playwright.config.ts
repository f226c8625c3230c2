/**
 * Browser suite: Debian's Chromium (never `playwright install`), against the real gateway.
 *
 * Three servers start before the tests:
 * - the gateway (`npm start`'s script) on PORT, with a fresh SQLite file;
 * - a copy of mf_vouches' build served from another origin (a "moved" remote);
 * - a second gateway whose registry points mf_vouches at that origin (MF_VOUCHES_URL), to prove
 *   a remote moves without rebuilding the shell. It runs server.ts directly: the first server's
 *   start script has already built the apps, and two builds must not race on dist/;
 * - a third gateway whose registry names a version of mf_vouches (served beside the copy) that
 *   lacks a module the shell renders, to prove the failure stays in that slot.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { defineConfig } from '@playwright/test';
import { LEFT_OUT_MODULE, ports, urls } from './e2e/support/urls';

/**
 * Test files run side by side against the same servers (each test makes its own members;
 * e2e/support/auth.ts gives each worker its own phones). E2E_WORKERS=1 runs them one by one.
 */
const WORKERS = Number(process.env.E2E_WORKERS ?? 2);
process.env.PLAYWRIGHT_WORKERS = String(WORKERS);

/**
 * Debian's headless build of Chromium (package chromium-headless-shell) when it is installed: the
 * same engine without the desktop browser's UI and compositor, about a quarter faster here on the
 * two-core machines the suite runs on; else Debian's chromium. E2E_CHROMIUM names another binary.
 */
const HEADLESS_SHELL = '/usr/bin/chromium-headless-shell';
const CHROMIUM = process.env.E2E_CHROMIUM ?? (fs.existsSync(HEADLESS_SHELL) ? HEADLESS_SHELL : '/usr/bin/chromium');

const run = `${process.pid}-${Date.now()}`;
const database = (name: string) => `sqlite:${path.join(os.tmpdir(), `vouch-e2e-${name}-${run}.sqlite`)}`;

export default defineConfig({
  testDir: 'e2e',
  fullyParallel: false,
  workers: WORKERS,
  // On CI a failed test runs once more, and the summary names it as flaky (scripts/test.mjs):
  // a browser test on a shared two-core machine can lose a race the product does not; a real
  // failure fails both runs. Locally a failure is a failure.
  retries: process.env.CI ? 1 : 0,
  // CI machines are shared and slower than a laptop: waits are upper bounds, never speed checks
  // (speed is measured by `npm run bench`).
  timeout: process.env.CI ? 60_000 : 30_000,
  expect: { timeout: process.env.CI ? 15_000 : 10_000 },
  forbidOnly: !!process.env.CI,
  reporter: process.env.CI ? 'list' : [['list']],
  use: {
    baseURL: urls.gateway,
    // A trace records every action's screenshots and DOM, for every test, and keeps them only on a
    // failure: CI keeps no files, so there it is off (E2E_TRACE=retain-on-failure turns it on).
    trace: (process.env.E2E_TRACE ?? (process.env.CI ? 'off' : 'retain-on-failure')) as 'off' | 'retain-on-failure',
    launchOptions: {
      executablePath: CHROMIUM,
      args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking'],
    },
  },
  webServer: [
    {
      command: 'node scripts/start.mjs',
      url: `${urls.gateway}/api/health`,
      timeout: 600_000,
      reuseExistingServer: false,
      stdout: 'ignore',
      stderr: 'pipe',
      env: {
        PORT: String(ports.gateway),
        DATABASE_URL: database('main'),
        NODE_ENV: 'test',
        LOG_LEVEL: 'warn',
        // The browser meets the members' read cache as production runs it (tests turn it off by default).
        MEMBER_READ_CACHE_SECONDS: '1',
        // Every test signs in from one IP: per-IP code limits off (per-phone limits stay on).
        AUTH_OTP_SEND_LIMIT_PER_IP: '0',
        AUTH_OTP_VERIFY_LIMIT_PER_IP: '0',
      },
    },
    {
      command: `node e2e/support/serve-remote-copy.mjs mf-vouches ${ports.movedRemote} ${LEFT_OUT_MODULE}`,
      url: `${urls.movedRemote}/mf-manifest.json`,
      timeout: 600_000,
      reuseExistingServer: false,
    },
    {
      command: 'node --import tsx api-gateway/src/server.ts',
      url: `${urls.secondGateway}/api/health`,
      timeout: 600_000,
      reuseExistingServer: false,
      stdout: 'ignore',
      stderr: 'pipe',
      env: {
        PORT: String(ports.secondGateway),
        DATABASE_URL: database('moved'),
        NODE_ENV: 'test',
        LOG_LEVEL: 'warn',
        MF_VOUCHES_URL: `${urls.movedRemote}/mf-manifest.json`,
      },
    },
    {
      command: 'node --import tsx api-gateway/src/server.ts',
      url: `${urls.lackingGateway}/api/health`,
      timeout: 600_000,
      reuseExistingServer: false,
      stdout: 'ignore',
      stderr: 'pipe',
      env: {
        PORT: String(ports.lackingGateway),
        DATABASE_URL: database('lacking'),
        NODE_ENV: 'test',
        LOG_LEVEL: 'warn',
        MF_VOUCHES_URL: `${urls.movedRemote}/without-${LEFT_OUT_MODULE.replace('./', '')}/mf-manifest.json`,
      },
    },
  ],
});
