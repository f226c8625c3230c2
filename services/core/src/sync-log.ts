// The sync log (issue 45): what a mobile app's copy of a list needs to follow the server's, in the
// order the changes COMMITTED. `?updated_since=` compares a stamp taken before the commit, so on
// MariaDB a slow transaction commits an older stamp after a faster one was read, and a client that
// passes the newest stamp it holds never sees it (7 of 90 vouches lost in the run).
//
// Every write that changes an item of a synced list records a change (`recordChanges`) in its own
// transaction. The rows are written last, just before the commit (`db.beforeCommit`), with one
// number taken from a one-row counter (`sync_clock`): the UPDATE of that row holds its lock until
// the commit, so the next transaction can only take the next number once this one has committed.
// Numbers are therefore given out in commit order, and whatever a reader sees committed is every
// number up to the counter's committed value: a reader that has delivered everything up to n
// never finds a change numbered n or less later. No clock, no bound on a transaction's length.
// The price: writes that record changes take turns for the last few statements before their
// commit (docs/api-versioning.md, "Sync", has the reasoning and the alternatives).
//
// A client holds an opaque token: where its copy stands (the number delivered up to), when that
// was read, and whose copy it is (a fingerprint of the audience: a member changing phone gets
// another copy of the vouches sent to their phone, and a token of the old one answers 410 rather
// than hand on the old copy's changes as the new one's). A token older than SYNC_TOKEN_DAYS answers 410 SYNC_TOKEN_EXPIRED; the log keeps
// rows a day longer than that, so a token still valid finds every change after it, removals
// (tombstones) included.
import { createHash } from 'node:crypto';
import type { Request } from 'express';
import { DataTypes, QueryTypes, type Transaction } from 'sequelize';
import { isDatabaseBusy, type Database } from './database';
import type { Migration } from './migrations';
import { parsePage, type PageLimits, DEFAULT_PAGE_LIMITS } from './paging';
import { Problem, problems } from './problems';

const CLOCK = 'sync_clock';
const LOG = 'sync_changes';

/** The sync log's tables, owned by services/core (every service records into it). */
export const SYNC_MIGRATIONS: Migration[] = [
  {
    name: '202612040000-core-sync-log',
    async up({ queryInterface, sequelize, dialect }) {
      await queryInterface.createTable(CLOCK, {
        id: { type: DataTypes.INTEGER, primaryKey: true, allowNull: false },
        // The number of the last change committed (all below it are committed too).
        seq: { type: DataTypes.BIGINT, allowNull: false },
      });
      await sequelize.query(`INSERT INTO ${CLOCK} (id, seq) VALUES (1, 0)`);
      await queryInterface.createTable(LOG, {
        // SQLite autoincrements only an INTEGER key (64-bit there anyway).
        id: { type: dialect === 'mysql' ? DataTypes.BIGINT : DataTypes.INTEGER, primaryKey: true, autoIncrement: true, allowNull: false },
        // Commit order: every change of one transaction has the same number.
        seq: { type: DataTypes.BIGINT, allowNull: false },
        // Whose copy it is: 'm:<member id>', or 'p:<E.164 phone>' for what is addressed to a phone.
        audience: { type: DataTypes.STRING(48), allowNull: false },
        // Which list ('vouches/sent', 'introductions', …; 'members' for a member's own record).
        list: { type: DataTypes.STRING(32), allowNull: false },
        object_id: { type: DataTypes.BIGINT, allowNull: false },
        // Null: the item changed (read it as it now is). Else the item is gone, and why.
        removed: { type: DataTypes.STRING(32), allowNull: true },
        created_at: { type: DataTypes.DATE(3), allowNull: false },
      });
      await queryInterface.addIndex(LOG, ['audience', 'list', 'seq'], { name: 'sync_changes_reader' });
      await queryInterface.addIndex(LOG, ['list', 'object_id'], { name: 'sync_changes_object' });
      await queryInterface.addIndex(LOG, ['created_at'], { name: 'sync_changes_created' });
    },
    async down({ queryInterface }) {
      await queryInterface.dropTable(LOG);
      await queryInterface.dropTable(CLOCK);
    },
  },
];

