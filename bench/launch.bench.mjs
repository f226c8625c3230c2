// Launch traffic on MariaDB (issue 25): two gateway instances and the worker, as `npm start` runs
// them, on one fresh database. New members sign in at once from many clients, then signed-in
// members and anonymous visitors use the product. What counts: no 5xx, every acknowledged write
// in the database afterwards, each member's counters equal to their rows, and the server's
// prepared statements bounded per connection all along.
import { spawn } from 'node:child_process';
import path from 'node:path';
import mysql from 'mysql2/promise';
import { round, startGateway, stop, temporaryMariaDb } from './support/servers.mjs';

const MEMBERS = Number(process.env.BENCH_LAUNCH_MEMBERS ?? 10_000);
const CLIENTS = Number(process.env.BENCH_LAUNCH_CLIENTS ?? 16);
const ACTIVE = Math.min(MEMBERS, Number(process.env.BENCH_LAUNCH_ACTIVE ?? 3_000));
const MIXED_SECONDS = Number(process.env.BENCH_LAUNCH_SECONDS ?? 300);
/** The goal per connection (the gateway keeps at most 64: services/core database.ts). */
const STATEMENTS_PER_CONNECTION_GOAL = 256;

export const title = 'Launch: sign-ins and mixed traffic on MariaDB, two gateways and the worker';
export const notes = `Two gateway processes and one worker (\`npm start\`'s processes) on one fresh MariaDB database.
First \`BENCH_LAUNCH_MEMBERS\` (default 10,000) new members sign in at \`BENCH_LAUNCH_CLIENTS\` (16) clients at once:
request a code on one gateway, read it from that gateway's dev SMS outbox, verify on the other (a bearer session), give
their names. Then for \`BENCH_LAUNCH_SECONDS\` (300) the first \`BENCH_LAUNCH_ACTIVE\` (3,000) members, signed in, use the
product at the same 16 clients (dashboard reads, vouch create and accept, introduction requests and suggestions, activity
polling) while anonymous visitors open public profiles and vouch pages. Every second a separate connection samples
MariaDB's \`Prepared_stmt_count\` (server-wide: other databases on the server count too) and the connections open on the
bench's database. Afterwards every acknowledged vouch (201) and accept (200) is looked up, and each member's
vouches given/received, introduction requests and profile views are compared with COUNT(*) of their rows (profile views are
written by the gateways' flush a few seconds after a view: the check waits 10 s). Rows: \`launch.5xx\` (goal 0),
\`launch.lost-writes\` and \`launch.counter-mismatches\` (goal 0), \`launch.prepared-per-connection\` (the highest sample of
Prepared_stmt_count over the bench database's connections open then, goal ≤ 256: an upper bound, since the server-wide
count also holds other clients' statements), \`launch.deadlocks\` (Innodb_deadlocks after − before: a
deadlock retried inside a transaction is not an error, so it is reported, not a goal), and per endpoint p50/p99 in ms with
the answers by status in the log and in docs/benchmarks.md. Sign-in throughput as \`launch.sign-ins\` (members/s).`;

function spawnWorker(root, env) {
  return spawn(process.execPath, ['--import', 'tsx', path.join(root, 'worker', 'src', 'main.ts')], { cwd: root, env: { ...process.env, ...env }, stdio: ['ignore', 'ignore', 'inherit'] });
}

/** Latency and status per endpoint label. */
function recorder() {
  const byLabel = new Map();
  return {
    add(label, status, ms) {
      let entry = byLabel.get(label);
      if (!entry) byLabel.set(label, (entry = { times: [], statuses: {} }));
      entry.times.push(ms);
      entry.statuses[status] = (entry.statuses[status] ?? 0) + 1;
    },
    summary() {
      return [...byLabel.entries()].sort(([a], [b]) => a.localeCompare(b)).map(([label, { times, statuses }]) => {
        const sorted = [...times].sort((a, b) => a - b);
        const at = (q) => round(sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))], 1);
        return { label, count: sorted.length, p50: at(0.5), p99: at(0.99), statuses };
      });
    },
    serverErrors() {
      let n = 0;
      for (const { statuses } of byLabel.values()) for (const [status, count] of Object.entries(statuses)) if (Number(status) >= 500 || Number(status) === 0) n += count;
      return n;
    },
  };
}

