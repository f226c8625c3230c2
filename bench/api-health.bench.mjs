// /api/health throughput and latency through the whole gateway (helmet, request id, session and
// origin middleware, a `SELECT 1` on SQLite), as a ratio to a bare node:http server answering the
// same bytes, both measured in this run on this machine with the same autocannon settings.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import autocannon from 'autocannon';

export const title = 'API: /api/health through the gateway';
export const notes = `
Each server runs in its own process; autocannon (${'`'}BENCH_CONNECTIONS${'`'} connections, default 50,
for ${'`'}BENCH_DURATION${'`'} seconds, default 10, after a 2 s warm-up) loads it from the bench process.
The baseline is a bare ${'`'}node:http${'`'} server returning the same body and content type.
The gateway runs with ${'`'}NODE_ENV=production${'`'} on a fresh SQLite file, every request checking the database
(concurrent checks share one query). For scale: a bare Express 5 app with one JSON route measured about 0.2
of bare node:http on the same 2-core machine, so the goal (0.1) leaves the gateway's own middleware
(helmet, request id, logging, database check) about half of Express's budget.
`;

const BODY = JSON.stringify({ status: 'ok', database: 'ok' });

const BARE_SERVER = `
const body = Buffer.from(${JSON.stringify(BODY)});
require('node:http').createServer((req, res) => {
  res.writeHead(200, { 'Content-Type': 'application/json; charset=utf-8', 'Content-Length': body.length });
  res.end(body);
}).listen(Number(process.env.PORT), '127.0.0.1');
`;

function freePort() {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
    server.on('error', reject);
  });
}

async function waitFor(url, child, seconds = 60) {
  const deadline = Date.now() + seconds * 1000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode} before answering ${url}`);
    try {
      const res = await fetch(url);
      if (res.ok) {
        const text = await res.text();
        if (text !== BODY) throw new Error(`${url} answered ${text}, expected ${BODY}`);
        return;
      }
    } catch (error) {
      if (error instanceof Error && error.message.includes('expected')) throw error;
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`${url} did not answer within ${seconds} s`);
}

function load(url, duration) {
  return autocannon({ url, connections: Number(process.env.BENCH_CONNECTIONS ?? 50), duration });
}

async function measure(name, url, child, log) {
  await waitFor(url, child);
  await load(url, 2); // warm-up: JIT, connection pool, SQLite page cache
  const result = await load(url, Number(process.env.BENCH_DURATION ?? 10));
  if (result.non2xx > 0 || result.errors > 0) throw new Error(`${name}: ${result.non2xx} non-2xx answers and ${result.errors} errors`);
  log(`${name}: ${Math.round(result.requests.average)} req/s, p99 ${result.latency.p99} ms`);
  return result;
}

function stop(child) {
  return new Promise((resolve) => {
    if (child.exitCode !== null || child.signalCode !== null) return resolve();
    child.once('exit', () => resolve());
    child.kill('SIGTERM');
    setTimeout(() => child.kill('SIGKILL'), 5000).unref();
  });
}

const round = (n, digits = 2) => Math.round(n * 10 ** digits) / 10 ** digits;

export default async function run({ root, tmpDir, log }) {
  const children = [];
  try {
    const barePort = await freePort();
    const bare = spawn(process.execPath, ['-e', BARE_SERVER], { env: { ...process.env, PORT: String(barePort) }, stdio: 'ignore' });
    children.push(bare);
    const baseline = await measure('bare node:http', `http://127.0.0.1:${barePort}/api/health`, bare, log);
    await stop(bare);

    const dbDir = fs.mkdtempSync(path.join(tmpDir, 'api-health-'));
    const gatewayPort = await freePort();
    const gateway = spawn(process.execPath, ['--import', 'tsx', path.join(root, 'api-gateway', 'src', 'server.ts')], {
      cwd: root,
      env: { ...process.env, NODE_ENV: 'production', OTP_SECRET: 'bench-only-secret', PORT: String(gatewayPort), HOST: '127.0.0.1', DATABASE_URL: path.join(dbDir, 'bench.sqlite') },
      stdio: ['ignore', 'ignore', 'inherit'],
    });
    children.push(gateway);
    const measured = await measure('gateway', `http://127.0.0.1:${gatewayPort}/api/health`, gateway, log);
    await stop(gateway);
    fs.rmSync(dbDir, { recursive: true, force: true });

    const rps = Math.round(measured.requests.average);
    const baseRps = Math.round(baseline.requests.average);
    return [
      { name: 'api-health.throughput', value: rps, unit: 'req/s', baseline: baseRps, ratio: round(rps / baseRps), goal: 'ratio >= 0.1' },
      { name: 'api-health.latency-p99', value: measured.latency.p99, unit: 'ms', baseline: baseline.latency.p99, ratio: round(measured.latency.p99 / Math.max(baseline.latency.p99, 1)), goal: '<= 100 ms' },
    ];
  } finally {
    await Promise.all(children.map(stop));
  }
}
