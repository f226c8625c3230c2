// Incremental sync of the lists (issue 29): `?updated_since=<ISO date-time>` answers the items
// changed at or after that instant, oldest change first, paged like every list (limit, cursor,
// Link rel="next"), so an app keeps its copy without reloading page 1.
import type { Request } from 'express';
import { Op, type WhereOptions } from 'sequelize';
import type { Cursor, PageRequest } from './paging';
import { problems } from './problems';

/** An ISO 8601 date-time with its time zone (Z or ±hh:mm): a local time would mean a different instant per client. */
const ISO_DATE_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(?::\d{2}(?:\.\d{1,9})?)?(?:Z|[+-]\d{2}:\d{2})$/i;

export const UPDATED_SINCE_MESSAGE = 'updated_since must be an ISO 8601 date-time with a time zone, e.g. 2026-11-27T09:30:00Z.';

/** `?updated_since=`: the instant, null when absent, or a 400 saying what it must look like. */
export function parseUpdatedSince(query: Request['query']): Date | null {
  const raw = query.updated_since;
  if (raw === undefined) return null;
  const at = typeof raw === 'string' && ISO_DATE_TIME.test(raw) ? new Date(raw) : null;
  if (!at || Number.isNaN(at.getTime())) throw problems.badRequest(UPDATED_SINCE_MESSAGE, [{ field: 'updated_since', message: UPDATED_SINCE_MESSAGE }]);
  return at;
}

/** Where a sync page continues: after the last item's change (its updatedAt, then id). */
export const changeCursor = (row: { updatedAt: string; id: number }): Cursor => ({ at: row.updatedAt, id: row.id });

/**
 * The WHERE of a sync page over the model attribute `attribute` (a DATE(3) column with an index
 * that starts with the list's owner): changed at or after `since`, after the page's cursor.
 * Order by CHANGED_FIRST(attribute) and fetch limit + 1 rows (for sendPage).
 */
export function changedSinceWhere(attribute: string, since: Date, after: Cursor | null): WhereOptions {
  const from = { [attribute]: { [Op.gte]: since } };
  if (!after) return from;
  const at = new Date(after.at ?? 0);
  return { [Op.and]: [from, { [Op.or]: [{ [attribute]: { [Op.gt]: at } }, { [attribute]: at, id: { [Op.gt]: after.id } }] }] };
}

/** Oldest change first: the order of a sync page. */
export const changedFirst = (attribute: string): [string, 'ASC'][] => [
  [attribute, 'ASC'],
  ['id', 'ASC'],
];

/**
 * One sync page (limit + 1 rows, for sendPage) of a list already held in memory: the rows
 * changed at or after `since`, oldest change first, after the page's cursor. For the lists
 * built in code, whose size a member's own activity bounds.
 */
export function changedSinceOf<T>(rows: readonly T[], since: Date, page: PageRequest, changeOf: (row: T) => Cursor): T[] {
  const at = (cursor: Cursor) => Date.parse(cursor.at ?? '');
  const after = page.after;
  return rows
    .filter((row) => at(changeOf(row)) >= since.getTime())
    .sort((a, b) => at(changeOf(a)) - at(changeOf(b)) || changeOf(a).id - changeOf(b).id)
    .filter((row) => {
      if (!after) return true;
      const cursor = changeOf(row);
      return at(cursor) > at(after) || (at(cursor) === at(after) && cursor.id > after.id);
    })
    .slice(0, page.limit + 1);
}