/** Why an item left a copy for good: its other party deleted their account. More may be added. */
export const SYNC_REMOVAL_REASONS = ['account_deleted'] as const;
export type SyncRemoval = (typeof SYNC_REMOVAL_REASONS)[number];

/** One change of one item, for one member's copy of one list. */
export interface SyncChange {
  audience: string;
  list: string;
  objectId: number;
  /** Set when the item is gone: the copy drops it (a tombstone). */
  removed?: SyncRemoval | null;
}

/** A member's copy. */
export const memberAudience = (memberId: number): string => `m:${memberId}`;
/** The copy of whoever holds this phone (what was sent to a phone before its holder joined). */
export const phoneAudience = (phone: string): string => `p:${phone}`;

/** The list a rename is recorded on (object: the member): lists that show other members' names read it. */
export const MEMBER_RECORDS = 'members';
/** Audience of a change everyone may read (a member's name). */
export const EVERYONE = '*';

const pendingChanges = new WeakMap<Transaction, SyncChange[]>();

/**
 * Records `changes` in transaction `t`: they are written just before it commits, numbered in commit
 * order, and only if it commits. Call it from the write that changes the items, once or more.
 */
export function recordChanges(db: Database, t: Transaction, changes: readonly SyncChange[]): void {
  if (changes.length === 0) return;
  let pending = pendingChanges.get(t);
  if (!pending) {
    const list: SyncChange[] = [];
    pendingChanges.set(t, (pending = list));
    db.beforeCommit(t, () => writeChanges(db, t, list));
    t.afterCommit(() => purgeNowAndThen(db));
  }
  pending.push(...changes);
}

/** Rows per INSERT: a rename's fan-out may be long. */
const INSERT_BATCH = 500;

/** Takes the next number (the counter's row stays locked until `t` commits), then writes the rows. */
async function writeChanges(db: Database, t: Transaction, changes: readonly SyncChange[]): Promise<void> {
  const seq = await nextNumber(db, t);
  const now = new Date();
  for (let i = 0; i < changes.length; i += INSERT_BATCH) {
    const batch = changes.slice(i, i + INSERT_BATCH);
    await db.sequelize.query(`INSERT INTO ${LOG} (seq, audience, list, object_id, removed, created_at) VALUES ${batch.map(() => '(?, ?, ?, ?, ?, ?)').join(', ')}`, {
      replacements: batch.flatMap((c) => [seq, c.audience, c.list, c.objectId, c.removed ?? null, now]),
      transaction: t,
    });
  }
}

async function nextNumber(db: Database, t: Transaction): Promise<number> {
  if (db.dialect === 'mysql') {
    // LAST_INSERT_ID(expr) hands the new value back in the statement's own answer: one round trip.
    const [result] = await db.sequelize.query(`UPDATE ${CLOCK} SET seq = LAST_INSERT_ID(seq + 1) WHERE id = 1`, { transaction: t });
    return Number((result as unknown as { insertId: number }).insertId);
  }
  await db.sequelize.query(`UPDATE ${CLOCK} SET seq = seq + 1 WHERE id = 1`, { transaction: t });
  const [row] = await db.sequelize.query<{ seq: number | string }>(`SELECT seq FROM ${CLOCK} WHERE id = 1`, { type: QueryTypes.SELECT, transaction: t });
  return Number(row!.seq);
}

/** The number of the last committed change: everything up to it is committed and readable. */
export async function committedThrough(db: Database): Promise<number> {
  const [row] = await db.select<{ seq: number | string }>(`SELECT seq FROM ${CLOCK} WHERE id = 1`);
  return Number(row?.seq ?? 0);
}

// ---------------------------------------------------------------------------------------------
// Tokens

const DAY_MS = 24 * 60 * 60 * 1000;
/** How long a token stays valid by default (SYNC_TOKEN_DAYS). */
export const DEFAULT_SYNC_TOKEN_DAYS = 30;
/** The log keeps a row this much longer than a token lives: clocks of instances may differ a little. */
const KEEP_MARGIN_MS = DAY_MS;

