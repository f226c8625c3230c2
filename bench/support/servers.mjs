// What the HTTP benchmark modules share: a free port, the real gateway as a child process, a bare
// node:http server answering fixed bytes (the baseline), a throw-away database, an autocannon run.
// Every server runs in its own process so it does not share a core's event loop with autocannon.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import autocannon from 'autocannon';
import mysql from 'mysql2/promise';
import { buildServer, serverBuildStale } from '../../scripts/build-server.mjs';

/** A fixed OTP secret for bench servers run with production settings: 32 random bytes in hex, as production needs (issue 43). */
export const BENCH_OTP_SECRET = '5be1c0f3a8d24e7f9b6a1c3d5e7f90a2b4c6d8e0f1a3b5c7d9e1f2a4b6c8d0e2';

export const round = (n, digits = 2) => Math.round(n * 10 ** digits) / 10 ** digits;

export function freePort() {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
    server.on('error', reject);
  });
}

/** SIGTERM (the gateway's graceful shutdown), SIGKILL after 5 s. Resolves when the process is gone. */
export function stop(child) {
  return new Promise((resolve) => {
    if (child.exitCode !== null || child.signalCode !== null) return resolve();
    child.once('exit', () => resolve());
    child.kill('SIGTERM');
    setTimeout(() => child.kill('SIGKILL'), 5000).unref();
  });
}

/** Polls `url` (with `headers`) until it answers 2xx; fails early when `child` exits. */
export async function waitForOk(url, child, seconds = 60, headers = {}) {
  const deadline = Date.now() + seconds * 1000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode} before answering ${url}`);
    try {
      const res = await fetch(url, { headers });
      if (res.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`${url} did not answer within ${seconds} s`);
}

/**
 * The gateway as `npm start` runs it (compiled: node api-gateway/dist/server.js, built first when
 * stale), minus the frontend build. `env` is added to this process's environment; `logFile` receives its stdout
 * (the request log), else it goes nowhere. `nodeArgs` go before the script (e.g. --cpu-prof).
 * `script` runs another compiled gateway instead (say, one kept from before a change), unbuilt.
 * Resolves once /api/health answers.
 */
export async function startGateway({ root, env = {}, logFile, nodeArgs = [], script }) {
  // `script`: another compiled gateway (a build kept from before a change), run as it is.
  if (!script && serverBuildStale()) await buildServer();
  const port = await freePort();
  // A production-mode gateway refuses to start without its whole configuration (docs/security.md):
  // benches give it stand-ins that are never called (no code is sent, nothing is sold).
  const productionStandIns = env.NODE_ENV === 'production'
    ? { OTP_SECRET: BENCH_OTP_SECRET, TWILIO_ACCOUNT_SID: 'AC-bench', TWILIO_AUTH_TOKEN: 'bench', TWILIO_VERIFY_SERVICE_SID: 'VA-bench', PAID_PLANS: 'off', PUSH: 'off', TEXTS: 'off', PUBLIC_URL: `http://127.0.0.1:${port}` }
    : {};
  const out = logFile ? fs.openSync(logFile, 'a') : 'ignore';
  const child = spawn(process.execPath, [...nodeArgs, script ? path.resolve(root, script) : path.join(root, 'api-gateway', 'dist', 'server.js')], {
    cwd: root,
    env: { ...process.env, HOST: '127.0.0.1', ...productionStandIns, ...env, PORT: String(port) },
    stdio: ['ignore', out, 'inherit'],
  });
  if (typeof out === 'number') fs.closeSync(out);
  const url = `http://127.0.0.1:${port}`;
  try {
    await waitForOk(`${url}/api/health`, child);
  } catch (error) {
    await stop(child);
    throw error;
  }
  return { url, child, stop: () => stop(child) };
}

/** The headers node:http adds by itself; a replayed response leaves them to the bare server. */
const TRANSPORT_HEADERS = new Set(['date', 'connection', 'keep-alive', 'transfer-encoding']);

/**
 * Fetches `url` once and returns what a bare server must send to answer with the same bytes:
 * status, every header but the transport ones (node adds those itself), and the body.
 */
