// How fast the worker drains a notifications backlog (the launch's outbox-backlog row): the same
// backlog on MariaDB delivered by the delivery pass as it was before batching (row by row, taken
// from git) and as it is now, in one run, so the ratio compares code under the same load.
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import mysql from 'mysql2/promise';
import { tsImport } from 'tsx/esm/api';
import { round, temporaryMariaDb } from './support/servers.mjs';

const ROWS = Number(process.env.BENCH_OUTBOX_ROWS ?? 1_000);
const MEMBERS = Number(process.env.BENCH_OUTBOX_MEMBERS ?? 500);
/** A provider's answer time added to each text (the fake answers at once). */
const SLOW_SEND_MS = Number(process.env.BENCH_OUTBOX_SLOW_SEND_MS ?? 100);
const SLOW_ROWS = Number(process.env.BENCH_OUTBOX_SLOW_ROWS ?? 200);
/** The commit whose delivery pass is the row-by-row baseline (the last one before batching). */
const BEFORE = process.env.BENCH_OUTBOX_BEFORE ?? 'ba7b906';
/** The worker's poll (WORKER_POLL_MS default): the old loop paused this long after every pass. */
const POLL_MS = 500;

export const title = 'Outbox drain: notifications delivered per second, row by row and by batches (MariaDB)';
export const notes = `A fresh MariaDB database with every migration, \`BENCH_OUTBOX_MEMBERS\` (500) members and \`BENCH_OUTBOX_ROWS\`
(1,000) pending outbox rows (one text each, as a vouch received writes, round-robin over the members) is drained until
nothing waits; texts go through the real twilio SDK to the local fake of Twilio Messaging (services/notifications/test),
which answers at once. Each round starts from the same backlog (tables emptied, rows written again). \`before\`: the
delivery pass of commit \`BENCH_OUTBOX_BEFORE\` (${BEFORE}, row by row: each notification fanned out in a transaction of
its own, each delivery claimed, sent and marked one at a time; its files taken with \`git archive\`), called as the
worker's loop called it then, pausing \`WORKER_POLL_MS\` (500 ms) after every pass; \`before-no-pause\`: the same pass
back to back. \`after\`: this checkout's pass (a batch fanned out in one transaction, deliveries claimed in one
statement with a lease, sent side by side up to \`NOTIFY_TEXT_CONCURRENCY\` (8), marked in a few statements, the next pass at
once after a full batch), one worker; \`after-two-workers\`: two such loops at once, each with its own connection pool.
Ratios are rows/s against \`before\` in the same run. \`slow-*\`: \`BENCH_OUTBOX_SLOW_ROWS\` (200) rows with
\`BENCH_OUTBOX_SLOW_SEND_MS\` (100) ms added to each text, as a provider answers. \`duplicates\` and \`lost\`: texts the
fake accepted more than once, or never, over every round (goal 0). The machine is shared: see the load average.

The table's run (2026-11-29 12:13 UTC) had the two cores shared with other work all along (load average 24 at its
start, 18 at its end): its absolute rows/s are low, and each round met whatever load came then (the rounds run one
after another, not interleaved), so read the ratios as an order of magnitude, not to the decimal; against \`before-no-pause\` (the old pass without its pause) \`after\` was 8.8×. A quick run before it
(200 and 40 rows, load ≈ 15) gave 5.8× (\`after\`), 8.2× (two workers) and 6.4× (\`slow-after\`). What the batches
save: the row-by-row pass spent about a dozen statements per text (a fan-out transaction, a claim, the notification's
and the member's reads, the mark) and then waited 500 ms per 100 rows; by batches it is a few statements per 100 rows
plus the sends, which then overlap. The two-worker rows show the claim sharing one backlog (each round's texts all
accepted once, \`duplicates\` 0): with the fake answering at once one worker is already limited by this machine's CPU,
with a provider's 100 ms the second worker adds its own 8 sends in flight.`;

/**
 * The delivery pass of `commit`, from git, in the system's temporary folder (not under the
 * repository, where jest would find a second @vouch/service-notifications); its packages resolve
 * to this checkout's node_modules.
 */
