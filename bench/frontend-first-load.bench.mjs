// The frontend's weight and speed as Chromium (/usr/bin/chromium) sees them, each figure beside a
// baseline measured in the same run (DESIGN §1a, issue 9):
// - landing: every script `/` downloads until the network is quiet, summed gzip -9 (what a
//   compressing CDN sends), beside the same page built as a plain single bundle without Module
//   Federation (bench/frontend-plain-bundle.config.mjs, built here);
// - dashboard: the same for /dashboard, signed in as a member with three vouches (reputation
//   panel, onboarding map, the intro button: three remotes), beside the landing page;
// - each remote's own JavaScript on its page (everything under /mf/<name>/: remoteEntry.js and
//   its chunks; the shared singletons come from the shell), beside the landing page;
// - sign-in to dashboard: from the click on "Verify & Continue" (a returning member) until the
//   dashboard's greeting shows and the network is quiet, beside loading the landing page cold.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { brotliCompressSync, constants as zlibConstants, gzipSync } from 'node:zlib';
import { chromium } from '@playwright/test';
import { acceptedVouch, member, readCode } from './support/members.mjs';
import { round, startGateway } from './support/servers.mjs';

export const title = 'Frontend first load and sign-in';
export const notes =
  'Chromium (/usr/bin/chromium) against a gateway started for the run (SQLite, built apps: `npm run build`). ' +
  'Sizes are every JavaScript response until the network has been quiet for 500 ms, with an empty cache: `transferred` as it came over the wire ' +
  '(the gateway sends the build\'s .br copies), the others summed gzip -9 of the bodies (comparable across runs before compression). ' +
  'The landing baseline is the same shell built as a plain single bundle (no Module Federation, so no federation runtime and ' +
  'tree-shaken @vouch/ui and @vouch/shell-sdk; bench/frontend-plain-bundle.config.mjs), served to the same page. ' +
  'A remote\'s own JavaScript is what its page loads from /mf/<name>/ (remoteEntry.js and chunks; React, Chakra, router and query come from the shell). ' +
  'Sign-in to dashboard: a returning member (three vouches) clicks "Verify & Continue" on /auth, until the greeting shows and the network is quiet; ' +
  'its baseline is loading the landing page cold in the same browser, and both are medians of 3.';

const CHROMIUM = { executablePath: '/usr/bin/chromium', args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking'] };
const QUIET_MS = 500;
const RUNS = 3;
const kb = (bytes) => round(bytes / 1024, 1);
const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

/** Builds the plain-bundle baseline of the shell into `out` (webpack production, as build-frontends.mjs does). */
function buildPlainBundle(root, out) {
  const webpackCli = path.join(root, 'node_modules/webpack-cli/bin/cli.js');
  const args = ['--import', 'tsx', webpackCli, '--mode', 'production', '--disable-interpret', '--config', path.join(root, 'bench/frontend-plain-bundle.config.mjs')];
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, args, { cwd: root, env: { ...process.env, NODE_ENV: 'production', PLAIN_BUNDLE_OUT: out }, stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    child.stdout.on('data', (chunk) => (output += chunk));
    child.stderr.on('data', (chunk) => (output += chunk));
    child.on('close', (code) => (code === 0 && !/\bERROR in\b/.test(output) ? resolve() : reject(new Error(`plain bundle build failed:\n${output.slice(-3000)}`))));
  });
}

/**
 * Follows a page's requests: `scripts` collects every JavaScript response; `quiet()` resolves with
 * the time (performance.now() in this process) the last request ended, once none has been in
 * flight for QUIET_MS.
 */
