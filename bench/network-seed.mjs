// Seeds the network benchmark's MariaDB database: MEMBERS members and VOUCHES vouches (a random
// graph, mostly accepted) in multi-row INSERTs, with one "focal" member (id 1) holding exactly
// FOCAL_CONNECTIONS accepted direct connections (half given, half received). The schema is made by
// the project's own migrations; a `bench_meta` row remembers the shape, so a database already
// seeded with the same shape is reused as is.
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import mysql from 'mysql2/promise';

// BENCH_SHAPE_MEMBERS / BENCH_SHAPE_VOUCHES seed a smaller network of the same shape (10 vouches a member) where the full
// one takes too long; use another BENCH_DATABASE_NAME for it. The figures of docs/benchmarks.md are the full size.
export const SHAPE = {
  members: Number(process.env.BENCH_SHAPE_MEMBERS ?? 100_000),
  vouches: Number(process.env.BENCH_SHAPE_VOUCHES ?? 1_000_000),
  focalConnections: 200,
  seed: 7,
  version: 1,
};
export const FOCAL_MEMBER_ID = 1;
export const phoneOf = (id) => `+1212${String(2_000_000 + id)}`; // +1 212 2xx xxxx: valid North American numbers

const SKILLS = ['TypeScript', 'Design', 'Sales', 'Finance', 'Rust', 'Leadership', 'Marketing', 'Research', 'Go', 'Product', 'Law', 'Writing', 'Data', 'Ops', 'Hiring', 'Security'];
const TRAITS = ['Honest', 'Reliable', 'Kind', 'Generous', 'Calm', 'Curious', 'Direct', 'Patient'];
const FIRST = ['Ada', 'Ben', 'Cleo', 'Dev', 'Eli', 'Fay', 'Gus', 'Hana', 'Ivo', 'Jun', 'Kai', 'Lea', 'Mo', 'Nia', 'Oz', 'Pia'];
const LAST = ['Stone', 'Rivera', 'Okafor', 'Nguyen', 'Kowalski', 'Haddad', 'Silva', 'Berg', 'Tanaka', 'Moreau'];

/** Deterministic pseudo-random numbers (mulberry32). */
function random(seed) {
  return () => {
    seed = (seed + 0x6d2b79f5) | 0;
    let x = Math.imul(seed ^ (seed >>> 15), 1 | seed);
    x = (x + Math.imul(x ^ (x >>> 7), 61 | x)) ^ x;
    return ((x ^ (x >>> 14)) >>> 0) / 4294967296;
  };
}

function databaseUrl(base, name) {
  const url = new URL(base);
  url.pathname = `/${name}`;
  return url.toString();
}

