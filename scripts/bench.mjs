#!/usr/bin/env node
// `npm run bench`: runs every benchmark module in bench/ (or those named: `npm run bench -- api-health`)
// and writes bench/results.json (for tools) and docs/benchmarks.md (for people).
//
// A benchmark module is bench/<name>.bench.mjs:
//   export const title = 'What it measures';            // heading in docs/benchmarks.md
//   export const notes = 'How it measures (markdown)';   // optional
//   export default async function run({ root, tmpDir, log }) {
//     return [{ name, value, unit, baseline, ratio, goal }]; // goal: e.g. 'ratio >= 0.2', '<= 170 KB'
//   }
// Result names start with the module's name ('api-health.throughput'): that groups them in the page.
// Results replace earlier ones with the same name; results of modules not run this time are kept.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

const root = path.resolve(path.dirname(new URL(import.meta.url).pathname), '..');
const benchDir = path.join(root, 'bench');
const resultsFile = path.join(benchDir, 'results.json');
const docFile = path.join(root, 'docs', 'benchmarks.md');
const tmpDir = path.join(root, '.bench');
fs.mkdirSync(tmpDir, { recursive: true });

const available = fs.readdirSync(benchDir).filter((f) => f.endsWith('.bench.mjs')).map((f) => f.replace(/\.bench\.mjs$/, '')).sort();
const wanted = process.argv.slice(2);
const unknown = wanted.filter((name) => !available.includes(name));
if (unknown.length) {
  console.error(`Unknown benchmark(s): ${unknown.join(', ')}. Available: ${available.join(', ')}.`);
  process.exit(2);
}

const previous = fs.existsSync(resultsFile) ? JSON.parse(fs.readFileSync(resultsFile, 'utf8')) : [];
const results = new Map(previous.map((r) => [r.name, r]));
// Importing a module runs nothing: its default export does. Titles and notes of all are needed for the page.
const modules = new Map();
for (const name of available) modules.set(name, await import(path.join(benchDir, `${name}.bench.mjs`)));
let failed = false;

for (const name of wanted.length ? wanted : available) {
  const mod = modules.get(name);
  const log = (...args) => console.log(`[${name}]`, ...args);
  log('running…');
  try {
    const date = new Date().toISOString();
    // Absolute figures mean little without the machine and how busy it was when the module started.
    const machine = `${os.cpus().length} × ${os.cpus()[0]?.model.trim() ?? 'CPU'}, ${Math.round(os.totalmem() / 2 ** 30)} GiB, Node ${process.version}, load average ${os.loadavg()[0].toFixed(1)} at start`;
    const produced = await mod.default({ root, tmpDir, log });
    for (const result of produced) {
      if (!result.name.startsWith(`${name}.`)) throw new Error(`result "${result.name}" must be named "${name}.<metric>"`);
      results.set(result.name, { name: result.name, value: result.value, unit: result.unit, baseline: result.baseline ?? null, ratio: result.ratio ?? null, goal: result.goal ?? null, date, machine });
      log(`${result.name}: ${result.value} ${result.unit}${result.ratio != null ? ` (ratio ${result.ratio} to ${result.baseline})` : ''}; goal ${result.goal ?? '—'}`);
    }
  } catch (error) {
    failed = true;
    console.error(`[${name}] failed:`, error);
  }
}

/** 'ratio >= 0.2', '<= 170 KB', '>= 1000 req/s': true/false when the goal can be read, else null. */
function meetsGoal(result) {
  const match = /^(ratio\s*)?(>=|<=|>|<)\s*([\d.]+)/.exec(result.goal ?? '');
  if (!match) return null;
  const actual = match[1] ? result.ratio : result.value;
  if (actual == null) return null;
  const target = Number(match[3]);
  return { '>=': actual >= target, '<=': actual <= target, '>': actual > target, '<': actual < target }[match[2]];
}

const list = [...results.values()].sort((a, b) => a.name.localeCompare(b.name));
// results.json is the plain list the design asks for ({ name, value, unit, baseline, ratio, goal, date }), plus the machine.
fs.writeFileSync(resultsFile, `${JSON.stringify(list, null, 2)}\n`);

const lines = [
  '# Benchmarks',
  '',
  'Written by `npm run bench` (scripts/bench.mjs runs every `bench/*.bench.mjs`); machine-readable copy in `bench/results.json`.',
  'Figures depend on the machine: compare ratios, which are measured against a baseline in the same run.',
  '',
];
const byModule = new Map();
for (const r of list) {
  const name = r.name.split('.')[0];
  byModule.set(name, [...(byModule.get(name) ?? []), r]);
}
for (const [name, rows] of byModule) {
  const mod = modules.get(name);
  const doc = { title: mod?.title ?? name, notes: mod?.notes ?? '' };
  lines.push(`## ${doc.title}`, '');
  if (doc.notes) lines.push(doc.notes.trim(), '');
  const newest = rows.reduce((a, b) => (a.date >= b.date ? a : b));
  if (newest.machine) lines.push(`Measured on ${newest.machine} (${newest.date.slice(0, 16).replace('T', ' ')} UTC).`, '');
  lines.push('| benchmark | value | baseline | ratio | goal | met | date |', '|---|---|---|---|---|---|---|');
  for (const r of rows) {
    const met = meetsGoal(r);
    lines.push(`| ${r.name} | ${r.value} ${r.unit} | ${r.baseline ?? '—'} | ${r.ratio ?? '—'} | ${r.goal ?? '—'} | ${met === null ? '—' : met ? 'yes' : '**no**'} | ${r.date.slice(0, 10)} |`);
  }
  lines.push('');
}
fs.writeFileSync(docFile, lines.join('\n'));
console.log(`\nWrote ${path.relative(root, resultsFile)} and ${path.relative(root, docFile)}.`);
process.exit(failed ? 1 : 0);
