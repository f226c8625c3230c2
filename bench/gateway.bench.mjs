// The gateway path of a signed-in member on MariaDB: GET /api/user/profile and GET /api/vouches/my
// (50 vouches) through the real gateway as production runs it (NODE_ENV=production, request log
// on), each as a ratio to a bare node:http server answering the same bytes, measured in this run.
import fs from 'node:fs';
import path from 'node:path';
import { captureResponse, measure, round, startBareServer, startGateway, temporaryMariaDb } from './support/servers.mjs';

export const title = 'API: the gateway path of a signed-in member on MariaDB';
export const notes = `
A fresh MariaDB database (\`BENCH_DATABASE_URL\`, default \`mysql://root@127.0.0.1:3306\`; database
\`vouch_bench_gateway\`, dropped afterwards) holds one member signed in through the real sign-in, on the
premium plan, who sent 50 vouches. The gateway then runs as \`npm start\` runs it, without the frontend build:
\`NODE_ENV=production\`, info-level request log written to a file (checked afterwards: one line per request,
no session token in it). autocannon (\`BENCH_CONNECTIONS\`, default 64) loads each path for \`BENCH_DURATION\`
seconds (default 10) after a 2 s warm-up, sending the session cookie. The baseline of each path is a bare
\`node:http\` server in its own process answering the exact bytes the gateway answered (body and headers),
measured just before the gateway. \`cpu-per-request\` is each server process's CPU time (user + system, from
\`/proc\`) per answered request: it moves less than req/s and p99 with whatever else runs on the machine, and
the baseline's CPU over the gateway's is the throughput ratio the gateway would reach if it alone were the
limit. \`gateway.express-floor\` is an Express 5 app with one catch-all handler answering the same bytes as the
profile path, against the same baseline: the ceiling of any Express gateway's ratio on this machine.
\`gateway.database-floor\` is a bare \`node:http\` server that sends one \`SELECT 1\` to the same MariaDB (mysql2, a pool
of 10) before answering the same bytes: the ceiling of any server that reads the database once per request. \`BENCH_CPU_PROF=1\` writes a \`--cpu-prof\` profile of the gateway to
\`.bench/gateway-prof/\`.
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

export default async function run({ root, tmpDir, log }) {
  const connections = Number(process.env.BENCH_CONNECTIONS ?? 64);
  const database = await temporaryMariaDb('vouch_bench_gateway');
  const servers = [];
  const env = { DATABASE_URL: database.url, OTP_SECRET: 'bench-only-secret' };
  try {
    // Setting up needs the development SMS outbox; the measured gateway is a production one.
    const setup = await startGateway({ root, env: { ...env, NODE_ENV: 'development', LOG_LEVEL: 'warn' } });
    servers.push(setup);
    const token = await prepareMember(setup.url);
    await setup.stop();

    const logFile = path.join(tmpDir, 'gateway-requests.log');
    fs.rmSync(logFile, { force: true });
    const profDir = path.join(tmpDir, 'gateway-prof');
    const nodeArgs = process.env.BENCH_CPU_PROF === '1' ? ['--cpu-prof', `--cpu-prof-dir=${profDir}`] : [];
    const gateway = await startGateway({ root, env: { ...env, NODE_ENV: 'production' }, logFile, nodeArgs });
    servers.push(gateway);
    const headers = { cookie: `vouch_session=${token}` };

    const results = [];
    let requests = 0;
    for (const { key, path: route } of PATHS) {
      const answer = await captureResponse(`${gateway.url}${route}`, headers);
      if (answer.status !== 200) throw new Error(`${route} answered ${answer.status}`);
      if (key === 'vouches-my' && JSON.parse(Buffer.from(answer.body, 'base64').toString()).length !== VOUCHES) throw new Error(`${route} did not list ${VOUCHES} vouches`);
      log(`${route}: ${Buffer.from(answer.body, 'base64').length} body bytes`);
      const bare = await startBareServer(answer);
      servers.push(bare);
      const baseline = await measure(`bare node:http ${route}`, `${bare.url}${route}`, { connections, headers, pid: bare.child.pid, log });
      await bare.stop();
      const measured = await measure(`gateway ${route}`, `${gateway.url}${route}`, { connections, headers, pid: gateway.child.pid, log });
      if (key === 'profile') {
        // What Express alone costs: the ceiling of any Express gateway's ratio on this machine.
        const floor = await startBareServer(answer, { express: true });
        servers.push(floor);
        const express = await measure(`bare Express 5 ${route}`, `${floor.url}${route}`, { connections, headers, pid: floor.child.pid, log });
        await floor.stop();
        results.push({ name: 'gateway.express-floor.throughput', value: express.rps, unit: 'req/s', baseline: baseline.rps, ratio: round(express.rps / baseline.rps), goal: null });
        if (express.cpuPerRequest !== null && baseline.cpuPerRequest) {
          results.push({ name: 'gateway.express-floor.cpu-per-request', value: express.cpuPerRequest, unit: 'µs', baseline: baseline.cpuPerRequest, ratio: round(express.cpuPerRequest / baseline.cpuPerRequest), goal: null });
        }
        // What one database round trip costs, without Express or Sequelize: node:http + mysql2 SELECT 1.
        const roundTrip = await startBareServer(answer, { databaseUrl: database.url });
        servers.push(roundTrip);
        const db = await measure(`bare node:http + one mysql2 query ${route}`, `${roundTrip.url}${route}`, { connections, headers, pid: roundTrip.child.pid, log });
        await roundTrip.stop();
        results.push({ name: 'gateway.database-floor.throughput', value: db.rps, unit: 'req/s', baseline: baseline.rps, ratio: round(db.rps / baseline.rps), goal: null });
        if (db.cpuPerRequest !== null && baseline.cpuPerRequest) {
          results.push({ name: 'gateway.database-floor.cpu-per-request', value: db.cpuPerRequest, unit: 'µs', baseline: baseline.cpuPerRequest, ratio: round(db.cpuPerRequest / baseline.cpuPerRequest), goal: null });
        }
      }
      requests += measured.result.requests.total;
      results.push(
        { name: `gateway.${key}.throughput`, value: measured.rps, unit: 'req/s', baseline: baseline.rps, ratio: round(measured.rps / baseline.rps), goal: 'ratio >= 0.6' },
        { name: `gateway.${key}.latency-p99`, value: measured.p99, unit: 'ms', baseline: baseline.p99, ratio: round(measured.p99 / Math.max(baseline.p99, 1)), goal: null },
      );
      if (measured.cpuPerRequest !== null && baseline.cpuPerRequest) {
        results.push({ name: `gateway.${key}.cpu-per-request`, value: measured.cpuPerRequest, unit: 'µs', baseline: baseline.cpuPerRequest, ratio: round(measured.cpuPerRequest / baseline.cpuPerRequest), goal: null });
      }
    }
    await gateway.stop();

    // Logging was really on, as in production, and kept the session out of the log.
    const lines = fs.readFileSync(logFile, 'utf8').split('\n').filter((line) => line.includes('"request completed"'));
    if (lines.length < requests) throw new Error(`the request log has ${lines.length} lines for at least ${requests} requests`);
    if (fs.readFileSync(logFile, 'utf8').includes(token)) throw new Error('the session token reached the request log');
    log(`request log: ${lines.length} lines`);
    fs.rmSync(logFile, { force: true });
    return results;
  } finally {
    await Promise.all(servers.map((server) => server.stop()));
    await database.dispose();
  }
}
