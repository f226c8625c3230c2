// Lighthouse 12 (npm `lighthouse`, Debian's /usr/bin/chromium, nothing downloaded) on the pages an
// anonymous visitor meets, against the gateway with the demo network, mobile and desktop, median of
// RUNS; beside a static page with the landing's headline served in the same run (the floor).
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import desktopConfig from 'lighthouse/core/config/desktop-config.js';
import { createRecommendation, expectOk, freshPhone, member } from './support/members.mjs';
import { round, startBareServer, startGateway, startWithoutFirstScreen } from './support/servers.mjs';

export const title = 'Lighthouse: the public pages on a phone and a desktop';
export const notes =
  'Lighthouse 12 (npm `lighthouse`) drives Debian\'s Chromium (`/usr/bin/chromium --headless=new`, chrome-launcher\'s flags, which turn ' +
  'background networking, component updates and sync off) against a gateway started for the run on a fresh SQLite database seeded with ' +
  'the demo network (`npm run seed`, 300 members), built apps (`npm run build`). Mobile is Lighthouse\'s default (Moto G Power, simulated slow 4G, ' +
  '4× CPU slowdown), desktop its desktop preset. Each figure is the median of `BENCH_LIGHTHOUSE_RUNS` runs (default 3). Pages: `/`, `/auth`, ' +
  '`/profile/maya-chen` (a demo member), `/vouch/<token>` (a fresh pending vouch of Maya\'s); not the 404 page, which Lighthouse refuses to audit ' +
  'once it answers 404 (`ERRORED_DOCUMENT_REQUEST`). `/auth` and `/vouch/*` are `noindex`, which Lighthouse\'s SEO category counts as a failure ' +
  '(is-crawlable), so their SEO score cannot reach 100 by design. The baseline of each ' +
  'figure is the floor: a static HTML page with the landing\'s headline and text, no script, from a bare `node:http` server in the same run. ' +
  '`js` is the JavaScript transferred (compressed), from Lighthouse\'s resource summary. ' +
  '`before.*` (mobile): the same page, build and gateway through a proxy that removes the first screen from the HTML ' +
  '(its markup, stylesheet and preloaded API read: the pages as they were before issue 17\'s first screens), ' +
  'measured in the same run. `lcp-devtools` (mobile): LCP with Lighthouse\'s devtools throttling, where the page really loads over the ' +
  'throttled link and CPU instead of Lighthouse simulating that from an unthrottled load, against the floor loaded the same way (goal: at most 2×). ' +
  'The page\'s `lcp` and `performance` rows\' ratios are against the floor, the `before.*` rows give the same figures without the first screen. The floor\'s SEO is below 100 only because its bare server ' +
  'answers /robots.txt with the page itself. Total Blocking Time swings with the machine\'s load (Lighthouse scales each observed task by the 4× slowdown): ' +
  'where a page\'s main-thread time goes, task by task and module by module, is `node bench/lighthouse-trace.mjs <gateway url>[,<another>]`, ' +
  'whose runs of two builds alternate under the same load.';

const RUNS = Number(process.env.BENCH_LIGHTHOUSE_RUNS ?? 3);
const CHROME_FLAGS = ['--headless=new', '--no-sandbox', '--disable-gpu', '--disable-background-networking'];
const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

