// Faults on a live instance (issue 42): `npm start`'s processes (the supervisor, the gateway, the
// worker) on a fresh MariaDB database, 40 members and 8 client loops of mixed traffic, while the
// database drops the product's connections, a table stays locked for 20 s, the worker dies, a
// process holding the reputation lease dies, and the instance is stopped with SIGTERM three ways.
// Per scenario: requests and their answers, connections reset mid-request, acknowledged writes and
// views not in the database afterwards, and how long until requests succeed again.
import { spawn } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import mysql from 'mysql2/promise';
import { buildServer, serverBuildStale } from '../scripts/build-server.mjs';
import { freePort, round, temporaryMariaDb } from './support/servers.mjs';

const MEMBERS = Number(process.env.BENCH_FAULTS_MEMBERS ?? 40);
const LANES = Number(process.env.BENCH_FAULTS_LANES ?? 8);
const LOCK_SECONDS = Number(process.env.BENCH_FAULTS_LOCK_SECONDS ?? 20);
const DATABASE = process.env.BENCH_FAULTS_DATABASE ?? 'vouch_faults';
/** BENCH_FAULTS_ONLY: some scenarios (comma-separated names, e.g. table-lock,sigterm-npm); earlier results of the others are kept. */
const ONLY = process.env.BENCH_FAULTS_ONLY?.split(',').map((name) => name.trim()).filter(Boolean) ?? null;
const wanted = (name) => !ONLY || ONLY.includes(name);
/** Goal for the time from a fault's end to the first request that succeeds (s). */
const RECOVERY_GOAL_S = 3;
/** Goal for a standby taking a dead holder's lease over (s). */
const TAKEOVER_GOAL_S = 10;

export const title = 'Faults: failures on a live instance lose nothing';
export const notes = `\`npm start\`'s processes (scripts/start.mjs: the supervisor, the compiled gateway and the worker) on a fresh
MariaDB database (\`BENCH_FAULTS_DATABASE\`, default vouch_faults; statement timeout at its default, 5 s), ${'`BENCH_FAULTS_MEMBERS`'} (40) members
signed in with bearer tokens and ${'`BENCH_FAULTS_LANES`'} (8) client loops of mixed traffic: dashboard reads, vouches created
(invites to new phones, recommendations of members), accepted with an Idempotency-Key (retried with the same key on a 503 or
a reset, following Retry-After, as a careful client does), profile edits (each member's from one loop, so the last answer is
the stored value) and anonymous public-profile views (a new visitor each). Scenarios, in order:
**connections-dropped** (30 s; every 6 s every connection of the product's database is killed on the server, KILL CONNECTION),
**table-lock** (\`vouches\` locked WRITE for \`BENCH_FAULTS_LOCK_SECONDS\` (20) s by another session; /api/health polled every 0.5 s),
**worker-killed** (SIGKILL of the worker during traffic; the supervisor starts another; a reputation run wanted afterwards, as an accept asks for one, is done),
**lease-holder-killed** (a process takes the reputation lease as a worker's run does and never finishes; SIGKILL; the
instance's worker runs the wanted run once the lease lapses) and **sigterm-*** (SIGTERM to start.mjs, to npm, to the whole
process group, during traffic with 3 requests held open by their clients: each must be answered 200; connections refused after
the gateway stopped listening are counted apart, as a load balancer routes them elsewhere).
Counted per scenario: requests; answers 2xx, 4xx, 500 (any 5xx but 503), 503; resets (a connection closed mid-request); lost
(acknowledged vouches, accepts, edits and views not in the database afterwards, and retried accepts answered other than their
first success: views are checked by every acknowledged visitor looking again, which adds a row only for a view that was not stored);
recovery (from the fault's end to the first request that succeeds after it; for the lock, also /api/health's first 200).
Goals: 0 × 500, 0 lost, recovery ≤ ${RECOVERY_GOAL_S} s (the lease: taken over ≤ ${TAKEOVER_GOAL_S} s; SIGTERM: 0 resets, exit code 0).`;