export default async function run({ root, log }) {
  const database = await temporaryMariaDb('vouch_launch');
  const dbName = new URL(database.url).pathname.slice(1);
  const env = {
    DATABASE_URL: database.url,
    NODE_ENV: 'test', // the dev SMS outbox (console provider), as the other benches
    LOG_LEVEL: 'warn',
    AUTH_OTP_SEND_LIMIT_PER_IP: '0', // every client is 127.0.0.1 here
    AUTH_OTP_VERIFY_LIMIT_PER_IP: '0',
    AUTH_OTP_SEND_DAILY_LIMIT: '0', // the global daily SMS cap (10,000) is the size of the launch itself
    MEMBER_READ_CACHE_SECONDS: '1',
  };
  const probe = await mysql.createConnection({ uri: database.url });
  const status = async () => {
    const [rows] = await probe.query("SHOW GLOBAL STATUS WHERE Variable_name IN ('Prepared_stmt_count', 'Innodb_deadlocks')");
    const [[conn]] = await probe.query('SELECT COUNT(*) AS n FROM information_schema.PROCESSLIST WHERE DB = ?', [dbName]);
    const value = (name) => Number(rows.find((r) => r.Variable_name === name)?.Value ?? 0);
    return { prepared: value('Prepared_stmt_count'), deadlocks: value('Innodb_deadlocks'), connections: Number(conn.n) - 1 }; // minus the probe
  };
  // The first gateway migrates the fresh database; the second and the worker start on it after.
  const first = await startGateway({ root, env });
  const second = await startGateway({ root, env });
  const worker = spawnWorker(root, env);
  const gateways = [first.url, second.url];
  const rec = recorder();
  const samples = [];
  const before = await status();
  const sampler = setInterval(() => {
    status().then((s) => samples.push(s), () => undefined);
  }, 1000);

  async function call(label, base, method, url, { token, body } = {}) {
    const started = performance.now();
    let res;
    try {
      res = await fetch(`${base}${url}`, {
        method,
        headers: { ...(body ? { 'content-type': 'application/json' } : {}), ...(token ? { authorization: `Bearer ${token}` } : {}), 'user-agent': `launch-${label}` },
        body: body ? JSON.stringify(body) : undefined,
      });
    } catch {
      rec.add(label, 0, performance.now() - started);
      return { status: 0, body: null };
    }
    const text = await res.text();
    rec.add(label, res.status, performance.now() - started);
    let parsed = null;
    try {
      parsed = text ? JSON.parse(text) : null;
    } catch {
      parsed = null;
    }
    return { status: res.status, body: parsed };
  }

  const members = [];
  let phoneSeq = 0;
  async function signInOne(i) {
    phoneSeq += 1;
    const phone = `+1${['415', '212', '312', '646'][i % 4]}${String(2_000_000 + phoneSeq).padStart(7, '0')}`;
    const [a, b] = i % 2 === 0 ? gateways : [gateways[1], gateways[0]];
    const sent = await call('POST /api/auth/request-otp', a, 'POST', '/api/auth/request-otp', { body: { phone } });
    if (sent.status !== 200) return;
    const outbox = await call('GET /api/dev/sms-outbox', a, 'GET', `/api/dev/sms-outbox?phone=${encodeURIComponent(phone)}`);
    const otp = outbox.body?.messages?.find((m) => m.code)?.code;
    if (!otp) return;
    const verified = await call('POST /api/auth/verify-otp', b, 'POST', '/api/auth/verify-otp', { body: { phone, otp, session: 'token' } });
    if (verified.status !== 200) return;
    const token = verified.body.token;
    const done = await call('POST /api/auth/complete-registration', a, 'POST', '/api/auth/complete-registration', { token, body: { firstName: `Launch${i}`, lastName: 'Member' } });
    if (done.status === 201) members[i] = { token, phone, name: `Launch${i} Member`, id: done.body?.user?.id ?? null };
  }

  async function lanes(count, fn) {
    await Promise.all(Array.from({ length: CLIENTS }, async (_, lane) => {
      for (;;) {
        const i = count();
        if (i === null) return;
        await fn(i, lane);
      }
    }));
  }

  const acknowledged = { vouches: [], accepts: [] };
  try {
    log(`signing in ${MEMBERS} new members at ${CLIENTS} clients (gateways ${gateways.join(', ')})`);
    let next = 0;
    const signStart = performance.now();
    await lanes(() => (next < MEMBERS ? next++ : null), (i) => signInOne(i));
    const signSeconds = (performance.now() - signStart) / 1000;
    const signedIn = members.filter(Boolean).length;
    log(`${signedIn} of ${MEMBERS} signed in in ${round(signSeconds, 1)} s`);

    // The active members' profiles public (their visitors' pages) and their ids and slugs.
    const active = members.slice(0, ACTIVE).filter(Boolean);
    let k = 0;
    await lanes(() => (k < active.length ? k++ : null), async (i, lane) => {
      const m = active[i];
      const res = await call('PATCH /api/profile', gateways[lane % 2], 'PATCH', '/api/profile', { token: m.token, body: { isPublic: true } });
      m.slug = res.body?.profile?.profileSlug ?? null;
    });

    const pendingTokens = []; // { token, recipient }
    const publicVouchTokens = [];
    const connected = new Map(); // member → a member connected to them
    const pick = (list) => list[Math.floor(Math.random() * list.length)];
    const mixedEnd = Date.now() + MIXED_SECONDS * 1000;
    log(`mixed traffic for ${MIXED_SECONDS} s from ${active.length} members and anonymous visitors`);
    await lanes(() => (Date.now() < mixedEnd ? 0 : null), async (_, lane) => {
      const base = gateways[lane % 2];
      const roll = Math.random();
      const m = pick(active);
      if (roll < 0.3) {
        const url = pick(['/api/user/profile', '/api/profile/my-summary', '/api/vouches/my', '/api/network/stats', '/api/vouches/pending-for-me']);
        await call(`GET ${url}`, base, 'GET', url, { token: m.token });
      } else if (roll < 0.45) {
        await call('GET /api/activities', base, 'GET', '/api/activities', { token: m.token });
      } else if (roll < 0.57) {
        const to = pick(active);
        if (to === m) return;
        const res = await call('POST /api/vouches', base, 'POST', '/api/vouches', {
          token: m.token,
          body: { type: 'recommendation', recipientName: to.name, recipientPhone: to.phone, reason: 'We shipped the launch together.', skills: 'TypeScript', characterTraits: 'Reliable', accomplishments: null },
        });
        if (res.status === 201) {
          acknowledged.vouches.push(res.body.id);
          pendingTokens.push({ token: res.body.vouchToken, recipient: to, voucher: m });
          publicVouchTokens.push(res.body.vouchToken);
        }
      } else if (roll < 0.67) {
        const pending = pendingTokens.shift();
        if (!pending) return;
        const res = await call('POST /api/vouches/accept', base, 'POST', '/api/vouches/accept', { token: pending.recipient.token, body: { vouchToken: pending.token, action: 'accept' } });
        if (res.status === 200) {
          acknowledged.accepts.push(pending.token);
          connected.set(pending.voucher, pending.recipient);
          connected.set(pending.recipient, pending.voucher);
        }
      } else if (roll < 0.72) {
        await call('POST /api/introduction-requests', base, 'POST', '/api/introduction-requests', { token: m.token, body: { requestType: 'Hiring', desiredSkills: 'TypeScript', reason: 'A launch team', context: null, degreeLevel: 2 } });
      } else if (roll < 0.78) {
        const list = await call('GET /api/introduction-requests/for-suggestions', base, 'GET', '/api/introduction-requests/for-suggestions', { token: m.token });
        const request = Array.isArray(list.body) ? list.body[0] : null;
        const person = connected.get(m);
        if (request && person?.id) {
          await call('POST /api/introduction-suggestions', base, 'POST', '/api/introduction-suggestions', { token: m.token, body: { requestId: request.id, suggestedPersonId: person.id, reasoning: 'Knows TypeScript well' } });
        }
      } else if (roll < 0.93) {
        const owner = pick(active);
        if (owner.slug) await call('GET /api/profile/public/:slug (anonymous)', base, 'GET', `/api/profile/public/${owner.slug}`);
      } else if (publicVouchTokens.length) {
        await call('GET /api/vouches/public/:token (anonymous)', base, 'GET', `/api/vouches/public/${pick(publicVouchTokens)}`);
      }
    });

    // Profile views are flushed by each gateway within 5 s; the check starts after that.
    await new Promise((resolve) => setTimeout(resolve, 10_000));
    clearInterval(sampler);
    const after = await status();

    const check = await mysql.createConnection({ uri: database.url });
    let lost = 0;
    let mismatches = 0;
    try {
      if (acknowledged.vouches.length) {
        const [[{ n }]] = await check.query('SELECT COUNT(*) AS n FROM vouches WHERE id IN (?)', [acknowledged.vouches]);
        lost += acknowledged.vouches.length - Number(n);
      }
      if (acknowledged.accepts.length) {
        const [[{ n }]] = await check.query("SELECT COUNT(*) AS n FROM vouches WHERE token IN (?) AND status = 'accepted'", [acknowledged.accepts]);
        lost += acknowledged.accepts.length - Number(n);
      }
      const [counterRows] = await check.query(`SELECT m.id,
          m.vouches_given - (SELECT COUNT(*) FROM vouches v WHERE v.voucher_id = m.id AND v.status = 'accepted') AS given,
          m.vouches_received - (SELECT COUNT(*) FROM vouches v WHERE v.recipient_id = m.id AND v.status = 'accepted') AS received,
          m.introduction_requests_count - (SELECT COUNT(*) FROM introduction_requests r WHERE r.requester_id = m.id) AS requests,
          m.profile_views - (SELECT COUNT(*) FROM profile_views p WHERE p.member_id = m.id) AS views
        FROM members m`);
      for (const r of counterRows) if (Number(r.given) || Number(r.received) || Number(r.requests) || Number(r.views)) mismatches += 1;
    } finally {
      await check.end();
    }

    const perConnection = samples.length ? Math.max(...samples.map((s) => s.prepared / Math.max(1, s.connections))) : 0;
    const peak = samples.length ? Math.max(...samples.map((s) => s.prepared)) : 0;
    const peakConnections = samples.length ? Math.max(...samples.map((s) => s.connections)) : 0;
    log(`Prepared_stmt_count before ${before.prepared}, after ${after.prepared}, peak ${peak} (${samples.length} samples; up to ${peakConnections} connections on the bench database)`);
    log(`Innodb_deadlocks before ${before.deadlocks}, after ${after.deadlocks}`);
    log(`acknowledged: ${acknowledged.vouches.length} vouches, ${acknowledged.accepts.length} accepts; lost ${lost}; members whose counters differ from their rows: ${mismatches}`);
    const endpoints = rec.summary();
    for (const e of endpoints) log(`${e.label}: ${e.count} requests, p50 ${e.p50} ms, p99 ${e.p99} ms, statuses ${JSON.stringify(e.statuses)}`);

    const slug = (label) => label.replace(/ \(anonymous\)/, '-anonymous').replace(/[^a-zA-Z0-9:-]+/g, '-').replace(/-+/g, '-').replace(/-$/, '').toLowerCase();
    return [
      { name: 'launch.5xx', value: rec.serverErrors(), unit: `answers (5xx or no answer) in all (${MEMBERS} sign-ins, then ${MIXED_SECONDS} s from ${active.length} members)`, goal: '<= 0' },
      { name: 'launch.lost-writes', value: lost, unit: 'acknowledged vouches and accepts not in the database', goal: '<= 0' },
      { name: 'launch.counter-mismatches', value: mismatches, unit: 'members whose counters differ from COUNT(*) of their rows', goal: '<= 0' },
      { name: 'launch.prepared-per-connection', value: round(perConnection, 1), unit: `max sampled Prepared_stmt_count per open connection (peak ${peak}, before ${before.prepared}, after ${after.prepared})`, goal: `<= ${STATEMENTS_PER_CONNECTION_GOAL}` },
      { name: 'launch.deadlocks', value: after.deadlocks - before.deadlocks, unit: `Innodb_deadlocks during the run (before ${before.deadlocks}, after ${after.deadlocks}); each retried`, goal: null },
      { name: 'launch.sign-ins', value: round(signedIn / signSeconds, 1), unit: `members/s (${signedIn} of ${MEMBERS} at ${CLIENTS} clients)`, goal: null },
      ...endpoints.map((e) => ({
        name: `launch.${slug(e.label)}`,
        value: e.p99,
        unit: `ms p99 (p50 ${e.p50} ms; ${e.count} requests: ${Object.entries(e.statuses).map(([s, n]) => `${n} × ${s}`).join(', ')})`,
        goal: null,
      })),
    ];
  } finally {
    clearInterval(sampler);
    await probe.end().catch(() => undefined);
    await Promise.all([first.stop(), second.stop(), stop(worker)]);
    await database.dispose();
  }
}