/** SYNC_TOKEN_DAYS (whole days, at least 1), else 30. */
export function syncTokenDays(env: NodeJS.ProcessEnv): number {
  const days = Number(env.SYNC_TOKEN_DAYS);
  return Number.isInteger(days) && days >= 1 ? days : DEFAULT_SYNC_TOKEN_DAYS;
}

/** The token window of the sync routes built on each database in this process (the longest, if several). */
const tokenWindows = new WeakMap<Database, number>();

/**
 * The token window, from the service context's config (SYNC_TOKEN_DAYS of ctx.env): what a sync
 * route passes to syncPage. It is also the window the log's purge keeps on `ctx.db`: the tokens
 * and the purge read one setting. A process that built no sync route on a database does not purge
 * it (it knows no window; the processes that answer syncs do).
 */
export function syncTokenWindow(ctx: { db: Database; env: NodeJS.ProcessEnv }): { tokenDays: number } {
  const tokenDays = syncTokenDays(ctx.env);
  tokenWindows.set(ctx.db, Math.max(tokenWindows.get(ctx.db) ?? 0, tokenDays));
  return { tokenDays };
}

/** The window the purge keeps on `db` (syncTokenWindow), or null where no sync route was built on it. */
export const purgeWindowDays = (db: Database): number | null => tokenWindows.get(db) ?? null;

/** Where a copy stands, as a token encodes it. */
interface SyncPosition {
  list: string;
  /** Whose copy: audienceFingerprint of the audience the token was given to. */
  copy: string;
  /** Every change numbered up to this is in the copy. */
  from: number;
  /** When `from` was read (ms): the token's age. */
  fromAt: number;
  /** While a pass is under way: the number it goes up to, and when that was read. */
  to: number | null;
  toAt: number | null;
  /** Within a pass: the last change delivered (number, row id); in the first pass [0, last item id]. */
  after: [number, number] | null;
  /** The first pass: the list's items as they are, by id, then the changes from `to` on. */
  full: boolean;
}

/** v1 tokens did not say whose copy they were: they answer 410 (start again). */
const TOKEN_PREFIX = 'v2.';
const OLDER_TOKEN_PREFIX = 'v1.';

/**
 * Whose copy a token is, without naming it (a token travels in URLs, and an audience may be a
 * phone number): 24 bits of its SHA-256. Enough to tell a phone change (1 in 16.7 million goes
 * unseen), too few to find the number back (each fingerprint fits thousands of numbers).
 */
const audienceFingerprint = (audience: string): string => createHash('sha256').update(audience).digest('base64url').slice(0, 4);

function encodeToken(p: SyncPosition): string {
  const fields = [p.list, p.copy, p.full ? 1 : 0, p.from, p.fromAt, p.to, p.toAt, p.after?.[0] ?? null, p.after?.[1] ?? null];
  return TOKEN_PREFIX + Buffer.from(JSON.stringify(fields)).toString('base64url');
}

const whole = (value: unknown): value is number => Number.isSafeInteger(value) && (value as number) >= 0;
const wholeOrNull = (value: unknown): value is number | null => value === null || whole(value);

function decodeToken(raw: string): SyncPosition | null {
  if (!raw.startsWith(TOKEN_PREFIX) || raw.length > 300) return null;
  try {
    const fields: unknown = JSON.parse(Buffer.from(raw.slice(TOKEN_PREFIX.length), 'base64url').toString('utf8'));
    if (!Array.isArray(fields) || fields.length !== 9) return null;
    const [list, copy, full, from, fromAt, to, toAt, afterSeq, afterId] = fields as unknown[];
    if (typeof list !== 'string' || typeof copy !== 'string' || (full !== 0 && full !== 1) || !whole(from) || !whole(fromAt) || !wholeOrNull(to) || !wholeOrNull(toAt) || !wholeOrNull(afterSeq) || !wholeOrNull(afterId)) return null;
    if ((to === null) !== (toAt === null) || (afterSeq === null) !== (afterId === null) || (full === 1 && to === null)) return null;
    return { list, copy, full: full === 1, from, fromAt, to, toAt, after: afterSeq === null ? null : [afterSeq, afterId as number] };
  } catch {
    return null;
  }
}

