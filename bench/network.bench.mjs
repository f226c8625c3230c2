// GET /api/network at scale: 100,000 members and 1,000,000 vouches in MariaDB (bench/network-seed.mjs),
// p50/p95 for a member with 200 direct connections, through the whole gateway, against the same
// member's GET /api/user/profile measured interleaved in the same run (same gateway, session and
// database; one primary-key read instead of the network's queries).
//
// Opt-in: it needs MariaDB/MySQL and seeds for about two minutes the first time, so it runs only
// when named (`npm run bench -- network`) or with BENCH_NETWORK=1.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import mysql from 'mysql2/promise';
import { ensureNetworkBenchDatabase, FOCAL_MEMBER_ID, phoneOf, SHAPE } from './network-seed.mjs';

export const title = 'Network: GET /api/network on 100,000 members and 1,000,000 vouches';
export const notes = `
Opt-in (\`npm run bench -- network\`, or \`BENCH_NETWORK=1\`): needs MariaDB/MySQL at \`BENCH_DATABASE_URL\`
(default \`mysql://root@127.0.0.1:3306\`) and seeds the database \`BENCH_DATABASE_NAME\` (default \`vouch_bench\`)
once: ${SHAPE.members.toLocaleString('en-US')} members and ${SHAPE.vouches.toLocaleString('en-US')} vouches (85 % accepted, 10 % pending, 5 % declined,
random pairs) in multi-row INSERTs, about 1.5 minutes; later runs reuse it (a \`bench_meta\` row records the shape).
Member 1 has exactly ${SHAPE.focalConnections} accepted direct connections (half given, half received), so about 3,400
people at 2° (200 returned). The gateway runs in its own process (\`NODE_ENV=test\`, console SMS, bearer session);
one client sends \`BENCH_REQUESTS\` (default 400) sequential requests after 50 of warm-up, alternating
\`/api/network\` and the baseline \`/api/user/profile\` of the same member, so both see the same machine load.
\`network.sql-2nd-degree\` is the raw 2° query (vouches' closestSecondDegree, read from graph.repository.ts) over one
mysql2 connection. \`network.analysis-degree2/3\` time \`/api/network/analysis\` at degrees 2 and 3 (\`BENCH_ANALYSIS_RUNS\`,
default 20 and 10), each run followed by a \`/api/user/profile\` as the same-run baseline.
\`network.profile-connection\` times "How you're connected" (\`/api/profile/public/{slug}/connection\`: the
bounded bidirectional search, depth ≤ 3) and \`network.profile-viewer\` the signed-in public profile (its "of whom
you know" lookup), from the focal member to \`BENCH_PROFILE_TARGETS\` (default 40) members spread over the ids
(profiles created first through \`/api/profile/members/{id}\`), each followed by a \`/api/user/profile\` baseline.
`;

function freePort() {
  return new Promise((resolve, reject) => {
    const server = net.createServer().listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
    server.on('error', reject);
  });
}

async function waitForHealth(url, child, timeoutMs = 120_000) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`gateway exited with ${child.exitCode}`);
    try {
      if ((await fetch(url)).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`gateway did not answer ${url} within ${timeoutMs} ms`);
}

function stop(child) {
  return new Promise((resolve) => {
    if (child.exitCode !== null || child.signalCode !== null) return resolve();
    child.once('exit', () => resolve());
    child.kill('SIGTERM');
    setTimeout(() => child.kill('SIGKILL'), 5000).unref();
  });
}

async function json(res, what) {
  if (!res.ok) throw new Error(`${what}: ${res.status} ${await res.text()}`);
  return res.json();
}