export async function captureResponse(url, headers = {}) {
  // fetch asks for br/gzip and decodes the body itself; autocannon asks for no encoding, so neither does this.
  const res = await fetch(url, { headers: { 'accept-encoding': 'identity', ...headers } });
  const body = Buffer.from(await res.arrayBuffer());
  const replay = {};
  for (const [name, value] of res.headers) if (!TRANSPORT_HEADERS.has(name)) replay[name] = value;
  if (res.headers.has('set-cookie')) replay['set-cookie'] = res.headers.getSetCookie();
  return { status: res.status, headers: replay, body: body.toString('base64') };
}

/**
 * The baseline: a bare node:http server in its own process that answers every request with
 * `response` ({ status, headers, body (base64) }, as captureResponse returns it). With
 * `{ express: true }` the same bytes come from an Express 5 app with one catch-all route and nothing
 * else: the floor any Express gateway starts from. With `{ sql }` ({ url, statements: [{ sql,
 * params }] }) the server first runs those statements, all at once, with the driver the gateway
 * uses under Sequelize (mysql2, a pool of 10 as the gateway's, for mysql:// urls; sqlite3 on one
 * connection in WAL mode for sqlite: urls), reads every row, then answers: the floor of a server that
 * makes the endpoint's own database reads per request. With `sql.session` (SQL with one `?`, the
 * SHA-256 hex of the request's Bearer token) that statement runs first and its first column (the
 * member id) is every other statement's parameter: the floor of a signed-in read of any member
 * (`readyHeaders`: what the first request, which waits for the server, sends). `nodeArgs` go before
 * the script (e.g. --cpu-prof).
 */
export async function startBareServer(response, { express = false, sql, readyHeaders = {}, nodeArgs = [] } = {}) {
  const port = await freePort();
  const answer = `res.writeHead(r.status, r.headers);
  res.end(body);`;
  let driver = '';
  let handler = `(req, res) => {
  ${answer}
}`;
  if (sql) {
    const sqlite = sql.url.startsWith('sqlite:');
    driver = sqlite
      ? `const sqlite = new (require('sqlite3').Database)(${JSON.stringify(sql.url.slice('sqlite:'.length))});
sqlite.run('PRAGMA journal_mode = WAL');
const run = (s) => new Promise((resolve, reject) => sqlite.all(s.sql, s.params, (e, rows) => (e ? reject(e) : resolve(rows))));`
      : `const pool = require('mysql2').createPool({ uri: ${JSON.stringify(sql.url)}, connectionLimit: 10 });
const run = (s) => new Promise((resolve, reject) => pool.query(s.sql, s.params, (e, rows) => (e ? reject(e) : resolve(rows))));`;
    const session = sql.session
      ? `const token = /^Bearer (\\S+)$/.exec(req.headers.authorization ?? '')?.[1] ?? '';
  const member = await run({ sql: ${JSON.stringify(sql.session)}, params: [require('node:crypto').createHash('sha256').update(token).digest('hex')] });
  if (member.length === 0) throw new Error('no session');
  const id = Object.values(member[0])[0];
  const results = await Promise.all(statements.map((s) => run({ sql: s.sql, params: [id] })));`
      : 'const results = await Promise.all(statements.map(run));';
    handler = `(req, res) => {
  (async () => {
  ${session}
    if (results.some((rows) => rows.length === 0)) throw new Error('no rows');
    ${answer}
  })().catch(() => { res.writeHead(500); res.end(); });
}`;
  }
  // SIGTERM exits normally, so a --cpu-prof profile is written.
  const source = `
process.on('SIGTERM', () => process.exit(0));
const r = ${JSON.stringify(response)};
const body = Buffer.from(r.body, 'base64');
const statements = ${JSON.stringify(sql?.statements ?? [])};
${driver}
${express ? `const app = require('express')();
app.disable('x-powered-by');
app.use(${handler});
app.listen(${port}, '127.0.0.1');` : `require('node:http').createServer(${handler}).listen(${port}, '127.0.0.1');`}
`;
  const child = spawn(process.execPath, [...nodeArgs, '-e', source], { stdio: 'ignore', cwd: path.dirname(new URL(import.meta.url).pathname) });
  const url = `http://127.0.0.1:${port}`;
  try {
    await waitForOk(url, child, 30, readyHeaders);
  } catch (error) {
    await stop(child);
    throw error;
  }
  return { url, child, stop: () => stop(child) };
}

