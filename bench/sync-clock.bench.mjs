// What the sync log's counter costs writes (issue 45): every transaction that records a change takes
// the next number last, holding the counter's row from there to its commit, so such transactions
// take turns for their last statements. Here nothing else limits them: 16 writers on MariaDB run
// transactions of a few inserts each, in rounds with and without recording three changes (what a
// vouch's creation records), and the rounds are compared.
import { tsImport } from 'tsx/esm/api';
import { round, temporaryMariaDb } from './support/servers.mjs';

const WRITERS = Number(process.env.BENCH_SYNC_CLOCK_WRITERS ?? 16);
const SECONDS = Number(process.env.BENCH_SYNC_CLOCK_SECONDS ?? 10);
/** Inserts per transaction besides the log's. */
const STATEMENTS = 4;

export const title = 'Sync log: what the commit-ordered counter costs writes (MariaDB)';
export const notes = `The sync log (services/core sync-log.ts, docs/api-versioning.md "Sync") numbers each recording transaction
from a one-row counter updated last, so such transactions take turns from that UPDATE to their commit (the log's INSERT, the
commit). \`BENCH_SYNC_CLOCK_WRITERS\` (16) writers on a fresh MariaDB database run transactions of ${STATEMENTS} inserts as fast as they
can for \`BENCH_SYNC_CLOCK_SECONDS\` (10) s, alternately without and with recording three changes each (three rounds of each):
\`sync-clock.plain\` and \`sync-clock.recording\` are transactions per second (best round; p50/p99 in the unit), and the
recording row's ratio is to the plain one. Nothing else limits these writers: it is the counter's ceiling, not the product's
throughput (the launch bench's mixed traffic records a few tens of writes a second).`;

export default async function run({ log }) {
  const core = await tsImport('@vouch/service-core', import.meta.url);
  const { DataTypes } = await import('sequelize');
  const database = await temporaryMariaDb(process.env.BENCH_SYNC_CLOCK_DATABASE ?? 'vouch_sync_clock');
  const db = await core.openDatabase(database.url, { poolMax: WRITERS + 4 });
  try {
    await core.runMigrations(db, [
      ...core.SYNC_MIGRATIONS,
      {
        name: '202501010000-bench-rows',
        async up({ queryInterface }) {
          await queryInterface.createTable('bench_rows', { id: { type: DataTypes.INTEGER, primaryKey: true, autoIncrement: true }, writer: DataTypes.INTEGER, text: DataTypes.STRING(100) });
        },
      },
    ]);
    const best = { plain: null, recording: null };
    for (const record of [false, true, false, true, false, true]) {
      const times = [];
      const end = Date.now() + SECONDS * 1000;
      await Promise.all(
        Array.from({ length: WRITERS }, async (_, writer) => {
          while (Date.now() < end) {
            const started = performance.now();
            await db.transaction(async (t) => {
              let id = 0;
              for (let k = 0; k < STATEMENTS; k += 1) [id] = await db.sequelize.query('INSERT INTO bench_rows (writer, text) VALUES (?, ?)', { replacements: [writer, 'a vouch'], transaction: t });
              if (record) {
                core.recordChanges(db, t, [
                  { audience: core.memberAudience(writer), list: 'bench/sent', objectId: Number(id) },
                  { audience: core.memberAudience(writer + 1000), list: 'bench/received', objectId: Number(id) },
                  { audience: core.memberAudience(writer), list: 'bench/activities', objectId: Number(id) },
                ]);
              }
            });
            times.push(performance.now() - started);
          }
        }),
      );
      times.sort((a, b) => a - b);
      const result = { perSecond: round(times.length / SECONDS, 0), p50: round(times[Math.floor(times.length / 2)], 1), p99: round(times[Math.floor(times.length * 0.99)], 1) };
      const kind = record ? 'recording' : 'plain';
      log(`${kind}: ${result.perSecond} transactions/s, p50 ${result.p50} ms, p99 ${result.p99} ms`);
      if (!best[kind] || result.perSecond > best[kind].perSecond) best[kind] = result;
    }
    const unit = (r) => `transactions/s at ${WRITERS} writers, ${STATEMENTS} inserts each (best of 3 rounds of ${SECONDS} s; p50 ${r.p50} ms, p99 ${r.p99} ms)`;
    return [
      { name: 'sync-clock.plain', value: best.plain.perSecond, unit: unit(best.plain), goal: null },
      { name: 'sync-clock.recording', value: best.recording.perSecond, unit: `${unit(best.recording)}, each recording 3 changes`, baseline: best.plain.perSecond, ratio: round(best.recording.perSecond / best.plain.perSecond, 2), goal: null },
    ];
  } finally {
    await db.close();
    await database.dispose();
  }
}