/** A bearer session for the focal member through the real sign-in (console SMS outbox). */
async function signIn(base) {
  const phone = phoneOf(FOCAL_MEMBER_ID);
  const post = (p, body) => fetch(`${base}${p}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
  const { attemptId } = await json(await post('/api/auth/request-otp', { phone }), 'request-otp');
  const outbox = await json(await fetch(`${base}/api/dev/sms-outbox`), 'sms outbox');
  const code = outbox.messages.find((m) => m.to === phone)?.code;
  if (!code) throw new Error('no sign-in code in the outbox');
  const verified = await json(await post('/api/auth/verify-otp', { phone, otp: code, attemptId, session: 'token' }), 'verify-otp');
  return verified.token;
}

/**
 * closestSecondDegree's SQL as graph.repository.ts writes it (read from the source, so it cannot
 * drift): SECOND_DEGREE_SQL's template with the constants it interpolates (NEAR_LEVELS) filled in
 * and the optional exclusion left out.
 */
function secondDegreeSqlFromSource(root) {
  const source = fs.readFileSync(path.join(root, 'services/vouches/src/features/trust-paths/data-access/graph.repository.ts'), 'utf8');
  const template = (name) => {
    const text = new RegExp(`const ${name} = (?:\\([^)]*\\) => )?\`([\\s\\S]*?)\`;`).exec(source)?.[1];
    if (!text) throw new Error(`${name} not found in graph.repository.ts`);
    return text.replace(/\$\{([A-Z_0-9]+)\}/g, (_, constant) => template(constant)).replace(/\$\{[^}]*\}/g, '');
  };
  const sql = template('SECOND_DEGREE_SQL');
  return (me, limit) => sql.replaceAll(':maxDegree', '2').replaceAll(':limit', String(limit)).replaceAll(':me', String(me));
}

const percentile = (sorted, p) => sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];
const round = (n, digits = 2) => Math.round(n * 10 ** digits) / 10 ** digits;

async function timed(fn) {
  const started = performance.now();
  await fn();
  return performance.now() - started;
}

function summary(samples) {
  const sorted = [...samples].sort((a, b) => a - b);
  return { p50: round(percentile(sorted, 50)), p95: round(percentile(sorted, 95)) };
}