const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

/** Every process below `pid` (Linux /proc): { pid, argv }. */
function descendants(pid) {
  const parentOf = new Map();
  for (const entry of fs.readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = fs.readFileSync(`/proc/${entry}/stat`, 'utf8');
      parentOf.set(Number(entry), Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]));
    } catch {
      // gone meanwhile
    }
  }
  const below = (child) => {
    for (let current = parentOf.get(child); current !== undefined && current > 1; current = parentOf.get(current)) if (current === pid) return true;
    return false;
  };
  const found = [];
  for (const child of parentOf.keys()) {
    if (!below(child)) continue;
    try {
      found.push({ pid: child, argv: fs.readFileSync(`/proc/${child}/cmdline`, 'utf8').split('\0').filter(Boolean) });
    } catch {
      // gone meanwhile
    }
  }
  return found;
}

/** `npm start` (how: 'npm') or `node scripts/start.mjs`, in a process group of its own; resolves once the gateway answers and the worker is up. */
async function startInstance(root, env, how) {
  if (serverBuildStale()) await buildServer();
  const port = await freePort();
  const [command, args] = how === 'npm' ? ['npm', ['start']] : [process.execPath, [path.join(root, 'scripts', 'start.mjs')]];
  const child = spawn(command, args, { cwd: root, env: { ...process.env, ...env, PORT: String(port), HOST: '127.0.0.1', VOUCH_WEB_BUILD: 'off', LOG_LEVEL: 'info' }, stdio: ['ignore', 'pipe', 'pipe'], detached: true });
  // The last lines (for an error) and the workers' start lines counted as they come: every request is logged.
  let output = '';
  let started = 0;
  let partial = '';
  child.stdout.on('data', (chunk) => {
    const lines = (partial + chunk).split('\n');
    partial = lines.pop() ?? '';
    for (const line of lines) if (/"name":"worker"[^\n]*"msg":"worker started"/.test(line)) started += 1;
    output = (output + chunk).slice(-20_000);
  });
  // Sequelize warns on stderr for every transaction whose connection was killed: kept with the rest, not printed.
  child.stderr.on('data', (chunk) => (output = (output + chunk).slice(-20_000)));
  const exited = new Promise((resolve) => child.once('exit', (code, signal) => resolve({ code, signal, at: performance.now() })));
  const url = `http://127.0.0.1:${port}`;
  const workersStarted = () => started;
  const deadline = Date.now() + 180_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`${command} exited with ${child.exitCode}: ${output.slice(-2000)}`);
    const up = await fetch(`${url}/api/health`).then((res) => res.ok, () => false);
    if (up && workersStarted() > 0) break;
    if (Date.now() > deadline) {
      process.kill(-child.pid, 'SIGKILL');
      throw new Error(`the instance did not start: ${output.slice(-2000)}`);
    }
    await sleep(200);
  }
  const pidOf = (entry) => descendants(child.pid).find(({ argv }) => argv.at(-1)?.endsWith(entry))?.pid;
  return { how, child, url, port, exited, pidOf, workersStarted, output: () => output, kill: () => { try { process.kill(-child.pid, 'SIGKILL'); } catch { /* gone */ } } };
}

/** Answers of one scenario. */
function tally() {
  const t = { requests: 0, ok: 0, client: 0, server: 0, unavailable: 0, resets: 0, refused: 0, events: [] };
  return {
    t,
    add(status, startedAt, endedAt, label) {
      t.requests += 1;
      if (status === 'reset') t.resets += 1;
      else if (status === 'refused') t.refused += 1;
      else if (status >= 200 && status < 300) t.ok += 1;
      else if (status >= 400 && status < 500) t.client += 1;
      else if (status === 503) t.unavailable += 1;
      else if (status >= 500) t.server += 1;
      t.events.push({ status, startedAt, endedAt, label });
    },
  };
}

