// db.select: a member's reads go straight to a pooled connection's driver. It must give what
// Sequelize gave (the same rows, the same instants, the same escaping), run in a transaction when
// given one, and fail the way Sequelize fails, on SQLite and on MariaDB. db.eachRow: the same
// rows one at a time, for reads too large to hold together.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { DatabaseError, DataTypes, type ModelStatic, type Model } from 'sequelize';
import { isDatabaseUnavailable, openDatabase, type Database } from '../src';

interface Target {
  name: string;
  open(options?: { poolMax?: number }): Promise<Database>;
  dispose(): Promise<void>;
}

function sqliteTarget(): Target {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'vouch-select-'));
  return { name: 'SQLite', open: () => openDatabase(`sqlite:${path.join(dir, 'select.sqlite')}`), dispose: async () => fs.rmSync(dir, { recursive: true, force: true }) };
}

function mariaDbTarget(serverUrl: string): Target {
  const url = new URL(serverUrl);
  const name = `${url.pathname.slice(1) || 'vouch_test'}_select_${process.pid}_${Date.now().toString(36)}`;
  const server = `${url.protocol}//${url.username}${url.password ? `:${url.password}` : ''}@${url.host}/`;
  const admin = (sql: string) => openDatabase(server).then(async (db) => {
    try {
      await db.sequelize.query(sql);
    } finally {
      await db.close();
    }
  });
  url.pathname = `/${name}`;
  let created = false;
  return {
    name: 'MariaDB',
    async open(options = {}) {
      if (!created) await admin(`CREATE DATABASE \`${name}\``);
      created = true;
      return openDatabase(url.toString(), options);
    },
    dispose: () => admin(`DROP DATABASE IF EXISTS \`${name}\``),
  };
}

const targets: Array<() => Target> = [sqliteTarget];
if (process.env.TEST_DATABASE_URL) targets.push(() => mariaDbTarget(process.env.TEST_DATABASE_URL!));

type Row = { id: number; name: string; seenAt: Date | string; day: string };