/** Creates `name` if needed and runs every service's migrations on it (through tsx: they are TypeScript). */
function migrate(root, url) {
  const script = `
    import * as core from '@vouch/service-core';
    import * as gateway from '@vouch/api-gateway';
    const { openDatabase, runMigrations } = core.default ?? core;
    const { allMigrations } = gateway.default ?? gateway;
    const db = await openDatabase(${JSON.stringify(url)});
    await runMigrations(db, allMigrations);
    await db.close();`;
  const result = spawnSync(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', script], { cwd: root, stdio: 'inherit' });
  if (result.status !== 0) throw new Error(`migrations failed on ${new URL(url).pathname}`);
}

/**
 * The analysis's neighbour rows (member_neighbours), which the bulk INSERTs below skip like the
 * counters: rewritten from the vouches by the project's own function (TypeScript: through tsx).
 */
function fillNeighbourRows(root, url) {
  const script = `
    import * as core from '@vouch/service-core';
    import * as testing from '@vouch/service-vouches/testing';
    const { openDatabase } = core.default ?? core;
    const { refillNeighbourRows } = testing.default ?? testing;
    const db = await openDatabase(${JSON.stringify(url)});
    await refillNeighbourRows(db);
    await db.close();`;
  const result = spawnSync(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', script], { cwd: root, stdio: 'inherit' });
  if (result.status !== 0) throw new Error(`filling member_neighbours failed on ${new URL(url).pathname}`);
}

const sqlDate = (ms) => new Date(ms).toISOString().slice(0, 23).replace('T', ' ');

async function insertChunks(conn, table, columns, rows, chunk = 5000) {
  for (let i = 0; i < rows.length; i += chunk) {
    await conn.query(`INSERT INTO ${table} (${columns.join(', ')}) VALUES ?`, [rows.slice(i, i + chunk)]);
  }
}

/**
 * The counters the API keeps on each member row as vouches are accepted (vouches_given,
 * vouches_received), which the bulk INSERTs above skip: without them a member with 200 accepted
 * vouches is told to vouch for someone first. Two grouped UPDATEs; skipped when already set. The
 * scores, connection counts and onboarding come from the worker's reputation run (bench/scale).
 */
async function deriveCounters(conn, log) {
  const [[focal]] = await conn.query('SELECT vouches_given + vouches_received AS n FROM members WHERE id = ?', [FOCAL_MEMBER_ID]);
  if (Number(focal?.n) > 0) return;
  const started = Date.now();
  for (const [column, side] of [['vouches_given', 'voucher_id'], ['vouches_received', 'recipient_id']]) {
    await conn.query(
      `UPDATE members m JOIN (SELECT ${side} AS id, COUNT(*) AS n FROM vouches WHERE status = 'accepted' AND ${side} IS NOT NULL GROUP BY ${side}) c ON c.id = m.id SET m.${column} = c.n`,
    );
  }
  log(`vouch counters in ${((Date.now() - started) / 1000).toFixed(1)} s`);
}

/**
 * Ensures `dbName` on the server of `baseUrl` holds the benchmark network. Returns its URL and
 * whether it was seeded now.
 */
export async function ensureNetworkBenchDatabase({ root, baseUrl, dbName, log }) {
  const server = await mysql.createConnection({ uri: databaseUrl(baseUrl, ''), multipleStatements: false });
  await server.query(`CREATE DATABASE IF NOT EXISTS \`${dbName}\` CHARACTER SET utf8mb4 COLLATE utf8mb4_unicode_ci`);
  await server.end();
  const url = databaseUrl(baseUrl, dbName);
  const conn = await mysql.createConnection({ uri: url });
  try {
    await conn.query('CREATE TABLE IF NOT EXISTS bench_meta (shape VARCHAR(200) NOT NULL)');
    const [meta] = await conn.query('SELECT shape FROM bench_meta');
    const shape = JSON.stringify(SHAPE);
    if (meta.length === 1 && meta[0].shape === shape) {
      migrate(root, url); // new migrations (indexes) still apply to a reused database
      await deriveCounters(conn, log);
      log(`reusing ${dbName} (already seeded: ${SHAPE.members} members, ${SHAPE.vouches} vouches)`);
      return { url, seeded: false };
    }
    log(`seeding ${dbName}: ${SHAPE.members} members, ${SHAPE.vouches} vouches…`);
    const started = Date.now();
    // Start from an empty schema made by the migrations.
    await conn.query('SET FOREIGN_KEY_CHECKS = 0');
    const [tables] = await conn.query('SHOW TABLES');
    for (const row of tables) await conn.query(`DROP TABLE \`${Object.values(row)[0]}\``);
    await conn.query('SET FOREIGN_KEY_CHECKS = 1');
    migrate(root, url);

    const rand = random(SHAPE.seed);
    const pick = (list) => list[Math.floor(rand() * list.length)];
    const now = Date.now();
    await conn.query('SET FOREIGN_KEY_CHECKS = 0, UNIQUE_CHECKS = 0');

    const members = [];
    for (let id = 1; id <= SHAPE.members; id += 1) {
      const created = sqlDate(now - 400 * 86_400_000 + id * 300_000);
      members.push([id, phoneOf(id), `${pick(FIRST)} ${pick(LAST)} ${id}`, rand() * 60, created, created]);
    }
    await insertChunks(conn, 'members', ['id', 'phone', 'name', 'reputation_score', 'created_at', 'updated_at'], members);
    log(`members in ${((Date.now() - started) / 1000).toFixed(1)} s`);

    const columns = ['id', 'type', 'status', 'token', 'voucher_id', 'recipient_name', 'recipient_phone', 'recipient_id', 'pending_key', 'reason', 'skills', 'character_traits', 'created_at', 'accepted_at', 'responded_at', 'expires_at'];
    const vouchRow = (id, voucher, recipient, status) => {
      const type = rand() < 0.2 ? 'invite' : 'recommendation';
      const createdMs = now - Math.floor(rand() * 300) * 86_400_000;
      const created = sqlDate(createdMs);
      // Answered an hour after sending, but never after the seed ran (no accept in the future).
      const answered = status === 'pending' ? null : sqlDate(Math.min(createdMs + 3_600_000, now));
      return [
        id,
        type,
        status,
        `b${id.toString(36).padStart(31, '0')}`,
        voucher,
        `Recipient ${recipient}`,
        phoneOf(recipient),
        status === 'pending' ? null : recipient,
        status === 'pending' ? `${voucher}:${phoneOf(recipient)}:${id}`.slice(0, 40) : null,
        type === 'recommendation' ? 'Trusted colleague' : null,
        type === 'recommendation' ? `${pick(SKILLS)}, ${pick(SKILLS)}` : null,
        type === 'recommendation' && rand() < 0.5 ? pick(TRAITS) : null,
        created,
        status === 'accepted' ? answered : null,
        answered,
        sqlDate(createdMs + 30 * 86_400_000),
      ];
    };

    // The focal member: FOCAL_CONNECTIONS distinct people, half vouched for by them, half vouching for them.
    const focal = new Set();
    while (focal.size < SHAPE.focalConnections) {
      const other = 2 + Math.floor(rand() * (SHAPE.members - 1));
      focal.add(other);
    }
    let id = 0;
    let batch = [];
    const flush = async () => {
      if (batch.length) await conn.query(`INSERT INTO vouches (${columns.join(', ')}) VALUES ?`, [batch]);
      batch = [];
    };
    let i = 0;
    for (const other of focal) {
      id += 1;
      batch.push(i % 2 === 0 ? vouchRow(id, FOCAL_MEMBER_ID, other, 'accepted') : vouchRow(id, other, FOCAL_MEMBER_ID, 'accepted'));
      i += 1;
    }
    // Everyone else: random pairs that never touch the focal member (its degree stays exact).
    while (id < SHAPE.vouches) {
      const voucher = 2 + Math.floor(rand() * (SHAPE.members - 1));
      let recipient = 2 + Math.floor(rand() * (SHAPE.members - 1));
      if (recipient === voucher) recipient = recipient === SHAPE.members ? 2 : recipient + 1;
      const roll = rand();
      id += 1;
      batch.push(vouchRow(id, voucher, recipient, roll < 0.85 ? 'accepted' : roll < 0.95 ? 'pending' : 'rejected'));
      if (batch.length === 5000) await flush();
      if (id % 200_000 === 0) log(`${id} vouches in ${((Date.now() - started) / 1000).toFixed(1)} s`);
    }
    await flush();
    await conn.query('SET FOREIGN_KEY_CHECKS = 1, UNIQUE_CHECKS = 1');
    await deriveCounters(conn, log);
    const filling = Date.now();
    fillNeighbourRows(root, url);
    log(`neighbour rows in ${((Date.now() - filling) / 1000).toFixed(1)} s`);
    await conn.query('ANALYZE TABLE members, vouches');
    await conn.query('CREATE TABLE IF NOT EXISTS bench_meta (shape VARCHAR(200) NOT NULL)');
    await conn.query('DELETE FROM bench_meta');
    await conn.query('INSERT INTO bench_meta (shape) VALUES (?)', [shape]);
    log(`seeded in ${((Date.now() - started) / 1000).toFixed(1)} s`);
    return { url, seeded: true };
  } finally {
    await conn.end();
  }
}

// `node bench/network-seed.mjs` seeds without measuring (BENCH_DATABASE_URL, default mysql://root@127.0.0.1:3306).
if (import.meta.url === `file://${process.argv[1]}`) {
  const root = path.resolve(path.dirname(new URL(import.meta.url).pathname), '..');
  await ensureNetworkBenchDatabase({
    root,
    baseUrl: process.env.BENCH_DATABASE_URL ?? 'mysql://root@127.0.0.1:3306',
    dbName: process.env.BENCH_DATABASE_NAME ?? 'vouch_bench',
    log: (...args) => console.log('[network-seed]', ...args),
  });
}
