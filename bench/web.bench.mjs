// Lighthouse 12 (npm `lighthouse`, Debian's /usr/bin/chromium, nothing downloaded) on the screens a
// member lives in, signed in as Maya Chen on the seeded demo network, and on the public pages a
// visitor who is not signed in meets (issue 41's table and goals). Mobile preset, median of RUNS.
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { member } from './support/members.mjs';
import { round, startGateway } from './support/servers.mjs';

export const title = 'Web: the signed-in screens and the public pages on a phone (Lighthouse)';
export const notes =
  "Lighthouse 12 (npm `lighthouse`), mobile preset (Moto G Power, simulated slow 4G, 4× CPU slowdown), drives Debian's Chromium " +
  '(`/usr/bin/chromium --headless=new` through chrome-launcher) against the gateway as `npm start` runs it (compiled), on a SQLite database ' +
  'seeded with the demo network (`npm run seed`, 300 members; `.bench/web.sqlite`, seeded again idempotently each run), built apps (`npm run build`). ' +
  "Signed in as Maya Chen (+1 415 555 0100, her session cookie sent with every request through Lighthouse's `extraHeaders`; the gateway's " +
  'code-sending limits are off for the run, as she signs in on every run): ' +
  '/dashboard, /network, /introduction-requests, /my-vouches, /stats, /subscription, /activity, /profile/maya-chen; not signed in: / and /auth. ' +
  'Each figure is the median of `BENCH_WEB_RUNS` runs (default 3). `js` is the JavaScript transferred (compressed) from Lighthouse\'s resource ' +
  "summary, `requests` every request of the load. Goals (issue 41): a signed-in screen Performance >= 90, LCP <= 2,000 ms, TBT <= 300 ms, " +
  'JavaScript <= 200 KB; a public page Performance >= 98, TBT <= 100 ms. `BENCH_WEB_PAGES=/dashboard,/` measures some pages; ' +
  '`BENCH_WEB_BEFORE=<compiled server.js>` measures another build beside this one in the same run, their runs alternating (so both meet the same load): ' +
  'a gateway bundle kept from before a change, in a folder laid out like the repository with that change\'s apps built in `<app>/dist` (the gateway serves the apps ' +
  'of the folder two levels above its bundle) and `node_modules` linked; its figures are the `before.*` rows, each row\'s ratio the figure against its before.';

/** 0 turns an auth rate limit off (services/auth config). */
const NO_CODE_LIMITS = Object.fromEntries(
  ['SEND_LIMIT_PER_IP', 'VERIFY_LIMIT_PER_IP', 'SEND_LIMIT_PER_PHONE', 'SEND_DAILY_LIMIT_PER_PHONE', 'SEND_LIMIT_PER_PHONE_TRUSTED', 'SEND_DAILY_LIMIT_PER_PHONE_TRUSTED'].map((name) => [`AUTH_OTP_${name}`, '0']),
);
const RUNS = Number(process.env.BENCH_WEB_RUNS ?? 3);
const CHROME_FLAGS = ['--headless=new', '--no-sandbox', '--disable-gpu', '--disable-background-networking'];
const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

/** The pages of issue 41's table: `signedIn` pages load with Maya's session. */
export const WEB_PAGES = [
  { key: 'dashboard', path: '/dashboard', signedIn: true },
  { key: 'network', path: '/network', signedIn: true },
  { key: 'introduction-requests', path: '/introduction-requests', signedIn: true },
  { key: 'my-vouches', path: '/my-vouches', signedIn: true },
  { key: 'stats', path: '/stats', signedIn: true },
  { key: 'subscription', path: '/subscription', signedIn: true },
  { key: 'activity', path: '/activity', signedIn: true },
  { key: 'profile', path: '/profile/maya-chen', signedIn: true },
  { key: 'landing', path: '/', signedIn: false },
  { key: 'auth', path: '/auth', signedIn: false },
];

/** The figures of one Lighthouse run. */
function figures(lhr) {
  const scripts = lhr.audits['resource-summary']?.details?.items?.find((item) => item.resourceType === 'script');
  return {
    performance: Math.round((lhr.categories.performance?.score ?? 0) * 100),
    lcp: lhr.audits['largest-contentful-paint']?.numericValue ?? 0,
    tbt: lhr.audits['total-blocking-time']?.numericValue ?? 0,
    js: (scripts?.transferSize ?? 0) / 1000,
    requests: lhr.audits['network-requests']?.details?.items?.length ?? 0,
  };
}

/** One mobile Lighthouse run of `url`, with `headers` on every request. */
async function lighthouseRun(chrome, url, headers) {
  const flags = { port: chrome.port, output: 'json', logLevel: 'error', onlyCategories: ['performance'], extraHeaders: headers };
  let result = await lighthouse(url, flags);
  // "Something went wrong with recording the trace… Please run Lighthouse again": once more, then give up.
  if (result.lhr.runtimeError?.code === 'NO_NAVSTART') result = await lighthouse(url, flags);
  if (result.lhr.runtimeError) throw new Error(`${url}: ${result.lhr.runtimeError.message}`);
  return { ...figures(result.lhr), element: lcpElement(result.lhr) };
}

