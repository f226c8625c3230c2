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
/** Members whose "sent to my phone" list an app keeps in step during the mixed traffic (issue 45). */
const SYNC_POLLERS = Number(process.env.BENCH_LAUNCH_SYNC_POLLERS ?? 8);
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
the answers by status in the log and in docs/benchmarks.md. Sign-in throughput as \`launch.sign-ins\` (members/s).
Sync (issue 45): \`BENCH_LAUNCH_SYNC_POLLERS\` (8) of the active members receive a quarter of the vouches created, and each
keeps a copy of its \`/api/vouches/pending-for-me\` list the way docs/api-versioning.md says, polling all along (a 50 ms pause
between syncs, alternating gateways): one copy by \`/sync\` and its token, one by \`?updated_since=\` with the newest
\`updatedAt\` held (the web's best effort). After the traffic each copy syncs once more and is compared with the rows:
\`launch.sync-missed\` (goal 0) counts vouches to the pollers' phones missing from or stale in their synced copies,
\`launch.sync-updated-since-missed\` the same for the \`updated_since\` copies (no goal: the method that misses late commits).
Outbox (issue 40): each second the same connection counts what waits in the notifications outbox (rows not fanned out,
texts and pushes not sent; texts go to the dev SMS outbox here); \`launch.outbox-backlog\` (goal 0) is what still waits 10 s
after the traffic, with the peak.

The table is the full run of 2026-11-29 17:15 UTC on a quiet machine (load average 4.5–4.8, the bench's own processes),
with the worker delivering by batches (services/notifications README, "Delivery"; \`outbox-drain\` measures the pass
alone): 24,346 notifications written by the traffic (≈ 81 a second), backlog peak 76, **0 still waiting 10 s after**;
0 answers 5xx, 0 lost writes, 0 counter mismatches, 0 sync misses (7 by \`updated_since\`). The run before the batches
(10:52 UTC, also quiet: one row at a time, a 500 ms pause after every pass) left 2,367 of 10,443 waiting (peak 3,343),
about 35 written a second.`;

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
  // BENCH_LAUNCH_DATABASE: another name when several runs share one MariaDB server (it is dropped and made again).
  const database = await temporaryMariaDb(process.env.BENCH_LAUNCH_DATABASE ?? 'vouch_launch');
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
    // The notifications outbox (issue 40): rows not fanned out yet, and texts and pushes not sent yet.
    const [[outbox]] = await probe.query("SELECT (SELECT COUNT(*) FROM notifications WHERE status = 'pending') AS fanout, (SELECT COUNT(*) FROM notification_deliveries WHERE status = 'pending') AS sends, (SELECT COUNT(*) FROM notifications) AS written");
    return { prepared: value('Prepared_stmt_count'), deadlocks: value('Innodb_deadlocks'), connections: Number(conn.n) - 1, backlog: Number(outbox.fanout) + Number(outbox.sends), written: Number(outbox.written) }; // minus the probe
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
    const verified = await call('POST /api/auth/verify-otp', b, 'POST', '/api/auth/verify-otp', { body: { phone, otp, attemptId: sent.body.attemptId, session: 'token' } });
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

    // The pollers: their lists get a quarter of the vouches, so late commits have a chance to race a sync.
    const pollers = active.slice(0, SYNC_POLLERS);
    const syncCopies = pollers.map(() => ({ token: null, items: new Map(), polls: 0 }));
    const sinceCopies = pollers.map(() => ({ since: null, items: new Map(), polls: 0 }));
    async function syncOnce(p, base) {
      const copy = syncCopies[p];
      for (let more = true; more; ) {
        const query = copy.token ? `?sync_token=${encodeURIComponent(copy.token)}` : '';
        const res = await call('GET /api/vouches/pending-for-me/sync', base, 'GET', `/api/vouches/pending-for-me/sync${query}`, { token: pollers[p].token });
        if (res.status !== 200) return;
        for (const change of res.body.changes) {
          if (change.removed) copy.items.delete(change.id);
          else copy.items.set(change.id, change.status);
        }
        copy.token = res.body.nextSyncToken;
        more = res.body.hasMore;
      }
      copy.polls += 1;
    }
    async function updatedSinceOnce(p, base) {
      const copy = sinceCopies[p];
      const first = copy.since ? `/api/vouches/pending-for-me?limit=100&updated_since=${encodeURIComponent(copy.since)}` : '/api/vouches/pending-for-me?limit=100';
      for (let url = first; url; ) {
        const started = performance.now();
        const res = await fetch(`${base}${url}`, { headers: { authorization: `Bearer ${pollers[p].token}`, 'user-agent': 'launch-updated-since' } }).catch(() => null);
        rec.add('GET /api/vouches/pending-for-me?updated_since=', res?.status ?? 0, performance.now() - started);
        if (!res || res.status !== 200) return;
        for (const vouch of await res.json()) {
          copy.items.set(vouch.id, vouch.status);
          if (!copy.since || vouch.updatedAt > copy.since) copy.since = vouch.updatedAt;
        }
        url = /<([^>]+)>; rel="next"/.exec(res.headers.get('link') ?? '')?.[1] ?? null;
      }
      copy.polls += 1;
    }

    const pendingTokens = []; // { token, recipient }
    const publicVouchTokens = [];
    const connected = new Map(); // member → a member connected to them
    const pick = (list) => list[Math.floor(Math.random() * list.length)];
    const mixedEnd = Date.now() + MIXED_SECONDS * 1000;
    log(`mixed traffic for ${MIXED_SECONDS} s from ${active.length} members and anonymous visitors; ${pollers.length} of them keep synced copies`);
    const polling = pollers.map(async (_, p) => {
      for (let turn = 0; Date.now() < mixedEnd; turn += 1) {
        await syncOnce(p, gateways[turn % 2]);
        await updatedSinceOnce(p, gateways[(turn + 1) % 2]);
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
    });
    const traffic = lanes(() => (Date.now() < mixedEnd ? 0 : null), async (_, lane) => {
      const base = gateways[lane % 2];
      const roll = Math.random();
      const m = pick(active);
      if (roll < 0.3) {
        const url = pick(['/api/user/profile', '/api/profile/my-summary', '/api/vouches/my', '/api/network/stats', '/api/vouches/pending-for-me']);
        await call(`GET ${url}`, base, 'GET', url, { token: m.token });
      } else if (roll < 0.45) {
        await call('GET /api/activities', base, 'GET', '/api/activities', { token: m.token });
      } else if (roll < 0.57) {
        const to = pollers.length && Math.random() < 0.25 ? pick(pollers) : pick(active);
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
    await Promise.all([traffic, ...polling]);
    // Once more after the traffic, as an app would on its next start.
    for (let p = 0; p < pollers.length; p += 1) {
      await syncOnce(p, gateways[0]);
      await updatedSinceOnce(p, gateways[1]);
    }

    // Profile views are flushed by each gateway within 5 s; the check starts after that.
    await new Promise((resolve) => setTimeout(resolve, 10_000));
    clearInterval(sampler);
    const after = await status();

    const check = await mysql.createConnection({ uri: database.url });
    let lost = 0;
    let mismatches = 0;
    const syncMissed = { sync: 0, updatedSince: 0, vouches: 0 };
    try {
      for (let p = 0; p < pollers.length; p += 1) {
        const [rows] = await check.query('SELECT id, status FROM vouches WHERE recipient_phone = ? AND (voucher_id IS NULL OR voucher_id <> ?)', [pollers[p].phone, pollers[p].id]);
        syncMissed.vouches += rows.length;
        for (const row of rows) {
          if (syncCopies[p].items.get(Number(row.id)) !== row.status) syncMissed.sync += 1;
          if (sinceCopies[p].items.get(Number(row.id)) !== row.status) syncMissed.updatedSince += 1;
        }
      }
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
    const peakBacklog = samples.length ? Math.max(...samples.map((s) => s.backlog)) : 0;
    log(`notifications outbox: ${after.written} written, backlog peak ${peakBacklog} (sampled each second), ${after.backlog} still waiting 10 s after the traffic`);
    const polls = (copies) => copies.reduce((n, c) => n + c.polls, 0);
    log(`synced copies: ${syncMissed.vouches} vouches to ${pollers.length} pollers; missing or stale: ${syncMissed.sync} by sync token (${polls(syncCopies)} syncs), ${syncMissed.updatedSince} by updated_since (${polls(sinceCopies)} polls)`);
    const endpoints = rec.summary();
    for (const e of endpoints) log(`${e.label}: ${e.count} requests, p50 ${e.p50} ms, p99 ${e.p99} ms, statuses ${JSON.stringify(e.statuses)}`);

    const slug = (label) => label.replace(/ \(anonymous\)/, '-anonymous').replace(/[^a-zA-Z0-9:-]+/g, '-').replace(/-+/g, '-').replace(/-$/, '').toLowerCase();
    return [
      { name: 'launch.5xx', value: rec.serverErrors(), unit: `answers (5xx or no answer) in all (${MEMBERS} sign-ins, then ${MIXED_SECONDS} s from ${active.length} members)`, goal: '<= 0' },
      { name: 'launch.lost-writes', value: lost, unit: 'acknowledged vouches and accepts not in the database', goal: '<= 0' },
      { name: 'launch.counter-mismatches', value: mismatches, unit: 'members whose counters differ from COUNT(*) of their rows', goal: '<= 0' },
      { name: 'launch.prepared-per-connection', value: round(perConnection, 1), unit: `max sampled Prepared_stmt_count per open connection (peak ${peak}, before ${before.prepared}, after ${after.prepared})`, goal: `<= ${STATEMENTS_PER_CONNECTION_GOAL}` },
      { name: 'launch.outbox-backlog', value: after.backlog, unit: `notifications and sends still waiting 10 s after the traffic (${after.written} written by it; peak backlog ${peakBacklog}, sampled each second): the worker keeps up`, goal: '<= 0' },
      { name: 'launch.sync-missed', value: syncMissed.sync, unit: `vouches to ${pollers.length} pollers' phones missing from or stale in their copies kept by sync token (${syncMissed.vouches} vouches, ${polls(syncCopies)} syncs during the traffic and after)`, goal: '<= 0' },
      { name: 'launch.sync-updated-since-missed', value: syncMissed.updatedSince, unit: `the same for copies kept by ?updated_since= with the newest updatedAt held (${polls(sinceCopies)} polls; the web's best effort)`, goal: null },
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
