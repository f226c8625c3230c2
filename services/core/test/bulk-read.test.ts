// selectRows and idList: the reads of thousands of rows the matcher makes (on SQLite here; the
// API suites run them on MariaDB too).
import { idList, openDatabase, selectRows, type Database } from '../src';

describe('idList', () => {
  it('writes integer ids as an SQL list, and an empty list as NULL (matches nothing)', () => {
    expect(idList([3, 1, 2])).toBe('3,1,2');
    expect(idList(new Set([7]))).toBe('7');
    expect(idList([])).toBe('NULL');
  });

  it('refuses anything but a safe integer, so nothing else reaches the SQL', () => {
    expect(() => idList([1, 2.5])).toThrow(new TypeError('idList: 2.5 is not an integer id.'));
    expect(() => idList([Number.NaN])).toThrow(TypeError);
    expect(() => idList([2 ** 53])).toThrow(TypeError);
    expect(() => idList(['1) OR (1=1' as unknown as number])).toThrow(TypeError);
  });
});

describe('selectRows', () => {
  let db: Database;
  beforeAll(async () => {
    db = await openDatabase('sqlite::memory:');
    await db.sequelize.query('CREATE TABLE t (id INTEGER PRIMARY KEY, score REAL NOT NULL)');
    await db.sequelize.query('INSERT INTO t (id, score) VALUES (1, 0.5), (2, 7), (3, 12.25)');
  });
  afterAll(() => db.close());

  it('returns the rows of a SELECT as plain objects named by its columns', async () => {
    expect(await selectRows(db, `SELECT id, score FROM t WHERE id IN (${idList([3, 1])}) ORDER BY id`)).toEqual([
      { id: 1, score: 0.5 },
      { id: 3, score: 12.25 },
    ]);
  });

  it('returns no rows for an empty id list', async () => {
    expect(await selectRows(db, `SELECT id FROM t WHERE id IN (${idList([])})`)).toEqual([]);
  });
});
