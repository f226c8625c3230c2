#!/usr/bin/env node
// Where a public page's main-thread time goes under Lighthouse's mobile settings (simulated slow
// 4G, 4× CPU slowdown): Lighthouse's own trace of the page, with V8's sampling profiler added, cut
// into the main thread's tasks; for each task after the first contentful paint that blocks
// (observed × 4 > 50 ms, as Lighthouse's simulation scales it), what is inside: task groups
// (script evaluation, style and layout, …) and the source modules (through the build's source
// maps) whose functions the samples fell in.
//
// Usage: node bench/lighthouse-trace.mjs <gateway url> [path ...]
//   Paths default to /, /auth, /profile/maya-chen and a fresh /vouch/<token> of Maya's (the
//   gateway must run with the demo network and OTP codes readable, as the lighthouse bench does).
//   BENCH_LIGHTHOUSE_RUNS (default 3) runs per page; TRACE_TOP (default 12) modules per task;
//   TRACE_FUNCTIONS=1 names the functions (source map name and line) instead of only their module.
//   TRACE_SIGNED_IN=1 loads the pages as Maya (her session cookie on every request), for the signed-in screens.
import os from 'node:os';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { MainThreadTasks } from 'lighthouse/core/lib/tracehouse/main-thread-tasks.js';
import { TraceProcessor } from 'lighthouse/core/lib/tracehouse/trace-processor.js';
import sourceMap from 'source-map';
import { createRecommendation, freshPhone, member } from './support/members.mjs';

const CPU_SLOWDOWN = 4;
const RUNS = Number(process.env.BENCH_LIGHTHOUSE_RUNS ?? 3);
const TOP = Number(process.env.TRACE_TOP ?? 12);
const [baseList, ...givenPaths] = process.argv.slice(2);
// Several gateways (comma-separated, e.g. a build before and after a change, on the same
// database): their runs alternate, so both see the same machine load.
const bases = (baseList ?? '').split(',').filter(Boolean);
const base = bases[0];
if (!base || base.startsWith('-')) {
  console.error('usage: node bench/lighthouse-trace.mjs <gateway url>[,<gateway url>…] [path ...]');
  process.exit(2);
}

const consumers = new Map();
/** The original position of a generated one (0-based line and column), or null without a map. */
async function original(url, line, column) {
  if (!url.startsWith('http')) return null;
  if (!consumers.has(url)) {
    consumers.set(url, fetch(`${url}.map`).then(async (response) => (response.ok ? new sourceMap.SourceMapConsumer(await response.json()) : null)).catch(() => null));
  }
  const consumer = await consumers.get(url);
  if (!consumer) return null;
  return consumer.originalPositionFor({ line: line + 1, column });
}