export const SYNC_TOKEN_INVALID_MESSAGE = 'The sync_token is not one this list gave out: sync again without it.';
export const SYNC_TOKEN_EXPIRED_MESSAGE = 'The sync_token has expired: sync again without it (the whole list, in pages), then keep the new token.';
export const SYNC_TOKEN_OTHER_COPY_MESSAGE = 'The sync_token was given for another copy of this list (the phone number changed since, or another member): sync again without it (the whole list, in pages), then keep the new token.';
const expired = (message: string) => new Problem(410, message, { code: 'SYNC_TOKEN_EXPIRED' });

/** `?sync_token=` (absent: start from the whole list) and `?limit=`, or a 400 saying which is wrong. */
export function parseSyncQuery(query: Request['query'], list: string, limits: PageLimits = DEFAULT_PAGE_LIMITS): { token: SyncPosition | null; limit: number } {
  const { limit } = parsePage({ limit: query.limit }, limits);
  const raw = query.sync_token;
  if (raw === undefined) return { token: null, limit };
  if (typeof raw === 'string' && raw.startsWith(OLDER_TOKEN_PREFIX)) throw expired(SYNC_TOKEN_EXPIRED_MESSAGE);
  const token = typeof raw === 'string' ? decodeToken(raw) : null;
  if (!token || token.list !== list) throw problems.badRequest(SYNC_TOKEN_INVALID_MESSAGE, [{ field: 'sync_token', message: SYNC_TOKEN_INVALID_MESSAGE }], 'SYNC_TOKEN_INVALID');
  return { token, limit };
}

// ---------------------------------------------------------------------------------------------
// Reading

/** An item a copy must drop: its id, and why (the wire's RemovedItem). */
export interface RemovedItem {
  id: number;
  removed: true;
  reason: SyncRemoval;
  detail: string;
}

const REMOVAL_DETAILS: Record<SyncRemoval, string> = {
  account_deleted: 'This was removed because a member it involved deleted their account.',
};

export const removedItem = (id: number, reason: SyncRemoval): RemovedItem => ({ id, removed: true, reason, detail: REMOVAL_DETAILS[reason] });

/** What GET of a removed item by id answers (410), the sync's removed item said as a problem. */
export const removalProblem = (reason: SyncRemoval): Problem => problems.gone(REMOVAL_DETAILS[reason], REMOVAL_CODES[reason]);
const REMOVAL_CODES = { account_deleted: 'DELETED_WITH_ACCOUNT' } as const satisfies Record<SyncRemoval, string>;

/**
 * Changes of another list that change this list's items: a member's rename changes every
 * introduction that shows their name. `objectIds` are the other list's objects to watch (the
 * members the copy shows); `itemsOf` names this list's items each one changes.
 */
export interface RelatedChanges {
  list: string;
  audience: string;
  objectIds: readonly number[];
  itemsOf(objectId: number): readonly number[];
}

/**
 * One member's synced list, as the service that owns it reads it. syncPage calls these only after
 * it has read the committed number: read the items when called, never before (a change committed
 * in between would otherwise be delivered as it was before).
 */
export interface SyncedList<T> {
  /** The log's name for the list (a token of one list is refused by another). */
  list: string;
  audience: string;
  /** The first pass: the list's items with an id above `afterId`, in any state, by id ascending, at most `rows`. */
  itemsAfter(afterId: number, rows: number): Promise<T[]>;
  /** These items as they now are; an id not returned is gone (the copy drops it). */
  itemsByIds(ids: readonly number[]): Promise<T[]>;
  idOf(item: T): number;
  related?: () => Promise<RelatedChanges>;
}

/** One answer of a sync (the wire's envelope): the changes, the token to pass next, whether more wait now. */
export interface SyncAnswer<T> {
  changes: (T | RemovedItem)[];
  nextSyncToken: string;
  hasMore: boolean;
}

export interface SyncOptions {
  now: Date;
  tokenDays: number;
}

interface LogRow {
  id: number;
  seq: number;
  objectId: number;
  removed: SyncRemoval | null;
  list: string;
}