/** The LCP element (its selector) and where its time went (TTFB, load delay, load time, render delay), for the log. */
function lcpElement(lhr) {
  const tables = lhr.audits['largest-contentful-paint-element']?.details?.items ?? [];
  const selector = tables[0]?.items?.[0]?.node?.selector ?? '?';
  const phases = (tables[1]?.items ?? []).map((item) => `${item.phase} ${Math.round(item.timing)}`).join(', ');
  return `${selector}${phases ? ` (${phases} ms)` : ''}`;
}

/** The median of each figure, and a log line with every run's. */
function summary(runs, label, log) {
  const out = Object.fromEntries(Object.keys(runs[0]).filter((key) => key !== 'element').map((key) => [key, median(runs.map((run) => run[key]))]));
  log(
    `${label}: performance ${runs.map((r) => r.performance).join('/')}, LCP ${runs.map((r) => Math.round(r.lcp)).join('/')} ms, ` +
      `TBT ${runs.map((r) => Math.round(r.tbt)).join('/')} ms, JS ${out.js.toFixed(1)} KB, ${out.requests} requests; ` +
      `LCP element ${[...new Set(runs.map((r) => r.element))].join(' | ')}`,
  );
  return out;
}

/**
 * RUNS runs of `path` on each base URL (this build first, then the before build if any),
 * alternating, so both meet the same load; the medians of each.
 */
async function audit(chrome, bases, path, headers, log) {
  const runs = bases.map(() => []);
  for (let i = 0; i < RUNS; i += 1) for (const [n, base] of bases.entries()) runs[n].push(await lighthouseRun(chrome, `${base}${path}`, headers));
  const label = `${path}${headers.Cookie ? ' (signed in)' : ''}`;
  return runs.map((each, n) => summary(each, n === 0 ? label : `${label} before`, log));
}

/** The rows of one page against issue 41's goals (and, measured beside it, the before build's). */
function rows(page, got, before) {
  const name = (metric) => `web.${page.key}.${metric}`;
  const versus = (metric, value) => (before ? { baseline: round(before[metric], 1), ratio: before[metric] ? round(value / before[metric]) : null } : {});
  const out = [
    { name: name('performance'), value: got.performance, unit: 'score', goal: page.signedIn ? '>= 90' : '>= 98', ...versus('performance', got.performance) },
    { name: name('lcp'), value: Math.round(got.lcp), unit: 'ms', goal: page.signedIn ? '<= 2000' : undefined, ...versus('lcp', got.lcp) },
    { name: name('tbt'), value: Math.round(got.tbt), unit: 'ms', goal: page.signedIn ? '<= 300' : '<= 100', ...versus('tbt', got.tbt) },
    { name: name('js'), value: round(got.js, 1), unit: 'KB', goal: page.signedIn ? '<= 200' : undefined, ...versus('js', got.js) },
    { name: name('requests'), value: got.requests, unit: 'requests', ...versus('requests', got.requests) },
  ];
  if (before) {
    for (const metric of ['performance', 'lcp', 'tbt', 'js', 'requests']) {
      out.push({ name: name(`before.${metric}`), value: round(before[metric], 1), unit: { performance: 'score', lcp: 'ms', tbt: 'ms', js: 'KB', requests: 'requests' }[metric] });
    }
  }
  return out;
}

export default async function run({ root, tmpDir, log }) {
  const databaseUrl = `sqlite:${path.join(tmpDir, 'web.sqlite')}`;
  log('seeding the demo network (idempotent: a second run adds nothing)…');
  const seeded = spawnSync(process.execPath, ['--import', 'tsx', path.join(root, 'api-gateway/src/seed.ts')], { cwd: root, env: { ...process.env, DATABASE_URL: databaseUrl }, encoding: 'utf8' });
  if (seeded.status !== 0) throw new Error(`seeding failed:\n${seeded.stderr.slice(-2000)}`);

  const wanted = process.env.BENCH_WEB_PAGES?.split(',').map((entry) => entry.trim());
  const pages = wanted ? WEB_PAGES.filter((page) => wanted.includes(page.path)) : WEB_PAGES;
  // Maya signs in on every run, on a database kept between runs: the per-phone code limits (3 in 15 minutes) are off, as the per-address ones.
  const env = { DATABASE_URL: databaseUrl, LOG_LEVEL: 'warn', NODE_ENV: 'test', VOUCH_WORKER: 'off', ...NO_CODE_LIMITS };
  const gateway = await startGateway({ root, env });
  // Both on the same database; the session cookie Maya gets from one is good on the other.
  const before = process.env.BENCH_WEB_BEFORE ? await startGateway({ root, env, script: process.env.BENCH_WEB_BEFORE }) : null;
  let maya;
  let chrome;
  try {
    maya = await member(gateway.url, 'Maya', 'Chen', { e164: '+14155550100' });
    const { cookies } = await maya.api.storageState();
    const cookie = cookies.map((entry) => `${entry.name}=${entry.value}`).join('; ');
    chrome = await chromeLauncher.launch({ chromePath: '/usr/bin/chromium', chromeFlags: CHROME_FLAGS, logLevel: 'silent' });
    const out = [];
    const bases = [gateway.url, ...(before ? [before.url] : [])];
    for (const page of pages) {
      const [now, then] = await audit(chrome, bases, page.path, page.signedIn ? { Cookie: cookie } : {}, log);
      out.push(...rows(page, now, then));
    }
    return out;
  } finally {
    await maya?.api.dispose();
    await chrome?.kill();
    await before?.stop();
    await gateway.stop();
  }
}