const FLOOR_HTML = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>Vouch: the professional trust network</title>
<meta name="description" content="Find trusted professionals through the people who vouch for them.">
<style>body{font-family:system-ui,sans-serif;margin:0;padding:2rem 1.5rem;color:#111827}h1{font-size:2.25rem;line-height:1.08;letter-spacing:-0.03em}p{font-size:1.125rem;color:#4b5563;max-width:36rem}</style>
</head><body><main><h1>Grow your network on trust, <span style="color:#4338ca">not cold connections</span></h1>
<p>Vouch for the people you know do great work, get introduced through people you trust, and let your reputation speak for you.</p></main></body></html>`;

/** The figures of one Lighthouse run. */
function figures(lhr) {
  const score = (category) => Math.round((lhr.categories[category]?.score ?? 0) * 100);
  const audit = (id) => lhr.audits[id]?.numericValue ?? null;
  const scripts = lhr.audits['resource-summary']?.details?.items?.find((item) => item.resourceType === 'script');
  return {
    performance: score('performance'),
    accessibility: score('accessibility'),
    'best-practices': score('best-practices'),
    seo: score('seo'),
    lcp: audit('largest-contentful-paint'),
    tbt: audit('total-blocking-time'),
    cls: audit('cumulative-layout-shift'),
    js: (scripts?.transferSize ?? 0) / 1024,
  };
}

/**
 * Median of each figure over RUNS runs of `url`. `devtools`: mobile with Lighthouse's devtools
 * throttling (the page really loads over the slow 4G link and the 4× slower CPU, rather than a
 * simulation from an unthrottled load), performance only.
 */
async function audit(chrome, url, formFactor, log, { devtools = false } = {}) {
  const runs = [];
  for (let i = 0; i < RUNS; i += 1) {
    const flags = devtools
      ? { port: chrome.port, output: 'json', logLevel: 'error', onlyCategories: ['performance'], throttlingMethod: 'devtools' }
      : { port: chrome.port, output: 'json', logLevel: 'error', onlyCategories: ['performance', 'accessibility', 'best-practices', 'seo'] };
    let result = await lighthouse(url, flags, formFactor === 'desktop' ? desktopConfig : undefined);
    // "Something went wrong with recording the trace… Please run Lighthouse again": once more, then give up.
    if (result.lhr.runtimeError?.code === 'NO_NAVSTART') result = await lighthouse(url, flags, formFactor === 'desktop' ? desktopConfig : undefined);
    if (result.lhr.runtimeError) throw new Error(`${url}: ${result.lhr.runtimeError.message}`);
    runs.push(figures(result.lhr));
  }
  const out = Object.fromEntries(Object.keys(runs[0]).map((key) => [key, median(runs.map((run) => run[key]))]));
  log(`${formFactor}${devtools ? ' (devtools throttling)' : ''} ${new URL(url).pathname}: performance ${runs.map((r) => r.performance).join('/')}, LCP ${runs.map((r) => Math.round(r.lcp)).join('/')} ms, TBT ${runs.map((r) => Math.round(r.tbt)).join('/')} ms, CLS ${out.cls.toFixed(3)}${devtools ? '' : `, A11y ${out.accessibility}, BP ${out['best-practices']}, SEO ${out.seo}`}, JS ${out.js.toFixed(1)} KiB`);
  return out;
}

/** The results of one page and form factor, each against the floor's same figure. */
function results(key, formFactor, page, floor) {
  const name = (metric) => `lighthouse.${formFactor}.${key}.${metric}`;
  const versus = (value, baseline) => ({ baseline: round(baseline, 3), ratio: baseline ? round(value / baseline) : null });
  const rows = [
    { name: name('performance'), value: page.performance, unit: 'score', ...versus(page.performance, floor.performance), goal: '>= 95' },
    { name: name('lcp'), value: Math.round(page.lcp), unit: 'ms', ...versus(page.lcp, floor.lcp), goal: formFactor === 'mobile' ? '<= 1500' : null },
    { name: name('tbt'), value: Math.round(page.tbt), unit: 'ms', ...versus(page.tbt, floor.tbt), goal: '<= 150' },
    { name: name('cls'), value: round(page.cls, 3), unit: '', ...versus(page.cls, floor.cls), goal: '<= 0.02' },
  ];
  if (formFactor === 'mobile') {
    rows.push(
      { name: name('accessibility'), value: page.accessibility, unit: 'score', ...versus(page.accessibility, floor.accessibility), goal: '>= 100' },
      { name: name('best-practices'), value: page['best-practices'], unit: 'score', ...versus(page['best-practices'], floor['best-practices']), goal: '>= 100' },
      { name: name('seo'), value: page.seo, unit: 'score', ...versus(page.seo, floor.seo), goal: '>= 100' },
      { name: name('js'), value: round(page.js, 1), unit: 'KiB', baseline: 0, ratio: null, goal: key === 'landing' ? '<= 146.5' : null },
    );
  }
  return rows.map((row) => (row.goal === null ? { ...row, goal: undefined } : row));
}

export default async function run({ root, tmpDir, log }) {
  const databaseUrl = `sqlite:${path.join(tmpDir, `lighthouse-${Date.now()}.sqlite`)}`;
  log('seeding the demo network…');
  const seeded = spawnSync(process.execPath, ['--import', 'tsx', path.join(root, 'api-gateway/src/seed.ts')], { cwd: root, env: { ...process.env, DATABASE_URL: databaseUrl }, encoding: 'utf8' });
  if (seeded.status !== 0) throw new Error(`seeding failed:\n${seeded.stderr.slice(-2000)}`);

  const gateway = await startGateway({ root, env: { DATABASE_URL: databaseUrl, LOG_LEVEL: 'warn', NODE_ENV: 'test', AUTH_OTP_SEND_LIMIT_PER_IP: '0', AUTH_OTP_VERIFY_LIMIT_PER_IP: '0' } });
  const before = await startWithoutFirstScreen(gateway.url);
  const floorServer = await startBareServer({ status: 200, headers: { 'content-type': 'text/html; charset=utf-8', 'cache-control': 'no-cache' }, body: Buffer.from(FLOOR_HTML).toString('base64') });
  let maya;
  let chrome;
  try {
    // Maya Chen (a demo member, +1 415 555 0100) looks at her profile (which creates it) and
    // recommends someone new: a pending vouch link.
    maya = await member(gateway.url, 'Maya', 'Chen', { e164: '+14155550100' });
    const { profile } = await (await expectOk(await maya.api.get('/api/profile/my-summary'), 'my summary')).json();
    const vouchToken = await createRecommendation(maya, { name: 'Lee Kim', phone: freshPhone() });
    // Not the 404 page: Lighthouse refuses to audit a document answered 404 (ERRORED_DOCUMENT_REQUEST).
    const pages = [
      { key: 'landing', path: '/' },
      { key: 'auth', path: '/auth' },
      { key: 'profile', path: `/profile/${profile.profileSlug}` },
      { key: 'vouch', path: `/vouch/${vouchToken}` },
    ];
    chrome = await chromeLauncher.launch({ chromePath: '/usr/bin/chromium', chromeFlags: CHROME_FLAGS, logLevel: 'silent' });
    const out = [];
    for (const formFactor of ['mobile', 'desktop']) {
      const floor = await audit(chrome, floorServer.url, formFactor, log);
      out.push(
        { name: `lighthouse.${formFactor}.floor.performance`, value: floor.performance, unit: 'score' },
        { name: `lighthouse.${formFactor}.floor.lcp`, value: Math.round(floor.lcp), unit: 'ms' },
      );
      for (const page of pages) {
        const now = await audit(chrome, `${gateway.url}${page.path}`, formFactor, log);
        out.push(...results(page.key, formFactor, now, floor));
        if (formFactor !== 'mobile') continue;
        // The same page without its first screen, right after it: the change's own before/after.
        const then = await audit(chrome, `${before.url}${page.path}`, formFactor, (line) => log(`${line} (without the first screen)`));
        const name = (metric) => `lighthouse.mobile.${page.key}.before.${metric}`;
        out.push(
          { name: name('performance'), value: then.performance, unit: 'score', baseline: floor.performance, ratio: round(then.performance / floor.performance) },
          { name: name('lcp'), value: Math.round(then.lcp), unit: 'ms', baseline: round(floor.lcp, 3), ratio: round(then.lcp / floor.lcp) },
          { name: name('tbt'), value: Math.round(then.tbt), unit: 'ms', baseline: round(floor.tbt, 3), ratio: floor.tbt ? round(then.tbt / floor.tbt) : null },
          { name: name('cls'), value: round(then.cls, 3), unit: '' },
        );
      }
    }
    // LCP as the page really loads on the throttled phone, against the floor loaded the same way.
    const floor = await audit(chrome, floorServer.url, 'mobile', log, { devtools: true });
    out.push({ name: 'lighthouse.mobile.floor.lcp-devtools', value: Math.round(floor.lcp), unit: 'ms' });
    for (const page of pages) {
      const now = await audit(chrome, `${gateway.url}${page.path}`, 'mobile', log, { devtools: true });
      out.push({ name: `lighthouse.mobile.${page.key}.lcp-devtools`, value: Math.round(now.lcp), unit: 'ms', baseline: Math.round(floor.lcp), ratio: round(now.lcp / floor.lcp), goal: 'ratio <= 2' });
    }
    return out;
  } finally {
    await maya?.api.dispose();
    await chrome?.kill();
    await floorServer.stop();
    await before.stop();
    await gateway.stop();
  }
}