const toLogRow = (r: Record<string, unknown>): LogRow => ({
  id: Number(r.id),
  seq: Number(r.seq),
  objectId: Number(r.objectId),
  removed: (r.removed as SyncRemoval | null) ?? null,
  list: String(r.list),
});

/**
 * The log's rows of one audience and list numbered after `from` up to `to`, past `after` (the last
 * row delivered in this pass, if any), in commit order: at most `rows`.
 */
async function logRows(db: Database, where: { audience: string; list: string; objectIds?: readonly number[] }, range: { from: number; to: number; after: [number, number] | null }, rows: number): Promise<LogRow[]> {
  const objects = where.objectIds ? ` AND object_id IN (${where.objectIds.map(() => '?').join(', ') || 'NULL'})` : '';
  const [afterSeq, afterId] = range.after ?? [range.from, 0];
  const found = await db.select<Record<string, unknown>>(
    `SELECT id, seq, object_id AS objectId, removed, list FROM ${LOG}
      WHERE audience = ? AND list = ?${objects} AND seq > ? AND seq <= ? AND (seq > ? OR (seq = ? AND id > ?))
      ORDER BY seq, id LIMIT ${Number(rows)}`,
    [where.audience, where.list, ...(where.objectIds ?? []), range.from, range.to, afterSeq, afterSeq, afterId],
  );
  return found.map(toLogRow);
}

const byPosition = (a: LogRow, b: LogRow) => a.seq - b.seq || a.id - b.id;

/**
 * One answer of `GET …/sync`: without a token the list's items as they are (by id, in pages),
 * then from the token on what changed, in commit order: each changed item as it now is, a
 * removed one as a RemovedItem. `hasMore`: call again at once with `nextSyncToken`; otherwise
 * keep it for the next sync. An item may come twice within a sync (it changed again meanwhile):
 * the copy replaces it by id.
 */
export async function syncPage<T>(db: Database, list: SyncedList<T>, request: { token: SyncPosition | null; limit: number }, options: SyncOptions): Promise<SyncAnswer<T>> {
  const now = options.now.getTime();
  const { token, limit } = request;
  const committed = await committedThrough(db);
  if (token && (now - token.fromAt > options.tokenDays * DAY_MS || (token.to ?? token.from) > committed)) {
    // Too old (its changes may be purged), or from another database (restored, reset).
    throw expired(SYNC_TOKEN_EXPIRED_MESSAGE);
  }
  const copy = audienceFingerprint(list.audience);
  // Another copy's position (a phone changed: the vouches to the old phone are not the new one's).
  if (token && token.copy !== copy) throw expired(SYNC_TOKEN_OTHER_COPY_MESSAGE);
  if (!token || token.full) {
    // The first pass takes the number before it reads: whatever commits later comes again as a change.
    const to = token?.to ?? committed;
    const toAt = token?.toAt ?? now;
    const items = await list.itemsAfter(token?.after?.[1] ?? 0, limit + 1);
    const page = items.slice(0, limit);
    if (items.length > limit) {
      const last = list.idOf(page[page.length - 1]!);
      return { changes: page, hasMore: true, nextSyncToken: encodeToken({ list: list.list, copy, full: true, from: to, fromAt: toAt, to, toAt, after: [0, last] }) };
    }
    return { changes: page, hasMore: false, nextSyncToken: encodeToken({ list: list.list, copy, full: false, from: to, fromAt: toAt, to: null, toAt: null, after: null }) };
  }

  const to = token.to ?? committed;
  const toAt = token.toAt ?? now;
  const range = { from: token.from, to, after: token.after };
  const related = list.related ? await list.related() : null;
  const [own, others] = await Promise.all([
    logRows(db, { audience: list.audience, list: list.list }, range, limit + 1),
    related && related.objectIds.length > 0 ? logRows(db, { audience: related.audience, list: related.list, objectIds: related.objectIds }, range, limit + 1) : Promise.resolve([]),
  ]);
  const rows = [...own, ...others].sort(byPosition);
  const page = rows.slice(0, limit);
  const more = rows.length > limit;

  // Each item once, where its latest change in this page puts it.
  const latest = new Map<number, { position: number; removed: SyncRemoval | null }>();
  page.forEach((row, position) => {
    const ids = row.list === list.list ? [row.objectId] : (related?.itemsOf(row.objectId) ?? []);
    for (const id of ids) latest.set(id, { position, removed: row.list === list.list ? row.removed : null });
  });
  const ordered = [...latest.entries()].sort(([, a], [, b]) => a.position - b.position);
  const current = new Map((await list.itemsByIds(ordered.filter(([, c]) => !c.removed).map(([id]) => id))).map((item) => [list.idOf(item), item]));
  const changes: (T | RemovedItem)[] = ordered.map(([id, c]) => current.get(id) ?? removedItem(id, c.removed ?? 'account_deleted'));

  if (more) {
    const last = page[page.length - 1]!;
    return { changes, hasMore: true, nextSyncToken: encodeToken({ list: list.list, copy, full: false, from: token.from, fromAt: token.fromAt, to, toAt, after: [last.seq, last.id] }) };
  }
  return { changes, hasMore: false, nextSyncToken: encodeToken({ list: list.list, copy, full: false, from: to, fromAt: toAt, to: null, toAt: null, after: null }) };
}

