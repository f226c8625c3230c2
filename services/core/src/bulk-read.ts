// Reads of thousands of rows on a request's path (the matcher's postings and reputations of
// everyone within reach). Sequelize's SELECT copies every row into a new object and escapes an
// IN-list's values one by one; at 5,000–8,000 rows a read those cost more of the gateway's CPU
// than the driver's parse (bench/scale.bench.mjs, my-matches).
import type { Transaction } from 'sequelize';
import type { Database } from './database';

/**
 * The rows of a SELECT as the driver returns them (one plain object per row, columns as
 * named in the SQL; no copy): for reads of many rows. `sql` is run as it is: put values in it
 * only through `idList`.
 */
export function selectRows<T extends object>(db: Database, sql: string, t?: Transaction): Promise<T[]> {
  return db.select<T>(sql, undefined, t);
}

/**
 * Integer ids as an SQL list (`1,2,3`), to put inside `IN (…)` without escaping each: throws a
 * TypeError on anything but a safe integer, so nothing else reaches the SQL. Empty ids give
 * `NULL` (`IN (NULL)` matches no row).
 */
export function idList(ids: Iterable<number>): string {
  const list = Array.isArray(ids) ? (ids as readonly number[]) : [...ids];
  for (const id of list) if (!Number.isSafeInteger(id)) throw new TypeError(`idList: ${String(id)} is not an integer id.`);
  // join writes one flat string; appending id by id made a string object per id (45,000 at 3°).
  return list.length === 0 ? 'NULL' : list.join(',');
}