/** CPU time (user + system) the process `pid` has used, in µs; null where /proc is not there (not Linux). */
export function cpuMicros(pid) {
  try {
    const fields = fs.readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
    return (Number(fields[11]) + Number(fields[12])) * (1e6 / 100); // utime + stime in clock ticks (USER_HZ = 100)
  } catch {
    return null;
  }
}

/**
 * autocannon against `url` (2 s warm-up, then `duration` s; BENCH_DURATION overrides), refusing
 * a run with errors or non-2xx answers (`requests`: autocannon's, e.g. a setupRequest giving each
 * request its own member's token). Returns { rps, p99, cpu, cpuPerRequest, result } and logs
 * them. With `pid` (the server's process), cpu is the server's CPU time in µs and cpuPerRequest its CPU time per answered
 * request in µs: unlike req/s it barely moves when other work shares the machine.
 */
export async function measure(name, url, { connections, duration = 10, headers = {}, requests, pid, log = () => {} }) {
  const load = (seconds) => autocannon({ url, connections, duration: seconds, headers, ...(requests ? { requests } : {}) });
  await load(2); // warm-up: JIT, connection pool, database caches
  const cpuBefore = pid ? cpuMicros(pid) : null;
  const result = await load(Number(process.env.BENCH_DURATION ?? duration));
  const cpuAfter = pid ? cpuMicros(pid) : null;
  if (result.non2xx > 0 || result.errors > 0) throw new Error(`${name}: ${result.non2xx} non-2xx answers and ${result.errors} errors`);
  const rps = Math.round(result.requests.average);
  const cpu = cpuBefore !== null && cpuAfter !== null ? cpuAfter - cpuBefore : null;
  const cpuPerRequest = cpu !== null && result.requests.total > 0 ? Math.round(cpu / result.requests.total) : null;
  log(`${name}: ${rps} req/s, p99 ${result.latency.p99} ms${cpuPerRequest === null ? '' : `, ${cpuPerRequest} µs CPU per request`} (${connections} connections)`);
  return { rps, p99: result.latency.p99, cpu, cpuPerRequest, result };
}

/** A fresh SQLite file under `tmpDir`; dispose removes it. */
export function temporarySqlite(tmpDir, name) {
  const dir = fs.mkdtempSync(path.join(tmpDir, `${name}-`));
  return { url: `sqlite:${path.join(dir, `${name}.sqlite`)}`, dispose: async () => fs.rmSync(dir, { recursive: true, force: true }) };
}

/**
 * A fresh MariaDB/MySQL database `name` on BENCH_DATABASE_URL (default mysql://root@127.0.0.1:3306):
 * dropped and created again, dropped by dispose.
 */
export async function temporaryMariaDb(name, baseUrl = process.env.BENCH_DATABASE_URL ?? 'mysql://root@127.0.0.1:3306') {
  if (!/^\w+$/.test(name)) throw new Error(`database name "${name}" must be letters, digits and _`);
  const server = new URL(baseUrl);
  server.pathname = '/';
  const run = async (sql) => {
    const conn = await mysql.createConnection({ uri: server.toString() });
    try {
      await conn.query(sql);
    } finally {
      await conn.end();
    }
  };
  await run(`DROP DATABASE IF EXISTS \`${name}\``);
  await run(`CREATE DATABASE \`${name}\` CHARACTER SET utf8mb4 COLLATE utf8mb4_unicode_ci`);
  const url = new URL(server);
  url.pathname = `/${name}`;
  return { url: url.toString(), dispose: () => run(`DROP DATABASE IF EXISTS \`${name}\``) };
}

/** The gateway at `target` as it was before pages carried their first screen (./without-first-screen.mjs), in its own process. */
export async function startWithoutFirstScreen(target) {
  const port = await freePort();
  const child = spawn(process.execPath, [path.join(path.dirname(new URL(import.meta.url).pathname), 'without-first-screen.mjs'), String(port), target], { stdio: 'ignore' });
  const url = `http://127.0.0.1:${port}`;
  try {
    await waitForOk(`${url}/api/health`, child, 10);
  } catch (error) {
    await stop(child);
    throw error;
  }
  return { url, child, stop: () => stop(child) };
}