describe.each(targets.map((make) => [make().name, make] as const))('db.select on %s', (_name, make) => {
  let target: Target;
  let db: Database;
  let Person: ModelStatic<Model>;
  const seenAt = new Date('2026-03-04T05:06:07.000Z');

  beforeAll(async () => {
    target = make();
    db = await target.open({ poolMax: 2 });
    Person = db.sequelize.define('Person', {
      name: { type: DataTypes.STRING, allowNull: false },
      seenAt: { type: DataTypes.DATE, allowNull: false, field: 'seen_at' },
      day: { type: DataTypes.DATEONLY, allowNull: false },
    }, { tableName: 'people', timestamps: false });
    await Person.sync();
    await Person.bulkCreate([
      { name: "O'Brien; DROP TABLE people; --", seenAt, day: '2026-03-04' },
      { name: 'Ada', seenAt: new Date('2026-03-05T00:00:00.000Z'), day: '2026-03-05' },
    ]);
  });

  afterAll(async () => {
    await db.close();
    await target.dispose();
  });

  it('gives the rows Sequelize gives, with replacements escaped as Sequelize escapes them', async () => {
    const sql = 'SELECT id, name, seen_at AS seenAt, day FROM people WHERE name = :name OR seen_at = :at ORDER BY id';
    const replacements = { name: "O'Brien; DROP TABLE people; --", at: new Date('2026-03-05T00:00:00.000Z') };
    const rows = await db.select<Row>(sql, replacements);
    expect(rows.map((row) => row.name)).toEqual(["O'Brien; DROP TABLE people; --", 'Ada']);
    expect(rows).toEqual(await db.sequelize.query(sql, { replacements, type: 'SELECT' }));
    // `?` placeholders take an array, in order.
    expect(await db.select('SELECT name FROM people WHERE name = ? AND id > ?', ["O'Brien; DROP TABLE people; --", 0])).toEqual([{ name: "O'Brien; DROP TABLE people; --" }]);
  });

  it('reads a DATETIME as the instant written, and a DATEONLY as its day, as the model does', async () => {
    const [row] = await db.select<Row>('SELECT seen_at AS seenAt, day FROM people WHERE name = :name', { name: "O'Brien; DROP TABLE people; --" });
    expect(new Date(row!.seenAt).toISOString()).toBe(seenAt.toISOString());
    expect(row!.day).toBe('2026-03-04');
    const model = (await Person.findOne({ where: { day: '2026-03-04' } }))!.get({ plain: true }) as Row;
    expect((model.seenAt as Date).toISOString()).toBe(seenAt.toISOString());
    expect(model.day).toBe('2026-03-04');
  });

  it('runs in the transaction it is given, and outside it sees only what was committed', async () => {
    await db.transaction(async (t) => {
      await Person.create({ name: 'Grace', seenAt, day: '2026-03-06' }, { transaction: t });
      expect(await db.select<Row>('SELECT name FROM people WHERE name = :name', { name: 'Grace' }, t)).toEqual([{ name: 'Grace' }]);
      if (db.dialect === 'mysql') expect(await db.select('SELECT name FROM people WHERE name = :name', { name: 'Grace' })).toEqual([]);
    });
    expect(await db.select('SELECT name FROM people WHERE name = :name', { name: 'Grace' })).toEqual([{ name: 'Grace' }]);
  });

  it('a nested transaction joins its own outer one while others begin and end beside it, and after all have ended', async () => {
    // Each outermost transaction returns whether the one opened inside it was itself.
    const joinsOuter = (before: Promise<void>) =>
      db.transaction(async (outer) => {
        await before;
        return (await db.transaction(async (inner) => inner)) === outer;
      });
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    const first = joinsOuter(held); // open until released
    const second = joinsOuter(Promise.resolve()); // MariaDB: begins and ends while the first is open; SQLite queues it
    if (db.dialect === 'mysql') expect(await second).toBe(true);
    release();
    expect(await Promise.all([first, second])).toEqual([true, true]);
    expect(await joinsOuter(Promise.resolve())).toBe(true);
    // Opened outside any, a transaction is its own, not one that has ended.
    const ended = await db.transaction(async (t) => t);
    expect(await db.transaction(async (t) => t)).not.toBe(ended);
  });

  it('eachRow hands on the rows select gives, one at a time, and counts them', async () => {
    const sql = 'SELECT id, name, seen_at AS seenAt, day FROM people ORDER BY id';
    const seen: Row[] = [];
    expect(await db.eachRow<Row>(sql, (row) => seen.push(row))).toBe(seen.length);
    expect(seen.length).toBeGreaterThanOrEqual(2);
    expect(seen).toEqual(await db.select<Row>(sql));
    expect(await db.eachRow('SELECT id FROM people WHERE id < 0', () => seen.push({} as Row))).toBe(0);
  });

  it('eachRow: a failing statement or a throwing callback rejects, the connection goes back idle, and reads go on', async () => {
    const error = await db.eachRow('SELECT nothing FROM no_such_table', () => undefined).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(DatabaseError);
    expect((error as DatabaseError).parent).toMatchObject({ code: db.dialect === 'mysql' ? 'ER_NO_SUCH_TABLE' : 'SQLITE_ERROR' });
    let calls = 0;
    const thrown = await db
      .eachRow('SELECT id FROM people', () => {
        calls += 1;
        throw new RangeError('not this row');
      })
      .catch((e: unknown) => e);
    expect(thrown).toBeInstanceOf(RangeError);
    expect(calls).toBe(1); // no row after the one that threw
    // 30 reads at once on a pool of 2: each connection was given back, none left mid-statement.
    const counts = await Promise.all(Array.from({ length: 30 }, () => db.eachRow('SELECT id FROM people', () => undefined)));
    expect(new Set(counts).size).toBe(1);
    expect(counts[0]).toBeGreaterThanOrEqual(2);
    expect(db.pool().inUse).toBe(0);
  });

  // SQLite has no connection to lose.
  if (_name === 'MariaDB') it('eachRow rejects, rather than waiting for ever, when the connection is lost mid-statement', async () => {
    let killed: Promise<unknown> | null = null;
    const read = db.eachRow<{ seq: number; cid: number }>('SELECT seq, CONNECTION_ID() AS cid FROM seq_1_to_2000000', (row) => {
      // From the pool's other connection: the server ends this one while its rows are still coming.
      killed ??= db.sequelize.query(`KILL CONNECTION ${Number(row.cid)}`);
    });
    const error = await read.catch((e: unknown) => e);
    await killed;
    expect(error).toBeInstanceOf(DatabaseError);
    expect(isDatabaseUnavailable(error)).toBe(true);
    expect(await db.select('SELECT 1 AS one')).toEqual([{ one: 1 }]);
  });

  it('fails as Sequelize fails (a DatabaseError with the driver’s error), gives its connection back, and keeps answering', async () => {
    const error = await db.select('SELECT nothing FROM no_such_table').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(DatabaseError);
    expect((error as DatabaseError).parent).toMatchObject({ code: db.dialect === 'mysql' ? 'ER_NO_SUCH_TABLE' : 'SQLITE_ERROR' });
    expect(isDatabaseUnavailable(error)).toBe(false);
    // 30 reads at once on a pool of 2: each connection is given back after its statement.
    const counts = await Promise.all(Array.from({ length: 30 }, (_, i) => db.select<{ n: number }>('SELECT COUNT(*) AS n FROM people WHERE id > :i', { i: i % 2 })));
    expect(counts.every(([row]) => Number(row!.n) >= 2)).toBe(true);
    expect(db.pool().inUse).toBe(0);
  });
});