/** A source path short enough to read: the package or workspace file. */
function shortSource(source) {
  const path = source.replace(/^webpack:\/\/[^/]*\//, '').replace(/^\.\//, '');
  const inModules = path.lastIndexOf('node_modules/');
  if (inModules < 0) return path;
  const rest = path.slice(inModules + 'node_modules/'.length).split('/');
  const name = rest[0].startsWith('@') ? `${rest[0]}/${rest[1]}` : rest[0];
  const file = rest.slice(rest[0].startsWith('@') ? 2 : 1).join('/');
  // Chakra's and React's internals by area, not by file.
  return `${name}:${file.split('/').slice(0, 3).join('/')}`;
}

/** The samples of V8's profiler in the trace: [{ ts (µs), frame }], frame the sampled node's call frame. */
function profileSamples(events, pid) {
  const profiles = new Map();
  for (const event of events) {
    if (event.pid !== pid || (event.name !== 'Profile' && event.name !== 'ProfileChunk')) continue;
    const profile = profiles.get(event.id) ?? { startTime: 0, nodes: new Map(), samples: [], deltas: [] };
    profiles.set(event.id, profile);
    if (event.name === 'Profile') profile.startTime = event.args.data.startTime;
    else {
      const data = event.args.data;
      for (const node of data.cpuProfile?.nodes ?? []) profile.nodes.set(node.id, node);
      profile.samples.push(...(data.cpuProfile?.samples ?? []));
      profile.deltas.push(...(data.timeDeltas ?? []));
    }
  }
  const out = [];
  for (const profile of profiles.values()) {
    let ts = profile.startTime;
    profile.samples.forEach((id, i) => {
      ts += profile.deltas[i] ?? 0;
      out.push({ ts, node: profile.nodes.get(id) });
    });
  }
  return out.sort((a, b) => a.ts - b.ts);
}

async function traceOnce(chrome, url, headers) {
  const flags = { port: chrome.port, output: 'json', logLevel: 'error', onlyCategories: ['performance'], extraHeaders: headers };
  const config = { extends: 'lighthouse:default', settings: { additionalTraceCategories: 'disabled-by-default-v8.cpu_profiler', onlyCategories: ['performance'] } };
  let result = await lighthouse(url, flags, config);
  // "Something went wrong with recording the trace… Please run Lighthouse again": once more (as the bench does).
  if (result.lhr.runtimeError?.code === 'NO_NAVSTART') result = await lighthouse(url, flags, config);
  if (result.lhr.runtimeError) throw new Error(`${url}: ${result.lhr.runtimeError.message}`);
  const trace = result.artifacts.Trace;
  const processed = TraceProcessor.processTrace(trace);
  const navigation = TraceProcessor.processNavigation(processed);
  const fcp = navigation.timestamps.firstContentfulPaint; // µs
  const tasks = MainThreadTasks.getMainThreadTasks(processed.mainThreadEvents, processed.frames, processed.timestamps.traceEnd, processed.timestamps.timeOrigin);
  const origin = processed.timestamps.timeOrigin;
  const topLevel = tasks.filter((task) => !task.parent);
  const afterFcp = topLevel.filter((task) => task.startTime * 1000 + origin >= fcp);
  const blocking = afterFcp.filter((task) => task.duration * CPU_SLOWDOWN > 50);
  const samples = profileSamples(trace.traceEvents, processed.mainThreadEvents[0]?.pid);

  const described = [];
  for (const task of blocking) {
    const groups = new Map();
    const walk = (node) => {
      groups.set(node.group.label, (groups.get(node.group.label) ?? 0) + node.selfTime);
      node.children.forEach(walk);
    };
    walk(task);
    const start = task.startTime * 1000 + origin;
    const end = task.endTime * 1000 + origin;
    const modules = new Map();
    const inTask = samples.filter((sample) => sample.ts >= start && sample.ts < end);
    for (let i = 0; i < inTask.length; i += 1) {
      const { node, ts } = inTask[i];
      const next = inTask[i + 1]?.ts ?? end;
      const frame = node?.callFrame ?? {};
      let key = frame.functionName || '(anonymous)';
      if (['(program)', '(garbage collector)', '(idle)', '(root)'].includes(key)) {
        // V8's own buckets: as they are.
      } else if (frame.url) {
        const position = await original(frame.url, frame.lineNumber, frame.columnNumber);
        key = position?.source ? shortSource(position.source) : `${frame.url.split('/').pop()} ${frame.functionName}`;
        // TRACE_FUNCTIONS=1: by function (the source map's name at the function's start) within the module.
        if (position?.source && process.env.TRACE_FUNCTIONS) key += ` ${position.name ?? ''}:${position.line}`;
      } else key = `(native) ${key}`;
      modules.set(key, (modules.get(key) ?? 0) + (next - ts) / 1000);
    }
    described.push({
      start: Math.round((start - fcp) / 1000),
      duration: task.duration,
      urls: task.attributableURLs.map((u) => u.split('/').pop()).slice(0, 3),
      groups: [...groups].filter(([, ms]) => ms >= 1).sort((a, b) => b[1] - a[1]),
      modules: [...modules].sort((a, b) => b[1] - a[1]).slice(0, TOP),
    });
  }
  return {
    performance: Math.round(result.lhr.categories.performance.score * 100),
    tbt: Math.round(result.lhr.audits['total-blocking-time'].numericValue),
    mainThreadAfterFcp: afterFcp.reduce((sum, task) => sum + task.duration, 0),
    mainThreadTotal: topLevel.reduce((sum, task) => sum + task.duration, 0),
    // Lighthouse's simulation is more than this, but this is its core: each task scaled by the slowdown.
    observedBlocking: afterFcp.reduce((sum, task) => sum + Math.max(0, task.duration * CPU_SLOWDOWN - 50), 0),
    tasks: described,
  };
}

async function defaultPaths() {
  const maya = await member(base, 'Maya', 'Chen', { e164: '+14155550100' });
  // Her public profile exists once she has looked at her summary (as in the lighthouse bench).
  const summary = await (await maya.api.get('/api/profile/my-summary')).json();
  const token = await createRecommendation(maya, { name: 'Lee Kim', phone: freshPhone() });
  await maya.api.dispose();
  return ['/', '/auth', `/profile/${summary.profile.profileSlug}`, `/vouch/${token}`];
}

/** Maya's session cookie, as the web bench sends it. */
async function mayaCookie() {
  const maya = await member(base, 'Maya', 'Chen', { e164: '+14155550100' });
  const { cookies } = await maya.api.storageState();
  await maya.api.dispose();
  return cookies.map((entry) => `${entry.name}=${entry.value}`).join('; ');
}

const paths = givenPaths.length ? givenPaths : await defaultPaths();
const headers = process.env.TRACE_SIGNED_IN ? { Cookie: await mayaCookie() } : {};
const chrome = await chromeLauncher.launch({ chromePath: '/usr/bin/chromium', chromeFlags: ['--headless=new', '--no-sandbox', '--disable-gpu', '--disable-background-networking'], logLevel: 'silent' });
try {
  for (const path of paths) {
    const runsOf = new Map(bases.map((url) => [url, []]));
    for (let i = 0; i < RUNS; i += 1) {
      for (const url of bases) runsOf.get(url).push({ ...(await traceOnce(chrome, `${url}${path}`, headers)), load: os.loadavg()[0] });
    }
    for (const [url, runs] of runsOf) report(url, path, runs);
  }
} finally {
  await chrome.kill();
}

function report(url, path, runs) {
  console.log(`\n## ${bases.length > 1 ? url : ''}${path}: performance ${runs.map((r) => r.performance).join('/')}, TBT ${runs.map((r) => r.tbt).join('/')} ms, main thread after FCP ${runs.map((r) => Math.round(r.mainThreadAfterFcp)).join('/')} ms (total ${runs.map((r) => Math.round(r.mainThreadTotal)).join('/')}), observed×4 blocking ${runs.map((r) => Math.round(r.observedBlocking)).join('/')} ms, load ${runs.map((r) => r.load.toFixed(1)).join('/')}`);
  const median = [...runs].sort((a, b) => a.tbt - b.tbt)[Math.floor(runs.length / 2)];
  for (const task of median.tasks) {
    console.log(`  task at FCP+${task.start} ms: ${task.duration.toFixed(1)} ms observed (${task.urls.join(', ')})`);
    console.log(`    groups: ${task.groups.map(([label, ms]) => `${label} ${ms.toFixed(1)}`).join(', ')}`);
    for (const [name, ms] of task.modules) console.log(`    ${ms.toFixed(1).padStart(6)} ms  ${name}`);
  }
}