/**
 * Why an item the member could open is gone (GET of it by id then says so instead of a bare
 * 404), while the log still holds its removal; null otherwise.
 */
export async function removalOf(db: Database, lists: readonly string[], objectId: number, audiences: readonly string[]): Promise<SyncRemoval | null> {
  if (lists.length === 0 || audiences.length === 0) return null;
  const [row] = await db.select<{ removed: string }>(
    `SELECT removed FROM ${LOG} WHERE list IN (${lists.map(() => '?').join(', ')}) AND object_id = ? AND audience IN (${audiences.map(() => '?').join(', ')}) AND removed IS NOT NULL LIMIT 1`,
    [...lists, objectId, ...audiences],
  );
  return row ? (row.removed as SyncRemoval) : null;
}

/** A deleted member's own copies: their rows go with the account (the log keeps no trace of them). */
export async function forgetSyncAudiences(db: Database, t: Transaction, audiences: readonly string[]): Promise<void> {
  if (audiences.length === 0) return;
  await db.sequelize.query(`DELETE FROM ${LOG} WHERE audience IN (${audiences.map(() => '?').join(', ')})`, { replacements: [...audiences], transaction: t });
}

// ---------------------------------------------------------------------------------------------
// Purging

const PURGE_BATCH = 1000;

/**
 * Deletes up to 1,000 rows recorded more than `keepDays` + 1 day before `now`: no token still
 * valid needs them (a token expires after `keepDays`). Returns how many went.
 */
export async function purgeSyncLog(db: Database, now: Date, keepDays: number): Promise<number> {
  const before = new Date(now.getTime() - keepDays * DAY_MS - KEEP_MARGIN_MS);
  // The doubled subquery: MySQL refuses a DELETE whose subquery reads the same table directly.
  const sql = `DELETE FROM ${LOG} WHERE id IN (SELECT id FROM (SELECT id FROM ${LOG} WHERE created_at < :before ORDER BY created_at LIMIT ${PURGE_BATCH}) AS old)`;
  // In a transaction: on SQLite that queues behind the process's writer like every write. A bulk
  // delete's answer is the number of rows gone, on either database.
  const deleted = await db.transaction((t) => db.sequelize.query(sql, { replacements: { before }, transaction: t, type: QueryTypes.BULKDELETE }));
  return Number(deleted);
}

/** How often one process purges, at most: the first recording commit after this long does it. */
const PURGE_INTERVAL_MS = 60_000;
const lastPurge = new WeakMap<Database, number>();

function purgeNowAndThen(db: Database): void {
  const keepDays = purgeWindowDays(db);
  if (keepDays === null) return;
  const now = Date.now();
  const last = lastPurge.get(db);
  if (last !== undefined && now - last < PURGE_INTERVAL_MS) return;
  lastPurge.set(db, now);
  purgeSyncLog(db, new Date(now), keepDays).catch((error: unknown) => {
    // Lost a lock race with the writes, or the database is closing: the next purge takes the rest.
    if (!isDatabaseBusy(error)) lastPurge.delete(db);
  });
}