/** Time from `at` to the end of the first 2xx of a request started after it (matching `label`), in s; null when none. */
function recoveredAfter(events, at, label = /./) {
  const first = events.filter((e) => e.startedAt >= at && typeof e.status === 'number' && e.status < 300 && label.test(e.label)).sort((a, b) => a.endedAt - b.endedAt)[0];
  return first ? round((first.endedAt - at) / 1000, 2) : null;
}

function classify(error) {
  const code = error?.cause?.code ?? error?.code;
  return code === 'ECONNREFUSED' ? 'refused' : 'reset';
}

export default async function run({ root, log }) {
  const database = await temporaryMariaDb(DATABASE);
  const dbName = new URL(database.url).pathname.slice(1);
  const env = {
    DATABASE_URL: database.url,
    NODE_ENV: 'test', // the dev SMS outbox and local billing, as the other benches
    AUTH_OTP_SEND_LIMIT_PER_IP: '0',
    AUTH_OTP_VERIFY_LIMIT_PER_IP: '0',
    MEMBER_READ_CACHE_SECONDS: '1',
  };
  const admin = await mysql.createConnection({ uri: database.url.replace(/\/[^/]*$/, '/') });
  const sql = async (text, params = []) => (await admin.query(text, params))[0];
  const killAll = async () => {
    const threads = await sql('SELECT ID FROM information_schema.PROCESSLIST WHERE DB = ? AND ID <> CONNECTION_ID()', [dbName]);
    for (const { ID } of threads) await admin.query(`KILL CONNECTION ${ID}`).catch(() => undefined);
    return threads.length;
  };
  let instance = await startInstance(root, env, 'node');
  const rows = [];
  const table = [];
  try {
    // ── members ──────────────────────────────────────────────────────────────────────────────
    const members = [];
    const call = async (rec, label, method, url, { token, body, headers = {} } = {}) => {
      const startedAt = performance.now();
      try {
        const res = await fetch(`${instance.url}${url}`, {
          method,
          headers: { ...(body ? { 'content-type': 'application/json' } : {}), ...(token ? { authorization: `Bearer ${token}` } : {}), ...headers },
          body: body ? JSON.stringify(body) : undefined,
        });
        const text = await res.text();
        rec?.add(res.status, startedAt, performance.now(), label);
        let parsed = null;
        try {
          parsed = text ? JSON.parse(text) : null;
        } catch {
          parsed = null;
        }
        return { status: res.status, body: parsed, retryAfter: Number(res.headers.get('retry-after') ?? 0) };
      } catch (error) {
        const status = classify(error);
        rec?.add(status, startedAt, performance.now(), label);
        // Refused: nobody listens (a stopped gateway); a client would go elsewhere, this one waits a moment.
        if (status === 'refused') await sleep(50);
        return { status, body: null, retryAfter: 0 };
      }
    };
    log(`signing in ${MEMBERS} members`);
    for (let i = 0; i < MEMBERS; i += 1) {
      const phone = `+1415${String(3_000_000 + i).padStart(7, '0')}`;
      await call(null, '', 'POST', '/api/auth/request-otp', { body: { phone } });
      const otp = (await call(null, '', 'GET', `/api/dev/sms-outbox?phone=${encodeURIComponent(phone)}`)).body.messages.find((m) => m.code).code;
      const { token } = (await call(null, '', 'POST', '/api/auth/verify-otp', { body: { phone, otp, session: 'token' } })).body;
      const done = await call(null, '', 'POST', '/api/auth/complete-registration', { token, body: { firstName: `Fault${i}`, lastName: 'Member' } });
      await call(null, '', 'POST', '/api/subscriptions/create', { token, body: { plan: 'enterprise' } });
      const slug = (await call(null, '', 'PATCH', '/api/profile', { token, body: { isPublic: true } })).body.profile.profileSlug;
      members.push({ i, token, phone, id: done.body.user.id, name: `Fault${i} Member`, slug, lastHeadline: null, laterHeadlines: [] });
    }

    // ── traffic ──────────────────────────────────────────────────────────────────────────────
    const acknowledged = { vouches: [], accepts: [], views: [], untrue: 0 };
    const pending = [];
    const vouched = new Set();
    let seq = 0;
    const pick = (list) => list[Math.floor(Math.random() * list.length)];
    /** Accept with an Idempotency-Key; retried with the same key on a 503 or a reset (Retry-After, at most 2 s). */
    const accept = async (rec, item) => {
      const key = randomUUID();
      let first = null;
      for (let attempt = 0; attempt < 6; attempt += 1) {
        const res = await call(rec, 'POST /api/vouches/accept', 'POST', '/api/vouches/accept', { token: item.recipient.token, body: { vouchToken: item.vouchToken, action: 'accept' }, headers: { 'idempotency-key': key } });
        if (res.status === 200) {
          acknowledged.accepts.push(item.vouchToken);
          return;
        }
        if (first === null) first = res.status;
        if (res.status === 409 && res.body?.code === 'ALREADY_RESPONDED' && attempt > 0) {
          // A retry of the same key told "already answered": the first attempt committed, and its answer was not the success.
          acknowledged.untrue += 1;
          return;
        }
        if (res.status !== 503 && res.status !== 'reset' && !(res.status === 409 && res.body?.code === 'IDEMPOTENCY_IN_PROGRESS')) return;
        await sleep(Math.min(2, Math.max(0.2, res.retryAfter)) * 1000);
      }
    };
    const step = async (rec, lane) => {
      const m = pick(members);
      const roll = Math.random();
      if (roll < 0.3) {
        const url = pick(['/api/user/profile', '/api/vouches/my', '/api/profile/my-summary']);
        await call(rec, `GET ${url}`, 'GET', url, { token: m.token });
      } else if (roll < 0.42) {
        seq += 1;
        const res = await call(rec, 'POST /api/vouches', 'POST', '/api/vouches', { token: m.token, body: { type: 'invite', recipientName: `Guest ${seq}`, recipientPhone: `+1212${String(4_000_000 + seq).padStart(7, '0')}` } });
        if (res.status === 201) acknowledged.vouches.push(res.body.id);
      } else if (roll < 0.52) {
        const to = pick(members);
        const pair = `${m.id}>${to.id}`;
        if (to === m || vouched.has(pair)) return;
        vouched.add(pair);
        const res = await call(rec, 'POST /api/vouches', 'POST', '/api/vouches', { token: m.token, body: { type: 'recommendation', recipientName: to.name, recipientPhone: to.phone, reason: 'We shipped it together.', skills: 'TypeScript', characterTraits: null, accomplishments: null } });
        if (res.status === 201) {
          acknowledged.vouches.push(res.body.id);
          pending.push({ vouchToken: res.body.vouchToken, recipient: to });
        }
      } else if (roll < 0.62) {
        const item = pending.shift();
        if (item) await accept(rec, item);
      } else if (roll < 0.7) {
        // Edits of a member come from one loop only: the last answered edit is the stored one.
        const own = members.filter((x) => x.i % LANES === lane);
        const me = pick(own);
        seq += 1;
        const headline = `Headline ${seq}`;
        me.laterHeadlines.push(headline);
        const res = await call(rec, 'PATCH /api/profile', 'PATCH', '/api/profile', { token: me.token, body: { headline } });
        if (res.status === 200) {
          me.lastHeadline = headline;
          me.laterHeadlines = [];
        }
      } else {
        seq += 1;
        const visitor = `visitor-${seq}`;
        const res = await call(rec, 'GET /api/profile/public/:slug', 'GET', `/api/profile/public/${m.slug}`, { headers: { 'user-agent': visitor } });
        if (res.status === 200) acknowledged.views.push({ slug: m.slug, visitor });
      }
    };
    const traffic = (rec, seconds, stopEarly = () => false) => {
      const end = performance.now() + seconds * 1000;
      return Promise.all(Array.from({ length: LANES }, async (_, lane) => {
        while (performance.now() < end && !stopEarly()) await step(rec, lane);
      }));
    };
    /** A reputation run wanted, as an accept's transaction asks for it (markReputationRequested); the requested sequence now. */
    const wantRun = async () => {
      await sql(`UPDATE \`${dbName}\`.reputation_runs SET requested_at = CASE WHEN requested_seq <= done_seq THEN ? ELSE requested_at END, requested_seq = requested_seq + 1 WHERE name = 'reputation'`, [Date.now()]);
      return Number((await sql(`SELECT requested_seq AS n FROM \`${dbName}\`.reputation_runs WHERE name = 'reputation'`))[0].n);
    };
    /** Seconds until every run wanted up to `requested` is done (null after `limitS`). */
    const runDone = async (requested, since, limitS = 60) => {
      while (performance.now() - since < limitS * 1000) {
        const [{ done }] = await sql(`SELECT done_seq AS done FROM \`${dbName}\`.reputation_runs WHERE name = 'reputation'`);
        if (Number(done) >= requested) return round((performance.now() - since) / 1000, 2);
        await sleep(50);
      }
      return null;
    };
    const health = async () => fetch(`${instance.url}/api/health`).then(async (res) => ({ status: res.status, body: await res.json().catch(() => null) }), () => ({ status: 0, body: null }));
    /** Lost: acknowledged vouches, accepts and edits not in the database, untrue accept answers, and views (checked by looking again). */
    const lost = async () => {
      let missing = acknowledged.untrue;
      if (acknowledged.vouches.length) missing += acknowledged.vouches.length - Number((await sql(`SELECT COUNT(*) AS n FROM \`${dbName}\`.vouches WHERE id IN (?)`, [acknowledged.vouches]))[0].n);
      if (acknowledged.accepts.length) missing += acknowledged.accepts.length - Number((await sql(`SELECT COUNT(*) AS n FROM \`${dbName}\`.vouches WHERE token IN (?) AND status = 'accepted'`, [acknowledged.accepts]))[0].n);
      for (const m of members) {
        if (m.lastHeadline === null) continue;
        const [{ headline }] = await sql(`SELECT headline FROM \`${dbName}\`.profiles WHERE member_id = ?`, [m.id]);
        if (headline !== m.lastHeadline && !m.laterHeadlines.includes(headline)) missing += 1;
      }
      const viewRows = async () => Number((await sql(`SELECT COUNT(*) AS n FROM \`${dbName}\`.profile_views`))[0].n);
      const flushed = async () => {
        await sleep(6_000); // the gateway's flush interval (5 s)
        for (let i = 0; i < 120; i += 1) {
          const h = await health();
          if (h.body?.profileViews?.waiting === 0) return;
          await sleep(500);
        }
      };
      await flushed();
      const before = await viewRows();
      for (const { slug, visitor } of acknowledged.views) await call(null, '', 'GET', `/api/profile/public/${slug}`, { headers: { 'user-agent': visitor } });
      await flushed();
      missing += (await viewRows()) - before;
      acknowledged.vouches = [];
      acknowledged.accepts = [];
      acknowledged.views = [];
      acknowledged.untrue = 0;
      for (const m of members) {
        m.lastHeadline = null;
        m.laterHeadlines = [];
      }
      return missing;
    };
    const report = (name, rec, lostCount, recovery, extra = {}) => {
      const { t } = rec;
      table.push({ scenario: name, requests: t.requests, '2xx': t.ok, '4xx': t.client, 500: t.server, 503: t.unavailable, resets: t.resets, refused: t.refused, lost: lostCount, 'recovery s': recovery, ...extra });
      const counts = `${t.requests} requests: ${t.ok} 2xx, ${t.client} 4xx, ${t.unavailable} 503, ${t.resets} resets${t.refused ? `, ${t.refused} refused after the gateway stopped listening` : ''}`;
      rows.push({ name: `faults.${name}.500`, value: t.server, unit: `answers 5xx other than 503 (${counts})`, goal: '<= 0' });
      if (lostCount !== null) rows.push({ name: `faults.${name}.lost`, value: lostCount, unit: 'acknowledged vouches, accepts, edits and views not in the database afterwards, and retried accepts answered other than their success', goal: '<= 0' });
    };

    // ── connections dropped ──────────────────────────────────────────────────────────────────
    if (wanted('connections-dropped')) {
      log('connections-dropped: 30 s of traffic, every connection of the product killed every 6 s');
      const rec = tally();
      const kills = [];
      const running = traffic(rec, 30);
      for (let k = 0; k < 4; k += 1) {
        await sleep(6_000);
        kills.push({ at: performance.now(), threads: await killAll() });
      }
      await running;
      const recovery = Math.max(...kills.map((k) => recoveredAfter(rec.t.events, k.at) ?? Infinity));
      const lostCount = await lost();
      log(`  killed ${kills.map((k) => k.threads).join(', ')} connections; lost ${lostCount}; recovery ${recovery} s`);
      report('connections-dropped', rec, lostCount, recovery);
      rows.push({ name: 'faults.connections-dropped.recovery', value: recovery, unit: 's from a kill to the first request that succeeds after it (worst of 4)', goal: `<= ${RECOVERY_GOAL_S}` });
    }

    // ── table lock ───────────────────────────────────────────────────────────────────────────
    if (wanted('table-lock')) {
      log(`table-lock: vouches locked WRITE for ${LOCK_SECONDS} s during traffic`);
      const rec = tally();
      const healthSeen = [];
      let polling = true;
      const poller = (async () => {
        while (polling) {
          const at = performance.now();
          healthSeen.push({ at, status: (await health()).status });
          await sleep(500);
        }
      })();
      const locker = await mysql.createConnection({ uri: database.url });
      const running = traffic(rec, LOCK_SECONDS + 12);
      await sleep(4_000);
      const lockedAt = performance.now();
      await locker.query('LOCK TABLES vouches WRITE');
      await sleep(LOCK_SECONDS * 1000);
      await locker.query('UNLOCK TABLES');
      const unlockedAt = performance.now();
      await locker.end();
      await running;
      polling = false;
      await poller;
      const during = rec.t.events.filter((e) => e.startedAt >= lockedAt && e.endedAt <= unlockedAt);
      const slowest = during.length ? round(Math.max(...during.map((e) => e.endedAt - e.startedAt)) / 1000, 2) : null;
      const healthDuring = healthSeen.filter((h) => h.at > lockedAt + 6_000 && h.at < unlockedAt);
      const health503 = healthDuring.filter((h) => h.status === 503).length;
      const healthBack = healthSeen.find((h) => h.at > unlockedAt && h.status === 200);
      const recovery = recoveredAfter(rec.t.events, unlockedAt, /^POST \/api\/vouches$/);
      const lostCount = await lost();
      log(`  slowest answer while locked ${slowest} s; health 503 in ${health503} of ${healthDuring.length} polls from 6 s into the lock; writes back ${recovery} s and health ${healthBack ? round((healthBack.at - unlockedAt) / 1000, 2) : '—'} s after the unlock; lost ${lostCount}`);
      report('table-lock', rec, lostCount, recovery, { 'slowest s': slowest });
      rows.push({ name: 'faults.table-lock.recovery', value: recovery, unit: 's from the unlock to the first vouch created after it', goal: `<= ${RECOVERY_GOAL_S}` });
      rows.push({ name: 'faults.table-lock.slowest', value: slowest, unit: 's, the longest answer while the table was locked (a 503 at the statement timeout, 5 s, plus the wait for a pooled connection)', goal: null });
      rows.push({ name: 'faults.table-lock.health-503', value: healthDuring.length ? round(health503 / healthDuring.length, 2) : null, unit: `share of /api/health polls answered 503 from 6 s into the lock to its end (${health503} of ${healthDuring.length})`, goal: '>= 0.9' });
      rows.push({ name: 'faults.table-lock.health-recovery', value: healthBack ? round((healthBack.at - unlockedAt) / 1000, 2) : null, unit: 's from the unlock to /api/health answering 200 (it stays 503 for the statement timeout after the last stopped statement)', goal: null });
    }

    // ── worker killed ────────────────────────────────────────────────────────────────────────
    if (wanted('worker-killed')) {
      log('worker-killed: SIGKILL of the worker during traffic');
      const rec = tally();
      const running = traffic(rec, 15);
      await sleep(3_000);
      const before = instance.workersStarted();
      const workerPid = instance.pidOf('worker/dist/main.js');
      process.kill(workerPid, 'SIGKILL');
      const killedAt = performance.now();
      while (instance.workersStarted() === before && performance.now() - killedAt < 60_000) await sleep(50);
      const back = round((performance.now() - killedAt) / 1000, 2);
      await running;
      // Scores move again: a run wanted after the restart (as an accept asks for one) is done by the new worker.
      const acceptedAt = performance.now();
      const fresh = await runDone(await wantRun(), acceptedAt);
      const lostCount = await lost();
      const refusedOrFailed = rec.t.events.filter((e) => e.startedAt >= killedAt && (typeof e.status !== 'number' || e.status >= 500)).length;
      log(`  a new worker was up ${back} s after the kill; answers failed after the kill: ${refusedOrFailed}; a run wanted then was done ${fresh} s later; lost ${lostCount}`);
      report('worker-killed', rec, lostCount, 0, { 'worker back s': back });
      rows.push({ name: 'faults.worker-killed.failed-after-kill', value: refusedOrFailed, unit: 'requests refused or answered 5xx after the kill (the gateway keeps serving)', goal: '<= 0' });
      rows.push({ name: 'faults.worker-killed.worker-back', value: back, unit: 's from the kill to a new worker started by the supervisor (1 s pause, then its start)', goal: null });
      rows.push({ name: 'faults.worker-killed.scores-fresh', value: fresh, unit: 's from a run wanted after the restart (as an accept asks) to that run done', goal: null });
    }

    // ── lease holder killed ──────────────────────────────────────────────────────────────────
    if (wanted('lease-holder-killed')) {
      log('lease-holder-killed: a process holding the reputation lease, SIGKILLed');
      const script = `
        import * as core from '@vouch/service-core';
        import * as worker from '@vouch/service-vouches/worker';
        const { openDatabase } = core.default ?? core;
        const { runWantedReputation } = worker.default ?? worker;
        const db = await openDatabase(${JSON.stringify(database.url)});
        console.log('ready');
        // Faster than the worker, which waits 1 s after a request: this process takes the lease, then never finishes.
        for (;;) {
          await runWantedReputation(db, { holder: 'bench-doomed', introductionFacts: () => new Promise(() => undefined) });
          await new Promise((resolve) => setTimeout(resolve, 20));
        }`;
      const holder = spawn(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', script], { cwd: root, stdio: ['ignore', 'pipe', 'inherit'] });
      await new Promise((resolve) => holder.stdout.on('data', (chunk) => String(chunk).includes('ready') && resolve()));
      const requested = await wantRun();
      let held = false;
      for (let i = 0; i < 200 && !held; i += 1) {
        held = (await sql(`SELECT lease_holder AS h FROM \`${dbName}\`.reputation_runs WHERE name = 'reputation'`))[0].h === 'bench-doomed';
        if (!held) await sleep(50);
      }
      holder.kill('SIGKILL');
      const killedAt = performance.now();
      const takeover = await runDone(requested, killedAt);
      log(`  held by the doomed process: ${held}; the wanted run done ${takeover} s after the kill`);
      table.push({ scenario: 'lease-holder-killed', requests: '—', '2xx': '—', '4xx': '—', 500: '—', 503: '—', resets: '—', refused: '—', lost: '—', 'recovery s': takeover });
      rows.push({ name: 'faults.lease-holder-killed.takeover', value: held ? takeover : null, unit: 's from the SIGKILL of the lease holder to the wanted run done by the instance\'s worker (REPUTATION_LEASE_MS 6 s)', goal: `<= ${TAKEOVER_GOAL_S}` });
    }

    // ── SIGTERM, three ways ──────────────────────────────────────────────────────────────────
    /** A request whose client holds its body back until told: Expect: 100-continue tells when the gateway has it. */
    const heldRequest = async (port) => {
      const body = JSON.stringify({ phone: `+1718${String(6_000_000 + Math.floor(Math.random() * 999_999)).padStart(7, '0')}` });
      const socket = net.connect(port, '127.0.0.1');
      await new Promise((resolve) => socket.once('connect', resolve));
      let response = '';
      socket.on('data', (chunk) => (response += chunk));
      socket.on('error', () => undefined);
      const closed = new Promise((resolve) => socket.once('close', resolve));
      socket.write(`POST /api/auth/request-otp HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\nContent-Length: ${body.length}\r\nExpect: 100-continue\r\n\r\n`);
      for (let waited = 0; !response.startsWith('HTTP/1.1 100 Continue\r\n'); waited += 10) {
        if (waited > 10_000) throw new Error('the gateway did not take the held request');
        await sleep(10);
      }
      response = '';
      return { finish: async () => (socket.write(body), await closed, response) };
    };
    for (const [name, how, send] of [
      ['sigterm-start', 'node', (i) => process.kill(i.child.pid, 'SIGTERM')],
      ['sigterm-npm', 'npm', (i) => process.kill(i.child.pid, 'SIGTERM')],
      ['sigterm-group', 'npm', (i) => process.kill(-i.child.pid, 'SIGTERM')],
    ]) {
      if (!wanted(name)) continue;
      if (instance && instance.how !== how) {
        process.kill(instance.child.pid, 'SIGTERM');
        await instance.exited;
        instance = null;
      }
      if (!instance) instance = await startInstance(root, env, how);
      log(`${name}: SIGTERM during traffic, 3 requests held open`);
      const rec = tally();
      let stopTraffic = false;
      const running = traffic(rec, 30, () => stopTraffic);
      await sleep(2_000);
      const held = await Promise.all([0, 1, 2].map(() => heldRequest(instance.port)));
      const signalledAt = performance.now();
      send(instance);
      await sleep(1_000);
      const answers = await Promise.all(held.map((h) => h.finish()));
      const exit = await instance.exited;
      stopTraffic = true;
      await running;
      const heldOk = answers.filter((a) => /^HTTP\/1\.1 200 /.test(a) && /\r\nConnection: close\r\n/i.test(a)).length;
      const drain = round((exit.at - signalledAt) / 1000, 2);
      log(`  held requests answered 200 with Connection: close: ${heldOk} of 3; exit code ${exit.code}${exit.signal ? ` (signal ${exit.signal})` : ''} ${drain} s after the signal; ${rec.t.resets} resets, ${rec.t.refused} refused after the gateway stopped listening`);
      report(name, rec, null, null, { 'exit code': exit.code, 'held 200': `${heldOk}/3`, 'drain s': drain });
      rows.push({ name: `faults.${name}.resets`, value: rec.t.resets + (3 - heldOk), unit: `requests cut mid-way (connections reset, and held requests not answered 200 with Connection: close: ${heldOk} of 3 were); exit code ${exit.code}, ${drain} s after the signal`, goal: '<= 0' });
      rows.push({ name: `faults.${name}.exit-code`, value: exit.code ?? 128, unit: 'exit code of the process signalled (npm or start.mjs)', goal: '<= 0' });
      instance = null;
    }
  } finally {
    instance?.kill();
    await admin.end().catch(() => undefined);
    await database.dispose();
  }
  console.table(table);
  return rows;
}
