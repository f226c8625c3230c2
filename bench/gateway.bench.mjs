// The gateway path of a signed-in member on SQLite and MariaDB: GET /api/user/profile and GET
// /api/vouches/my (50 vouches) through the real gateway as production runs it (NODE_ENV=production,
// request log on), each as a ratio to a bare node:http server answering the same bytes, and its CPU
// against Express 5 + the same driver running the endpoint's own SQL, all measured in this run.
import fs from 'node:fs';
import path from 'node:path';
import { captureResponse, measure, round, startBareServer, startGateway, temporaryMariaDb, temporarySqlite } from './support/servers.mjs';

export const title = 'API: the gateway path of a signed-in member on SQLite and MariaDB';
export const notes = `
For each database (\`BENCH_GATEWAY_DIALECTS\`, default \`sqlite,mariadb\`): a fresh one (a SQLite file under
\`.bench/\`, the default users start with; MariaDB at \`BENCH_DATABASE_URL\`, default \`mysql://root@127.0.0.1:3306\`,
database \`BENCH_GATEWAY_DATABASE\`, default \`vouch_bench_gateway\`, dropped afterwards) holds one member signed in
through the real sign-in, on the premium plan, who sent 50 vouches. The gateway then runs as \`npm start\` runs it,
without the frontend build: \`NODE_ENV=production\` (so the session cache and the members' hot reads cache are on,
2 s and 1 s), info-level request log written to a file (checked afterwards: one line per request, no session token
in it). autocannon (\`BENCH_CONNECTIONS\`, default 64) loads each path for \`BENCH_DURATION\` seconds (default 10)
after a 2 s warm-up, sending the session cookie and no Accept-Encoding. Per path and database, in this order:
a bare \`node:http\` server in its own process answering the exact bytes the gateway answered (the baseline of
\`throughput\` and \`latency-p99\`); \`sql-floor\`, an Express 5 app whose one handler runs the endpoint's own SQL
statements (the repositories' SELECTs, at once) with the gateway's driver (sqlite3 on one connection; mysql2, a pool
of 10) and then answers the same bytes; the gateway. \`cpu-per-request\` is each server process's CPU time (user +
system, from \`/proc\`) per answered request: it moves less than req/s and p99 with whatever else runs on the machine;
\`cpu-to-sql-floor\` is the gateway's over the SQL floor's. \`vouches-my.compressed\` is the gateway answering the
list to a client that accepts br and gzip, against the same path without. \`gateway.express-floor\` is Express 5 with
one handler answering the profile's bytes and nothing else. The \`uncached\` rows are a second gateway with
\`MEMBER_READ_CACHE_SECONDS=0\`: every request routed through the whole pipeline and reading its rows (what the
first read of a member in each cache lifetime costs), against the same baselines and SQL floors. The machine is shared (see the load average): compare
ratios within one run, not absolute figures across runs. \`BENCH_CPU_PROF=1\` writes \`--cpu-prof\` profiles of the
gateway to \`.bench/gateway-prof/<dialect>/\` (the largest file is the main thread).

Issue 19, before and after (each a ratio within its own run; 2 shared cores, load average ~6 before and ~18 after,
so p99 and req/s say more about the machine than the gateway, CPU per request less so). Before (2026-11-24 09:53):
SQLite profile 0.03 of bare node:http, 591 µs CPU = 5.97× its SQL floor; SQLite vouches/my 0.02, 1479 µs = 3.78×;
MariaDB profile 0.04, 404 µs = 4.08×; MariaDB vouches/my 0.04, 1036 µs = 3.74×; brotli added 16–24 % to vouches/my.
After (the table): 143, 170, 151 and 166 µs = 1.59×, 0.43×, 1.54× and 0.69× their SQL floors; 0.15, 0.15, 0.09 and
0.15 of bare node:http; a br client costs 0.83–0.91× an identity one. What did it: the members' hot reads cache
(\`MEMBER_READ_CACHE_SECONDS\`: a serialised body and ETag per member, compressed once, dropped by any write the
instance answers), the request log without pino-http's child logger per request. Left per request (profile): Express
5 itself (~55 µs), the security headers' setHeader calls, the compression middleware's wrapping of every response, the
session cache's token hash, the socket write; p99 ≤ 25 ms was not reached on this machine (the bare server's own p99
was 4–16 ms in the same run).

Second pass (2026-11-24, old and new code run back to back, load average 17–21 on the 2 cores, so absolute figures are
about twice a quiet run's; \`BENCH_CPU_PROF=1\` on the MariaDB profile path found the compression middleware's wrapping of
every response the largest piece left, then the request log's redaction). A request without Accept-Encoding skips that
wrapping (it gets only the middleware's \`Vary\`, the same headers; a client that accepts br or gzip still goes through
it), the request log's logger has no redaction (its fixed-shape lines hold no sensitive key; ~3 µs a line), cached bodies
are Buffers (Express neither parses their charset nor copies 31 KB per request), the session key is one-shot
\`crypto.hash\`, and a request without a body skips body-parser. Gateway CPU per request, before → after: SQLite profile
271 → 243 µs (1.48× → 1.35× its SQL floor), SQLite vouches/my 431 → 270 µs (0.61× → 0.37×), MariaDB profile 344 → 225
µs (1.32× → 0.89×, its SQL floor itself moving 253–261 µs under that load), MariaDB vouches/my 373 → 282 µs (0.63× →
0.61×); throughput 0.11, 0.05, 0.17, 0.14 → 0.24, 0.19, 0.18, 0.15 of bare node:http. p99 ≤ 25 ms still not reached:
under that load the bare server's own p99 was 14–96 ms. Left per request (profile): Express 5 itself, the socket write
(writev), garbage collection, the synchronous write of each log line.

Third pass (2026-11-24 17:39, quiet: load 0.8): the request log goes to standard output without blocking (lines
logged during one write go out together in the next). Against the previous quiet run (load 0.3): SQLite profile 316 →
301 µs per request (1.26× → 1.39× its SQL floor, which itself moved 250 → 216 µs), 0.11 → 0.11 of bare node:http, p99
34 → 26 ms; MariaDB profile 281 → 299 µs, 0.14 → 0.11, p99 28 → 26 ms; vouches/my 0.21 → 0.18 (SQLite) and 0.17 → 0.17
(MariaDB). Within the noise of these machines (the same code alternated in one run moved ±10 % in CPU per request).
Alternating variants with parts of the pipeline taken out (autocannon, 3–4 rounds each, load 4–14): without the request
log −42 µs, without the compression middleware's identity path −27 µs, without the security headers −11 µs, without
request id, versioning and CORS together −12 µs; without all of them the profile path still cost 257–268 µs, against
the Express floor's 132–138 µs: Express's routing through the service routers, the session read from its cache, the
socket write and garbage collection. The goal (0.15 of bare node:http) is at or above what the SQL floor itself reached
in this run (0.17 on SQLite, 0.13 on MariaDB).

Fourth pass (2026-11-24, quiet: load 0.5–2): a repeat of a hot read (same session, URL, Accept-Encoding,
If-None-Match and Cache-Control) while its body and session are kept is answered before Express routes it, with the
status, headers and body the whole pipeline sent to the same request, its own request id and log line
(api-gateway/src/repeated-reads.ts, docs/deployment.md). Before (a run of the previous code at 19:25) → after (the
table): SQLite profile 0.11 → 0.42 of bare node:http, p99 23 → 9 ms, 216 → 60 µs (1.53× → 0.33× its SQL floor);
SQLite vouches/my 0.17 → 0.57, p99 22 → 10 ms; MariaDB profile 0.10 → 0.42, p99 20 → 7 ms, 203 → 54 µs (1.35× →
0.31×); MariaDB vouches/my 0.18 → 0.49, p99 24 → 13 ms. What a routed read costs is unchanged (the \`uncached\` rows:
2.55–3.45× its SQL floor; on SQLite about a tenth of it is Sequelize formatting a stack trace through tsx's source maps on
every query, for an error that did not happen).
`;