function watchNetwork(page) {
  const scripts = [];
  let inFlight = 0;
  let lastActivity = performance.now();
  page.on('request', () => {
    inFlight += 1;
    lastActivity = performance.now();
  });
  const done = () => {
    inFlight = Math.max(0, inFlight - 1);
    lastActivity = performance.now();
  };
  page.on('requestfinished', done);
  page.on('requestfailed', done);
  page.on('response', (response) => {
    if (response.request().resourceType() === 'script') scripts.push(response);
  });
  return {
    scripts,
    async quiet(timeoutMs = 60_000) {
      const deadline = performance.now() + timeoutMs;
      while (performance.now() < deadline) {
        if (inFlight === 0 && performance.now() - lastActivity >= QUIET_MS) return lastActivity;
        await new Promise((resolve) => setTimeout(resolve, 25));
      }
      throw new Error(`the network did not go quiet within ${timeoutMs} ms (${inFlight} requests in flight)`);
    },
  };
}

const brotli = (body) => brotliCompressSync(body, { params: { [zlibConstants.BROTLI_PARAM_QUALITY]: zlibConstants.BROTLI_MAX_QUALITY } }).length;

/**
 * Sizes of script responses: [{ path, raw, gzip, br, transferred }]: `transferred` is the body as
 * it came over the wire (encoded: what the gateway's precompressed copies weigh), `br` what the
 * body weighs at brotli's best (the baseline's equivalent, it is served uncompressed).
 */
async function measure(responses) {
  const files = [];
  for (const response of responses) {
    const body = await response.body().catch(() => Buffer.alloc(0));
    const { responseBodySize } = await response.request().sizes();
    files.push({ path: new URL(response.url()).pathname, raw: body.length, gzip: gzipSync(body, { level: 9 }).length, br: brotli(body), transferred: responseBodySize });
  }
  return files;
}

const sum = (files, key = 'gzip') => files.reduce((total, file) => total + file[key], 0);

/** Opens `url` in a fresh context (empty cache), waits for `ready` and a quiet network; returns the scripts. */
async function firstLoad(browser, url, { storageState, ready, route } = {}) {
  const context = await browser.newContext({ storageState });
  try {
    const page = await context.newPage();
    if (route) await page.route('**/*', route);
    const network = watchNetwork(page);
    await page.goto(url);
    if (ready) await ready(page);
    await network.quiet();
    return await measure(network.scripts);
  } finally {
    await context.close();
  }
}

/** Serves the plain bundle's files for the page and everything else (the API) from the gateway. */
function servePlainBundle(dir) {
  return async (route) => {
    const { pathname } = new URL(route.request().url());
    const file = path.join(dir, pathname === '/' || !path.extname(pathname) ? 'index.html' : pathname);
    if (!pathname.startsWith('/api/') && file.startsWith(dir) && fs.existsSync(file)) {
      const type = { '.html': 'text/html', '.js': 'text/javascript', '.svg': 'image/svg+xml' }[path.extname(file)] ?? 'application/octet-stream';
      return route.fulfill({ status: 200, contentType: type, body: fs.readFileSync(file) });
    }
    return route.continue();
  };
}

// --- the figures ------------------------------------------------------------------------------

const landingReady = (page) => page.getByRole('heading', { level: 1 }).waitFor();
const dashboardReady = (page) => page.getByTestId('dashboard-greeting').waitFor({ timeout: 60_000 });

/** Cold load of the landing page: ms from navigation start until the headline shows and the network is quiet. */
async function timeLanding(browser, baseUrl) {
  const context = await browser.newContext();
  try {
    const page = await context.newPage();
    const network = watchNetwork(page);
    const started = performance.now();
    await page.goto(baseUrl);
    await landingReady(page);
    const shown = performance.now();
    return Math.max(shown, await network.quiet()) - started;
  } finally {
    await context.close();
  }
}