export default async function run({ root, log }) {
  const named = process.argv.slice(2).includes('network');
  if (!named && process.env.BENCH_NETWORK !== '1') {
    log('skipped (opt-in: `npm run bench -- network` or BENCH_NETWORK=1); earlier results are kept');
    return [];
  }
  const baseUrl = process.env.BENCH_DATABASE_URL ?? 'mysql://root@127.0.0.1:3306';
  const dbName = process.env.BENCH_DATABASE_NAME ?? 'vouch_bench';
  const { url } = await ensureNetworkBenchDatabase({ root, baseUrl, dbName, log });

  const port = await freePort();
  const gateway = spawn(process.execPath, ['--import', 'tsx', path.join(root, 'api-gateway/src/server.ts')], {
    cwd: root,
    env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', DATABASE_URL: url, LOG_LEVEL: 'warn', NODE_ENV: 'test' },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const sql = await mysql.createConnection({ uri: url });
  try {
    const base = `http://127.0.0.1:${port}`;
    await waitForHealth(`${base}/api/health`, gateway);
    const token = await signIn(base);
    const headers = { authorization: `Bearer ${token}` };
    const get = async (p) => {
      const res = await fetch(`${base}${p}`, { headers });
      if (!res.ok) throw new Error(`${p}: ${res.status}`);
      return res.json();
    };

    const network = await get('/api/network');
    const shape = `${network.directConnections.length} direct, ${network.secondDegreeConnections.length} second-degree shown`;
    log(shape);
    if (network.directConnections.length !== SHAPE.focalConnections) throw new Error(`expected ${SHAPE.focalConnections} direct connections: ${shape}`);

    const requests = Number(process.env.BENCH_REQUESTS ?? 400);
    for (let i = 0; i < 50; i += 1) {
      await get('/api/network');
      await get('/api/user/profile');
    }
    const networkSamples = [];
    const profileSamples = [];
    for (let i = 0; i < requests; i += 1) {
      networkSamples.push(await timed(() => get('/api/network')));
      profileSamples.push(await timed(() => get('/api/user/profile')));
    }
    const measured = summary(networkSamples);
    const baseline = summary(profileSamples);
    log(`/api/network p50 ${measured.p50} ms, p95 ${measured.p95} ms; /api/user/profile p50 ${baseline.p50} ms, p95 ${baseline.p95} ms`);

    // The raw 2° query, as /api/network runs it (200 rows).
    const secondDegreeSql = secondDegreeSqlFromSource(root)(FOCAL_MEMBER_ID, network.secondDegreeConnections.length);
    const sqlSamples = [];
    for (let i = 0; i < 20; i += 1) await sql.query(secondDegreeSql);
    for (let i = 0; i < 200; i += 1) sqlSamples.push(await timed(() => sql.query(secondDegreeSql)));
    const raw = summary(sqlSamples);
    log(`raw 2° SQL p50 ${raw.p50} ms, p95 ${raw.p95} ms`);

    const analysis = {};
    const analysisRuns = Number(process.env.BENCH_ANALYSIS_RUNS ?? 0);
    for (const [degree, runs] of [[2, analysisRuns || 20], [3, analysisRuns || 10]]) {
      const samples = [];
      const baselineSamples = [];
      let reached = 0;
      await get(`/api/network/analysis?degree=${degree}`);
      for (let i = 0; i < runs; i += 1) {
        samples.push(
          await timed(async () => {
            reached = (await get(`/api/network/analysis?degree=${degree}`)).totalReachablePeople;
          }),
        );
        baselineSamples.push(await timed(() => get('/api/user/profile')));
      }
      analysis[degree] = { ...summary(samples), baseline: summary(baselineSamples).p50 };
      log(`/api/network/analysis?degree=${degree} p50 ${analysis[degree].p50} ms over ${runs} runs (reaches ${reached} people); /api/user/profile p50 ${analysis[degree].baseline} ms`);
    }

    // "How you're connected" and the signed-in public profile, to members spread over the graph.
    const targets = Number(process.env.BENCH_PROFILE_TARGETS ?? 40);
    const slugs = [];
    for (let i = 0; i < targets; i += 1) slugs.push((await get(`/api/profile/members/${2 + Math.floor(((i + 0.5) * (SHAPE.members - 1)) / targets)}`)).profileSlug);
    const degrees = new Map();
    const connectionSamples = [];
    const viewerSamples = [];
    const profileBaseline = [];
    // Half the network lies beyond 3°: "not connected within 3 degrees" (404) is an answer too,
    // and the dearest one (both sides searched to the end).
    const connectionOf = async (slug) => {
      const res = await fetch(`${base}/api/profile/public/${slug}/connection`, { headers });
      if (res.status === 404) return 'none';
      if (!res.ok) throw new Error(`connection ${slug}: ${res.status}`);
      return `${(await res.json()).degree}°`;
    };
    for (const slug of slugs) await connectionOf(slug); // warm-up
    for (let round = 0; round < 3; round += 1) {
      for (const slug of slugs) {
        connectionSamples.push(
          await timed(async () => {
            const degree = await connectionOf(slug);
            degrees.set(degree, (degrees.get(degree) ?? 0) + 1);
          }),
        );
        viewerSamples.push(await timed(() => get(`/api/profile/public/${slug}`)));
        profileBaseline.push(await timed(() => get('/api/user/profile')));
      }
    }
    const connection = summary(connectionSamples);
    const viewer = summary(viewerSamples);
    const profileBase = summary(profileBaseline);
    log(
      `/api/profile/public/{slug}/connection p50 ${connection.p50} ms, p95 ${connection.p95} ms (answers ${[...degrees].map(([d, n]) => `${d}×${n}`).join(', ')}); ` +
        `signed-in public profile p50 ${viewer.p50} ms, p95 ${viewer.p95} ms; /api/user/profile p50 ${profileBase.p50} ms, p95 ${profileBase.p95} ms`,
    );

    return [
      { name: 'network.profile-connection-p95', value: connection.p95, unit: 'ms', baseline: profileBase.p95, ratio: round(connection.p95 / profileBase.p95) },
      { name: 'network.profile-connection-p50', value: connection.p50, unit: 'ms', baseline: profileBase.p50, ratio: round(connection.p50 / profileBase.p50) },
      { name: 'network.profile-viewer-p50', value: viewer.p50, unit: 'ms', baseline: profileBase.p50, ratio: round(viewer.p50 / profileBase.p50) },
      { name: 'network.api-network-p95', value: measured.p95, unit: 'ms', baseline: baseline.p95, ratio: round(measured.p95 / baseline.p95), goal: '<= 25 ms' },
      { name: 'network.api-network-p50', value: measured.p50, unit: 'ms', baseline: baseline.p50, ratio: round(measured.p50 / baseline.p50) },
      { name: 'network.sql-2nd-degree-p95', value: raw.p95, unit: 'ms', baseline: null, ratio: null },
      { name: 'network.analysis-degree2-p50', value: analysis[2].p50, unit: 'ms', baseline: analysis[2].baseline, ratio: round(analysis[2].p50 / analysis[2].baseline) },
      { name: 'network.analysis-degree3-p50', value: analysis[3].p50, unit: 'ms', baseline: analysis[3].baseline, ratio: round(analysis[3].p50 / analysis[3].baseline) },
    ];
  } finally {
    await sql.end();
    await stop(gateway);
  }
}