const PATHS = [
  { key: 'profile', path: '/api/user/profile' },
  { key: 'vouches-my', path: '/api/vouches/my' },
];
const VOUCHES = 50;

async function call(base, method, route, { token, body } = {}) {
  const headers = { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) };
  const res = await fetch(`${base}${route}`, { method, headers, body: body === undefined ? undefined : JSON.stringify(body) });
  if (!res.ok) throw new Error(`${method} ${route}: ${res.status} ${await res.text()}`);
  return res.json();
}

/** The member of the run: real sign-in (dev SMS outbox), premium plan, 50 vouches sent. Returns the session token. */
async function prepareMember(base) {
  const phone = '+15550100001';
  await call(base, 'POST', '/api/auth/request-otp', { body: { phone } });
  const { messages } = await call(base, 'GET', '/api/dev/sms-outbox');
  const otp = messages.find((m) => m.to === phone)?.code;
  if (!otp) throw new Error('no sign-in code in the outbox');
  const { token } = await call(base, 'POST', '/api/auth/verify-otp', { body: { phone, otp, session: 'token' } });
  await call(base, 'POST', '/api/auth/complete-registration', { token, body: { firstName: 'Bench', lastName: 'Member' } });
  await call(base, 'POST', '/api/subscriptions/create', { token, body: { plan: 'premium' } });
  for (let i = 0; i < VOUCHES; i += 1) {
    await call(base, 'POST', '/api/vouches', {
      token,
      body: {
        type: 'recommendation',
        recipientName: `Colleague ${i + 1}`,
        recipientPhone: `+1555020${String(i).padStart(4, '0')}`,
        reason: 'We shipped the payments platform together and I would work with them again.',
        characterTraits: 'Reliable, curious, generous with time',
        skills: 'TypeScript, Distributed systems, Mentoring',
        accomplishments: 'Led the migration to the new ledger without downtime.',
      },
    });
  }
  return token;
}