async function passBefore(root, commit) {
  const dir = path.join(os.tmpdir(), `vouch-outbox-before-${commit}`);
  if (!fs.existsSync(path.join(dir, 'services', 'notifications', 'src', 'worker.ts'))) {
    fs.mkdirSync(dir, { recursive: true });
    const archive = execFileSync('git', ['archive', commit, 'services/notifications'], { cwd: root, maxBuffer: 64 * 1024 * 1024 });
    execFileSync('tar', ['-x', '-C', dir], { input: archive });
    if (!fs.existsSync(path.join(dir, 'node_modules'))) fs.symlinkSync(path.join(root, 'node_modules'), path.join(dir, 'node_modules'));
  }
  return tsImport(path.join(dir, 'services', 'notifications', 'src', 'worker.ts'), import.meta.url);
}

export default async function run({ root, log }) {
  const core = await tsImport('@vouch/service-core', import.meta.url);
  const { allMigrations } = await tsImport('@vouch/api-gateway', import.meta.url);
  const now = await tsImport('@vouch/service-notifications/worker', import.meta.url);
  const testing = await tsImport('@vouch/service-notifications/testing', import.meta.url);
  const before = await passBefore(root, BEFORE);
  const database = await temporaryMariaDb(process.env.BENCH_OUTBOX_DATABASE ?? 'vouch_outbox_drain');
  const twilio = await new testing.FakeTwilioMessaging().start();
  const conn = await mysql.createConnection({ uri: database.url });
  const dbs = [];
  const open = async () => {
    const db = await core.openDatabase(database.url);
    dbs.push(db);
    return db;
  };
  try {
    const db = await open();
    await core.runMigrations(db, allMigrations);
    const at = new Date();
    const members = Array.from({ length: MEMBERS }, (_, i) => [i + 1, `+1555${String(10_000_000 + i).slice(1)}`, `Member ${i + 1}`, 0, at, at]);
    await conn.query('INSERT INTO members (id, phone, name, reputation_score, created_at, updated_at) VALUES ?', [members]);

    const env = { NODE_ENV: 'test', PUBLIC_URL: 'https://vouch.example', ...testing.FAKE_MESSAGING_ENV, PUSH: 'off' };
    const logger = core.createLogger({ env: { LOG_LEVEL: 'silent' }, name: 'bench' });
    const channelsFor = (target, sendMs) => {
      const { channels } = now.createDeliveryChannels(env, target, logger, { twilio: testing.fakeTwilioMessagingClient(twilio) });
      if (!sendMs) return channels;
      const text = channels.text;
      return { ...channels, text: { name: text.name, send: (to, body) => new Promise((resolve) => setTimeout(resolve, sendMs)).then(() => text.send(to, body)) } };
    };
    const accepted = new Map();

    /** The same backlog again: `rows` pending notifications with a text each, nothing else in the outbox. */
    async function backlog(rows, round) {
      await conn.query('DELETE FROM notification_deliveries');
      await conn.query('DELETE FROM notifications');
      const values = Array.from({ length: rows }, (_, i) => [1 + (i % MEMBERS), 'vouch_received', 'vouch', i + 1, `/vouch/${round}-${i}`, 'New Vouch', 'Ann Able vouched for you.', 'Vouch: Ann Able vouched for you.', 'pending', new Date()]);
      for (let i = 0; i < values.length; i += 1000) {
        await conn.query('INSERT INTO notifications (member_id, kind, object_type, object_id, link, title, body, text_body, status, created_at) VALUES ?', [values.slice(i, i + 1000)]);
      }
    }
    async function waiting() {
      const [[row]] = await conn.query("SELECT (SELECT COUNT(*) FROM notifications WHERE status = 'pending') + (SELECT COUNT(*) FROM notification_deliveries WHERE status = 'pending') AS n");
      return Number(row.n);
    }
    /** One worker's loop until nothing waits: `pauseAfter(report)` is its wait after a pass. */
    async function loop(pass, target, channels, pauseAfter) {
      for (;;) {
        const report = await pass(target, channels);
        const pause = pauseAfter(report);
        if (pause === 0) continue;
        if ((await waiting()) === 0) return;
        await new Promise((resolve) => setTimeout(resolve, pause));
      }
    }
    const passes = {
      before: { loops: 1, pass: (target, channels) => before.deliverDueNotifications(target, channels), pauseAfter: () => POLL_MS },
      'before-no-pause': { loops: 1, pass: (target, channels) => before.deliverDueNotifications(target, channels), pauseAfter: (r) => (r.fanned + r.sent + r.retried + r.failed > 0 ? 0 : 10) },
      after: { loops: 1, pass: (target, channels) => now.deliverDueNotifications(target, channels, now.readDeliveryOptions(env)), pauseAfter: (r) => (r.more ? 0 : POLL_MS) },
      'after-two-workers': { loops: 2, pass: (target, channels) => now.deliverDueNotifications(target, channels, now.readDeliveryOptions(env)), pauseAfter: (r) => (r.more ? 0 : POLL_MS) },
    };
    const measured = {};
    let roundNo = 0;
    let dbBefore = null;
    for (const [prefix, rows, sendMs] of [['', ROWS, 0], ['slow-', SLOW_ROWS, SLOW_SEND_MS]]) {
      const kinds = prefix ? ['before', 'after', 'after-two-workers'] : Object.keys(passes);
      for (const kind of kinds) {
        roundNo += 1;
        const { loops, pass, pauseAfter } = passes[kind];
        // The code before defines its own models: on a Sequelize of its own, not beside this checkout's.
        const targets = kind.startsWith('before') ? [(dbBefore ??= await open())] : [db, ...(loops > 1 ? [await open()] : [])];
        await backlog(rows, roundNo);
        const first = twilio.messages.length;
        const started = performance.now();
        await Promise.all(targets.map((target) => loop(pass, target, channelsFor(target, sendMs), pauseAfter)));
        const seconds = (performance.now() - started) / 1000;
        // Each text carries its notification's own link: counted by it.
        for (const m of twilio.messages.slice(first)) {
          const link = /\/vouch\/(\d+-\d+) /.exec(m.body)?.[1];
          if (m.status === 201 && link) accepted.set(link, (accepted.get(link) ?? 0) + 1);
        }
        for (let i = 0; i < rows; i += 1) if (!accepted.has(`${roundNo}-${i}`)) accepted.set(`${roundNo}-${i}`, 0);
        measured[`${prefix}${kind}`] = { rowsPerSecond: rows / seconds, seconds, rows };
        log(`${prefix}${kind}: ${rows} rows in ${round(seconds, 1)} s (${round(rows / seconds, 1)} rows/s)`);
      }
    }
    const duplicates = [...accepted.values()].filter((n) => n > 1).length;
    const lost = [...accepted.values()].filter((n) => n === 0).length;
    const row = (name, goal) => {
      const m = measured[name];
      const base = measured[name.startsWith('slow-') ? 'slow-before' : 'before'];
      return { name: `outbox-drain.${name}`, value: round(m.rowsPerSecond, 1), unit: `rows/s (${m.rows} texts in ${round(m.seconds, 1)} s)`, baseline: round(base.rowsPerSecond, 1), ratio: round(m.rowsPerSecond / base.rowsPerSecond, 2), goal };
    };
    return [
      row('before', null),
      row('before-no-pause', null),
      row('after', 'ratio >= 2'),
      row('after-two-workers', null),
      row('slow-before', null),
      row('slow-after', 'ratio >= 2'),
      row('slow-after-two-workers', null),
      { name: 'outbox-drain.duplicates', value: duplicates, unit: `texts the fake accepted more than once (${accepted.size} in all rounds)`, goal: '<= 0' },
      { name: 'outbox-drain.lost', value: lost, unit: 'texts of the backlog the fake never accepted', goal: '<= 0' },
    ];
  } finally {
    for (const db of dbs) await db.close().catch(() => undefined);
    await conn.end().catch(() => undefined);
    await twilio.stop();
    await database.dispose();
  }
}