/** A returning member on /auth: ms from the click on "Verify & Continue" to a ready dashboard. */
async function timeSignIn(browser, baseUrl, who) {
  const context = await browser.newContext();
  try {
    const page = await context.newPage();
    await page.goto(`${baseUrl}/auth`);
    const screen = page.getByTestId('sign-in-screen');
    await screen.getByLabel('Phone number').fill(who.phone.digits);
    const since = Date.now() - 1000;
    await screen.getByRole('button', { name: 'Send Verification Code' }).click();
    await screen.getByLabel('Verification code').fill(await readCode(context.request, who.phone.e164, since, baseUrl));
    const network = watchNetwork(page);
    await network.quiet();
    const started = performance.now();
    await screen.getByRole('button', { name: 'Verify & Continue' }).click();
    await dashboardReady(page);
    const shown = performance.now();
    return Math.max(shown, await network.quiet()) - started;
  } finally {
    await context.close();
  }
}

/** The page of each remote and who opens it (null: signed out). */
const REMOTE_PAGES = [
  { remote: 'mf_auth', path: '/auth', signedIn: false, ready: (page) => page.getByTestId('sign-in-screen').waitFor() },
  { remote: 'mf_vouches', path: '/dashboard', signedIn: true, ready: dashboardReady },
  { remote: 'mf_network', path: '/network', signedIn: true, ready: (page) => page.getByRole('heading', { level: 1 }).waitFor({ timeout: 60_000 }) },
  { remote: 'mf_introductions', path: '/introduction-requests', signedIn: true, ready: (page) => page.getByRole('heading', { level: 1 }).waitFor({ timeout: 60_000 }) },
  { remote: 'mf_subscription', path: '/subscription', signedIn: true, ready: (page) => page.getByRole('heading', { level: 1 }).waitFor({ timeout: 60_000 }) },
];