/** The endpoint's own reads, as the repositories send them (member.repository.ts findMemberById,
 *  vouch.repository.ts listSentBy), for the SQL floor: what any server answering it must ask the database. */
const MEMBER_SQL = `SELECT id, phone, name, onboarding_complete AS onboardingComplete, social_capital_balance AS socialCapitalBalance,
  introduction_score AS introductionScore, connector_score AS connectorScore, vouch_score AS vouchScore,
  reputation_score AS reputationScore, vouches_given AS vouchesGiven, vouches_received AS vouchesReceived,
  introduction_requests_count AS introductionRequestsCount, connections_count AS connectionsCount,
  profile_views AS profileViews, created_at AS createdAt, updated_at AS updatedAt FROM members WHERE id = ?`;
const VOUCHES_SQL = `SELECT id, type, status, token, voucher_id AS voucherId, recipient_name AS recipientName,
  recipient_phone AS recipientPhone, recipient_id AS recipientId, reason, skills, character_traits AS characterTraits,
  accomplishments, created_at AS createdAt, accepted_at AS acceptedAt, responded_at AS respondedAt, expires_at AS expiresAt,
  last_shared_at AS lastSharedAt FROM vouches WHERE voucher_id = ? AND status <> 'revoked' ORDER BY created_at DESC, id DESC LIMIT 51`;
const statementsOf = (key, memberId) =>
  key === 'profile'
    ? [{ sql: MEMBER_SQL, params: [memberId] }]
    : [{ sql: VOUCHES_SQL, params: [memberId] }, { sql: MEMBER_SQL, params: [memberId] }];

const DIALECTS = (process.env.BENCH_GATEWAY_DIALECTS ?? 'sqlite,mariadb').split(',').map((d) => d.trim()).filter(Boolean);

