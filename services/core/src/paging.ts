// Paging of every list endpoint (issue 18): `?limit=&cursor=`, the next page in a Link header,
// so list bodies stay bare JSON arrays (DESIGN §3).
import type { Request, Response } from 'express';
import { Op, type WhereOptions } from 'sequelize';
import type { Dialect } from './database';
import { problems } from './problems';

/** Where a page starts: after the row with this sort key (an instant, or null) and id. */
export interface Cursor {
  at: string | null;
  id: number;
}

export interface PageRequest {
  limit: number;
  after: Cursor | null;
}

export interface PageLimits {
  /** Rows when the client names no limit. */
  defaultLimit: number;
  /** The largest limit accepted. */
  maxLimit: number;
}

/** The limits every list uses unless it says otherwise (documented in the OpenAPI document). */
export const DEFAULT_PAGE_LIMITS: PageLimits = { defaultLimit: 50, maxLimit: 100 };

const single = (value: unknown): string | undefined => (typeof value === 'string' ? value : undefined);

export function encodeCursor(cursor: Cursor): string {
  return Buffer.from(JSON.stringify([cursor.at, cursor.id])).toString('base64url');
}

function decodeCursor(raw: string): Cursor | null {
  try {
    const value: unknown = JSON.parse(Buffer.from(raw, 'base64url').toString('utf8'));
    if (!Array.isArray(value) || value.length !== 2) return null;
    const [at, id] = value as unknown[];
    if (!Number.isSafeInteger(id) || (at !== null && (typeof at !== 'string' || Number.isNaN(Date.parse(at))))) return null;
    return { at: at as string | null, id: id as number };
  } catch {
    return null;
  }
}

/**
 * `?limit=` (1…maxLimit, default defaultLimit) and `?cursor=` (opaque, from a Link header), or a
 * 400 saying which is wrong.
 */
export function parsePage(query: Request['query'], limits: PageLimits = DEFAULT_PAGE_LIMITS): PageRequest {
  const rawLimit = query.limit;
  let limit = limits.defaultLimit;
  if (rawLimit !== undefined) {
    const text = single(rawLimit);
    if (text === undefined || !/^\d{1,6}$/.test(text) || Number(text) < 1 || Number(text) > limits.maxLimit) {
      const message = `The limit must be a whole number from 1 to ${limits.maxLimit}.`;
      throw problems.badRequest(message, [{ field: 'limit', message }]);
    }
    limit = Number(text);
  }
  const rawCursor = query.cursor;
  let after: Cursor | null = null;
  if (rawCursor !== undefined) {
    const text = single(rawCursor);
    after = text && text.length <= 200 ? decodeCursor(text) : null;
    if (!after) {
      const message = 'The cursor is not one this list gave out: start again without it.';
      throw problems.badRequest(message, [{ field: 'cursor', message }]);
    }
  }
  return { limit, after };
}

/**
 * Sends one page of `rows` (fetched with `limit + 1`, so a further row proves a next page):
 * the first `limit` as a bare JSON array, and when more follow, `Link: <…>; rel="next"` with
 * the same path and query and the cursor of the last row sent.
 */
export function sendPage<T>(req: Request, res: Response, rows: T[], page: PageRequest, cursorOf: (row: T) => Cursor): void {
  const { body, headers } = pageAnswer(req, rows, page, cursorOf);
  if (headers) res.setHeader('Link', headers.Link);
  res.json(body);
}

/** What sendPage sends, for a cached read (MemberReadCache): the page's rows and its Link header when more follow. */
export function pageAnswer<T>(req: Request, rows: T[], page: PageRequest, cursorOf: (row: T) => Cursor): { body: T[]; headers?: { Link: string } } {
  const items = rows.slice(0, page.limit);
  if (rows.length > page.limit && items.length > 0) {
    const url = new URL(req.originalUrl, 'http://localhost');
    url.searchParams.set('limit', String(page.limit));
    url.searchParams.set('cursor', encodeCursor(cursorOf(items[items.length - 1]!)));
    return { body: items, headers: { Link: `<${url.pathname}${url.search}>; rel="next"` } };
  }
  return { body: items };
}

/**
 * The rows after `after` in a list ordered by `column` DESC, id DESC (keyset paging: no
 * OFFSET, so a page costs the same however deep it is). Empty when there is no cursor.
 */
export function keysetAfter(after: Cursor | null, column: string): WhereOptions {
  if (!after) return {};
  if (after.at === null) return { [column]: null, id: { [Op.lt]: after.id } };
  const at = new Date(after.at);
  return { [Op.or]: [{ [column]: { [Op.lt]: at } }, { [column]: at, id: { [Op.lt]: after.id } }] };
}

/**
 * A cursor's instant as a raw-query replacement that compares exactly with a stored DATE(3)
 * column: a Date replacement loses its milliseconds on MySQL, and SQLite compares the text
 * Sequelize stored ("YYYY-MM-DD HH:MM:SS.mmm +00:00").
 */
export function instantReplacement(dialect: Dialect, at: string | null): string {
  const iso = new Date(at ?? 0).toISOString();
  const text = `${iso.slice(0, 10)} ${iso.slice(11, 23)}`;
  return dialect === 'sqlite' ? `${text} +00:00` : text;
}

/** Orders two cursors as the lists do: newer instant first, then higher id (null instants last). */
function isAfter(row: Cursor, after: Cursor): boolean {
  if (row.at === after.at) return row.id < after.id;
  if (row.at === null) return true;
  if (after.at === null) return false;
  return Date.parse(row.at) < Date.parse(after.at) || (Date.parse(row.at) === Date.parse(after.at) && row.id < after.id);
}

/**
 * One page (limit + 1 rows, for sendPage) of a list already held in memory and ordered like the
 * SQL lists (instant DESC, id DESC): for lists built by filtering in code, whose size is bounded
 * by something else (a member's own requests, one request's suggestions).
 */
export function pageOf<T>(rows: T[], page: PageRequest, cursorOf: (row: T) => Cursor): T[] {
  const after = page.after;
  const start = after ? rows.findIndex((row) => isAfter(cursorOf(row), after)) : 0;
  return start < 0 ? [] : rows.slice(start, start + page.limit + 1);
}