export default async function run({ root, tmpDir, log }) {
  const plainDir = path.join(tmpDir, 'plain-shell');
  log('building the plain-bundle baseline…');
  await buildPlainBundle(root, plainDir);

  const gateway = await startGateway({
    root,
    env: { DATABASE_URL: `sqlite:${path.join(tmpDir, `first-load-${Date.now()}.sqlite`)}`, LOG_LEVEL: 'warn', NODE_ENV: 'test', AUTH_OTP_SEND_LIMIT_PER_IP: '0', AUTH_OTP_VERIFY_LIMIT_PER_IP: '0', AUTH_OTP_SEND_LIMIT_PER_PHONE: '0', AUTH_OTP_VERIFY_LIMIT_PER_PHONE: '0' },
  });
  const browser = await chromium.launch(CHROMIUM);
  const members = [];
  try {
    const base = gateway.url;
    // Landing, federated and plain.
    const landing = await firstLoad(browser, `${base}/`, { ready: landingReady });
    const plain = await firstLoad(browser, `${base}/`, { ready: landingReady, route: servePlainBundle(plainDir) });
    const landingKb = kb(sum(landing));
    const plainKb = kb(sum(plain));
    log(`landing: ${landing.length} scripts, ${kb(sum(landing, 'transferred'))} KB transferred, ${landingKb} KB gzip (${kb(sum(landing, 'raw'))} KB raw); plain bundle: ${plain.length} scripts, ${plainKb} KB gzip, ${kb(sum(plain, 'br'))} KB brotli`);
    for (const file of [...landing].sort((a, b) => b.gzip - a.gzip)) log(`  ${kb(file.gzip).toFixed(1).padStart(6)} KB  ${file.path}`);

    // A member with three vouches (gave one, received two): the onboarding dashboard.
    const oli = await member(base, 'Oli', 'Onboard');
    const ann = await member(base, 'Ann', 'Alpha');
    const ben = await member(base, 'Ben', 'Beta');
    members.push(oli, ann, ben);
    await acceptedVouch(oli, ann);
    await acceptedVouch(ann, oli);
    await acceptedVouch(ben, oli);
    const signedIn = await oli.api.storageState();

    const dashboard = await firstLoad(browser, `${base}/dashboard`, { storageState: signedIn, ready: dashboardReady });
    const dashboardKb = kb(sum(dashboard));
    const byRemote = (files, remote) => files.filter((file) => file.path.startsWith(`/mf/${remote.slice('mf_'.length)}/`));
    log(`dashboard: ${dashboard.length} scripts, ${dashboardKb} KB gzip; shell part ${kb(sum(dashboard.filter((file) => !file.path.startsWith('/mf/'))))} KB`);
    const landingPaths = new Set(landing.map((file) => file.path));
    for (const file of [...dashboard].filter((file) => !landingPaths.has(file.path)).sort((a, b) => b.gzip - a.gzip)) log(`  ${kb(file.gzip).toFixed(1).padStart(6)} KB  ${file.path}`);

    const remoteResults = [];
    for (const { remote, path: pagePath, signedIn: needsMember, ready } of REMOTE_PAGES) {
      const files = byRemote(await firstLoad(browser, `${base}${pagePath}`, { storageState: needsMember ? signedIn : undefined, ready }), remote);
      const own = kb(sum(files));
      log(`${remote} on ${pagePath}: ${files.length} scripts, ${own} KB gzip (${files.map((file) => `${path.basename(file.path)} ${kb(file.gzip)}`).join(', ')})`);
      remoteResults.push({ name: `frontend-first-load.remote-${remote}`, value: own, unit: 'KB', baseline: landingKb, ratio: round(own / landingKb), goal: '<= 60 KB' });
    }

    // Sign-in to dashboard, beside a cold landing load (medians, alternating).
    const landingTimes = [];
    const signInTimes = [];
    for (let i = 0; i < RUNS; i += 1) {
      landingTimes.push(await timeLanding(browser, base));
      signInTimes.push(await timeSignIn(browser, base, oli));
    }
    const landingMs = Math.round(median(landingTimes));
    const signInMs = Math.round(median(signInTimes));
    log(`landing cold load ${landingTimes.map(Math.round).join(' / ')} ms; sign-in to dashboard ${signInTimes.map(Math.round).join(' / ')} ms`);

    return [
      // As transferred (the gateway's .br copies), beside the plain bundle at brotli's best.
      { name: 'frontend-first-load.transferred', value: kb(sum(landing, 'transferred')), unit: 'KB', baseline: kb(sum(plain, 'br')), ratio: round(sum(landing, 'transferred') / sum(plain, 'br')), goal: '<= 150 KB' },
      { name: 'frontend-first-load.dashboard-transferred', value: kb(sum(dashboard, 'transferred')), unit: 'KB', baseline: kb(sum(landing, 'transferred')), ratio: round(sum(dashboard, 'transferred') / sum(landing, 'transferred')) },
      { name: 'frontend-first-load.gzip', value: landingKb, unit: 'KB', baseline: plainKb, ratio: round(landingKb / plainKb), goal: '<= 170 KB' },
      { name: 'frontend-first-load.ratio-to-plain-bundle', value: landingKb, unit: 'KB', baseline: plainKb, ratio: round(landingKb / plainKb), goal: 'ratio <= 1.1' },
      { name: 'frontend-first-load.raw', value: kb(sum(landing, 'raw')), unit: 'KB', baseline: kb(sum(plain, 'raw')), ratio: round(sum(landing, 'raw') / sum(plain, 'raw')) },
      { name: 'frontend-first-load.scripts', value: landing.length, unit: 'files', baseline: plain.length, ratio: round(landing.length / plain.length) },
      { name: 'frontend-first-load.dashboard-gzip', value: dashboardKb, unit: 'KB', baseline: landingKb, ratio: round(dashboardKb / landingKb) },
      ...remoteResults,
      { name: 'frontend-first-load.sign-in-to-dashboard', value: signInMs, unit: 'ms', baseline: landingMs, ratio: round(signInMs / landingMs) },
    ];
  } finally {
    await Promise.all(members.map((who) => who.api.dispose()));
    await browser.close();
    await gateway.stop();
  }
}