async function runDialect(dialect, { root, tmpDir, log, connections, results }) {
  const database = dialect === 'sqlite' ? temporarySqlite(tmpDir, 'gateway') : await temporaryMariaDb(process.env.BENCH_GATEWAY_DATABASE ?? 'vouch_bench_gateway');
  const servers = [];
  const env = { DATABASE_URL: database.url, OTP_SECRET: 'bench-only-secret' };
  const name = (metric) => `gateway.${dialect}.${metric}`;
  try {
    // Setting up needs the development SMS outbox; the measured gateway is a production one.
    const setup = await startGateway({ root, env: { ...env, NODE_ENV: 'development', LOG_LEVEL: 'warn' } });
    servers.push(setup);
    const token = await prepareMember(setup.url);
    const { user } = await call(setup.url, 'GET', '/api/user/profile', { token });
    await setup.stop();

    const logFile = path.join(tmpDir, `gateway-requests-${dialect}.log`);
    fs.rmSync(logFile, { force: true });
    // One file per thread (the tsx loader has its own): the gateway's is the largest.
    const nodeArgs = process.env.BENCH_CPU_PROF === '1' ? ['--cpu-prof', `--cpu-prof-dir=${path.join(tmpDir, 'gateway-prof', dialect)}`] : [];
    const gateway = await startGateway({ root, env: { ...env, NODE_ENV: 'production' }, logFile, nodeArgs });
    servers.push(gateway);
    // The gateway runs as production: the session cookie is __Host-vouch_session (a plain vouch_session is ignored there).
    const headers = { cookie: `__Host-vouch_session=${token}` };

    let requests = 0;
    const floors = {};
    for (const { key, path: route } of PATHS) {
      const answer = await captureResponse(`${gateway.url}${route}`, headers);
      if (answer.status !== 200) throw new Error(`${route} answered ${answer.status}`);
      if (key === 'vouches-my' && JSON.parse(Buffer.from(answer.body, 'base64').toString()).length !== VOUCHES) throw new Error(`${route} did not list ${VOUCHES} vouches`);
      log(`${dialect} ${route}: ${Buffer.from(answer.body, 'base64').length} body bytes`);
      const bare = await startBareServer(answer);
      servers.push(bare);
      const baseline = await measure(`${dialect} bare node:http ${route}`, `${bare.url}${route}`, { connections, headers, pid: bare.child.pid, log });
      await bare.stop();
      if (key === 'profile' && dialect === DIALECTS[0]) {
        // What Express alone costs: the ceiling of any Express gateway's ratio on this machine.
        const floor = await startBareServer(answer, { express: true });
        servers.push(floor);
        const express = await measure(`bare Express 5 ${route}`, `${floor.url}${route}`, { connections, headers, pid: floor.child.pid, log });
        await floor.stop();
        results.push({ name: 'gateway.express-floor.throughput', value: express.rps, unit: 'req/s', baseline: baseline.rps, ratio: round(express.rps / baseline.rps), goal: null });
        if (express.cpuPerRequest !== null && baseline.cpuPerRequest) {
          results.push({ name: 'gateway.express-floor.cpu-per-request', value: express.cpuPerRequest, unit: 'µs', baseline: baseline.cpuPerRequest, ratio: round(express.cpuPerRequest / baseline.cpuPerRequest), goal: null });
        }
      }
      // The SQL floor: Express 5 + the same driver running this endpoint's own statements, then the same bytes.
      const sqlFloor = await startBareServer(answer, { express: true, sql: { url: database.url, statements: statementsOf(key, user.id) } });
      servers.push(sqlFloor);
      const floor = await measure(`${dialect} Express 5 + the endpoint's SQL ${route}`, `${sqlFloor.url}${route}`, { connections, headers, pid: sqlFloor.child.pid, log });
      await sqlFloor.stop();
      const measured = await measure(`${dialect} gateway ${route}`, `${gateway.url}${route}`, { connections, headers, pid: gateway.child.pid, log });
      requests += measured.result.requests.total;
      floors[key] = { baseline, floor };
      results.push(
        { name: name(`${key}.throughput`), value: measured.rps, unit: 'req/s', baseline: baseline.rps, ratio: round(measured.rps / baseline.rps), goal: 'ratio >= 0.15' },
        { name: name(`${key}.latency-p99`), value: measured.p99, unit: 'ms', baseline: baseline.p99, ratio: round(measured.p99 / Math.max(baseline.p99, 1)), goal: '<= 25 ms' },
        { name: name(`${key}.sql-floor.throughput`), value: floor.rps, unit: 'req/s', baseline: baseline.rps, ratio: round(floor.rps / baseline.rps), goal: null },
      );
      if (measured.cpuPerRequest !== null && baseline.cpuPerRequest) {
        results.push({ name: name(`${key}.cpu-per-request`), value: measured.cpuPerRequest, unit: 'µs', baseline: baseline.cpuPerRequest, ratio: round(measured.cpuPerRequest / baseline.cpuPerRequest), goal: null });
      }
      if (measured.cpuPerRequest !== null && floor.cpuPerRequest) {
        results.push({ name: name(`${key}.cpu-to-sql-floor`), value: measured.cpuPerRequest, unit: 'µs', baseline: floor.cpuPerRequest, ratio: round(measured.cpuPerRequest / floor.cpuPerRequest), goal: 'ratio <= 1.5' });
      }
      if (key === 'vouches-my') {
        // What compressing the 30 KB list costs, for a client that accepts br/gzip (a browser does).
        const compressed = await measure(`${dialect} gateway ${route} (accept-encoding: br, gzip)`, `${gateway.url}${route}`, { connections, headers: { ...headers, 'accept-encoding': 'br, gzip' }, pid: gateway.child.pid, log });
        requests += compressed.result.requests.total;
        if (compressed.cpuPerRequest !== null && measured.cpuPerRequest) {
          results.push({ name: name(`${key}.compressed.cpu-per-request`), value: compressed.cpuPerRequest, unit: 'µs', baseline: measured.cpuPerRequest, ratio: round(compressed.cpuPerRequest / measured.cpuPerRequest), goal: null });
        }
      }
    }
    await gateway.stop();

    // Every request routed through the whole pipeline and reading its rows (MEMBER_READ_CACHE_SECONDS=0):
    // the first read of a member in each cache lifetime, against the same baselines and SQL floors.
    const routed = await startGateway({ root, env: { ...env, NODE_ENV: 'production', MEMBER_READ_CACHE_SECONDS: '0' }, logFile });
    servers.push(routed);
    for (const { key, path: route } of PATHS) {
      const { baseline, floor } = floors[key];
      const uncached = await measure(`${dialect} gateway ${route} (MEMBER_READ_CACHE_SECONDS=0)`, `${routed.url}${route}`, { connections, headers, pid: routed.child.pid, log });
      requests += uncached.result.requests.total;
      results.push({ name: name(`${key}.uncached.throughput`), value: uncached.rps, unit: 'req/s', baseline: baseline.rps, ratio: round(uncached.rps / baseline.rps), goal: null });
      if (uncached.cpuPerRequest !== null && floor.cpuPerRequest) {
        results.push({ name: name(`${key}.uncached.cpu-to-sql-floor`), value: uncached.cpuPerRequest, unit: 'µs', baseline: floor.cpuPerRequest, ratio: round(uncached.cpuPerRequest / floor.cpuPerRequest), goal: null });
      }
    }
    await routed.stop();

    // Logging was really on, as in production, and kept the session out of the log.
    const lines = fs.readFileSync(logFile, 'utf8').split('\n').filter((line) => line.includes('"request completed"'));
    if (lines.length < requests) throw new Error(`the request log has ${lines.length} lines for at least ${requests} requests`);
    if (fs.readFileSync(logFile, 'utf8').includes(token)) throw new Error('the session token reached the request log');
    log(`${dialect} request log: ${lines.length} lines`);
    fs.rmSync(logFile, { force: true });
  } finally {
    await Promise.all(servers.map((server) => server.stop()));
    await database.dispose();
  }
}

export default async function run({ root, tmpDir, log }) {
  const connections = Number(process.env.BENCH_CONNECTIONS ?? 64);
  const results = [];
  for (const dialect of DIALECTS) {
    if (dialect !== 'sqlite' && dialect !== 'mariadb') throw new Error(`BENCH_GATEWAY_DIALECTS: unknown dialect "${dialect}" (sqlite, mariadb)`);
    await runDialect(dialect, { root, tmpDir, log, connections, results });
  }
  return results;
}
