#!/usr/bin/env node
// `npm test`: lint (including the architecture boundaries) beside the typecheck, every jest suite
// (unit + API integration on SQLite, and on MariaDB/MySQL when TEST_DATABASE_URL is set),
// one remote and one service alone with their own scripts, then the browser suite in Debian's
// Chromium. Every step runs even when an earlier one fails, so one run shows everything that is
// wrong; the exit code is non-zero if any failed.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

const root = path.resolve(path.dirname(new URL(import.meta.url).pathname), '..');
const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'vouch-test-'));
const jestJson = path.join(tmp, 'jest.json');
const playwrightJson = path.join(tmp, 'playwright.json');

// Steps in one inner list run side by side (ESLint and tsc each keep one core busy); their output
// is printed when each ends, so it does not interleave.
const steps = [
  [
    { name: 'lint', cmd: ['npx', 'eslint', '.'] },
    { name: 'typecheck', cmd: ['npx', 'tsc', '-p', 'tsconfig.json', '--noEmit'] },
  ],
  { name: 'unit and API', cmd: ['npx', 'jest', '--json', `--outputFile=${jestJson}`, ...(process.env.CI ? ['--ci'] : [])] },
  // A feature team's view: one remote and one service build, test and start with their own
  // scripts alone (before the full build, so on a fresh clone no other app's dist/ exists).
  { name: 'workspaces alone', cmd: ['node', 'scripts/workspace-alone.mjs', 'mf-vouches', 'services/vouches'] },
  { name: 'build', cmd: ['node', 'scripts/build-frontends.mjs'] },
  { name: 'browser', cmd: ['npx', 'playwright', 'test', '--reporter=list,json'], env: { PLAYWRIGHT_JSON_OUTPUT_NAME: playwrightJson } },
];

/** Runs a step; alone, its output goes straight through, beside others it is printed at its end. */
function run(step, alone) {
  const started = Date.now();
  if (alone) console.log(`\n=== ${step.name}: ${step.cmd.join(' ')}`);
  const child = spawn(step.cmd[0], step.cmd.slice(1), { cwd: root, stdio: alone ? 'inherit' : ['ignore', 'pipe', 'pipe'], env: { ...process.env, ...step.env } });
  let output = '';
  child.stdout?.on('data', (chunk) => (output += chunk));
  child.stderr?.on('data', (chunk) => (output += chunk));
  return new Promise((resolve) => {
    child.on('close', (code) => {
      if (!alone) process.stdout.write(`\n=== ${step.name}: ${step.cmd.join(' ')}\n${output}`);
      resolve({ name: step.name, ok: code === 0, seconds: Math.round((Date.now() - started) / 1000) });
    });
  });
}

const results = [];
for (const step of steps) {
  const group = Array.isArray(step) ? step : [step];
  results.push(...(await Promise.all(group.map((s) => run(s, group.length === 1)))));
}

let passed = 0;
let failed = 0;
let skipped = 0;
if (fs.existsSync(jestJson)) {
  const jest = JSON.parse(fs.readFileSync(jestJson, 'utf8'));
  passed += jest.numPassedTests;
  failed += jest.numFailedTests;
  skipped += jest.numPendingTests + jest.numTodoTests;
}
/** Browser tests that failed and then passed on CI's retry (playwright.config.ts): named, to be mended. */
const flaky = [];
if (fs.existsSync(playwrightJson)) {
  const report = JSON.parse(fs.readFileSync(playwrightJson, 'utf8'));
  passed += report.stats.expected + report.stats.flaky;
  failed += report.stats.unexpected;
  skipped += report.stats.skipped;
  const walk = (suite, titles) => {
    for (const spec of suite.specs ?? []) if (spec.tests.some((t) => t.status === 'flaky')) flaky.push(`${spec.file}: ${[...titles, spec.title].join(' › ')}`);
    for (const child of suite.suites ?? []) walk(child, [...titles, ...(child.title && !child.title.endsWith('.ts') ? [child.title] : [])]);
  };
  for (const suite of report.suites ?? []) walk(suite, []);
}
for (const step of results) if (!step.ok && step.name !== 'unit and API' && step.name !== 'browser') failed += 1;

console.log('\n=== summary');
for (const step of results) console.log(`${step.ok ? 'ok  ' : 'FAIL'} ${step.name} (${step.seconds}s)`);
console.log(`${passed} passed, ${failed} failed${skipped ? `, ${skipped} skipped` : ''}${flaky.length ? `, ${flaky.length} flaky` : ''}`);
for (const name of flaky) console.log(`flaky (failed, then passed on its retry): ${name}`);
process.exit(results.every((step) => step.ok) ? 0 : 1);
