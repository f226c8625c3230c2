// Idempotent writes (issue 29): a POST under /api that carries `Idempotency-Key` runs once; a
// retry with the same key and body gets the first answer again (Stripe's semantics, and the
// IETF draft "The Idempotency-Key HTTP Header Field"). The keys live in the database, so every
// gateway instance and standalone service shares them.
import { createHash, randomBytes } from 'node:crypto';
import type { Request, RequestHandler, Response } from 'express';
import { DataTypes, QueryTypes } from 'sequelize';
import { isDatabaseBusy, type Database } from './database';
import type { Logger } from './logger';
import type { Migration } from './migrations';
import { Problem, problems } from './problems';

export const IDEMPOTENCY_KEY_HEADER = 'Idempotency-Key';
/** Set on an answer that is a replay of the first one (Stripe's name). */
export const IDEMPOTENT_REPLAYED_HEADER = 'Idempotent-Replayed';
/** How long a key is remembered. */
export const IDEMPOTENCY_KEY_TTL_MS = 24 * 60 * 60 * 1000;
/**
 * A key still marked running after this long belongs to a process that died mid-request: the
 * next request with it takes it over. Longer than any request may take (Stripe and Twilio
 * calls stop at 10 s).
 */
export const IDEMPOTENCY_LEASE_MS = 60_000;
/** Visible ASCII, as Stripe accepts; a UUID v4 is what clients should send. */
const KEY_SHAPE = /^[\x21-\x7e]{1,255}$/;
/** Headers of the first answer that a replay repeats (never Set-Cookie: see isKeepable). */
const REPLAYED_HEADERS = ['content-type', 'location', 'link', 'cache-control', 'deprecation', 'sunset'];

const TABLE = 'idempotency_keys';

/** The table of the keys, owned by services/core (the gateway and standalone services both use it). */
export const IDEMPOTENCY_MIGRATIONS: Migration[] = [
  {
    name: '202611280000-core-idempotency-keys',
    async up({ queryInterface, dialect }) {
      await queryInterface.createTable(TABLE, {
        // SHA-256 of the scope (member, session or client address) and the key: the table holds neither.
        id: { type: DataTypes.CHAR(64), primaryKey: true, allowNull: false },
        // SHA-256 of method, path and body bytes: the same key with another request is refused.
        request_hash: { type: DataTypes.CHAR(64), allowNull: false },
        // Which request holds the key while it runs (random per attempt).
        owner: { type: DataTypes.CHAR(32), allowNull: false },
        state: { type: DataTypes.STRING(8), allowNull: false },
        status: { type: DataTypes.INTEGER, allowNull: true },
        headers: { type: DataTypes.TEXT, allowNull: true },
        // MySQL's TEXT stops at 64 KB; SQLite has one TEXT.
        body: { type: dialect === 'mysql' ? DataTypes.TEXT('long') : DataTypes.TEXT, allowNull: true },
        locked_at: { type: DataTypes.DATE(3), allowNull: false },
        expires_at: { type: DataTypes.DATE(3), allowNull: false },
      });
      await queryInterface.addIndex(TABLE, ['expires_at'], { name: 'idempotency_keys_expires_at' });
    },
    async down({ queryInterface }) {
      await queryInterface.dropTable(TABLE);
    },
  },
];

interface KeyRow {
  requestHash: string;
  owner: string;
  state: 'running' | 'done';
  status: number | null;
  headers: string | null;
  body: string | null;
  lockedAt: Date;
  expiresAt: Date;
}

/** What a request with a key may do: run (it holds the key), or one of the three refusals/replays. */
export type KeyClaim =
  | { kind: 'run'; owner: string }
  | { kind: 'replay'; status: number; headers: Record<string, string>; body: string }
  | { kind: 'reused' }
  | { kind: 'in-progress' };

const sha256 = (text: string | Buffer) => createHash('sha256').update(text).digest('hex');

/** SQLite returns the stored text ("2026-01-01 10:00:00.000 +00:00"); mysql2 a Date. */
const toDate = (value: string | Date) => (value instanceof Date ? value : new Date(value.replace(' ', 'T').replace(' +00:00', 'Z')));

const INSERT = {
  mysql: `INSERT IGNORE INTO ${TABLE} (id, request_hash, owner, state, locked_at, expires_at) VALUES (:id, :requestHash, :owner, 'running', :now, :expiresAt)`,
  sqlite: `INSERT INTO ${TABLE} (id, request_hash, owner, state, locked_at, expires_at) VALUES (:id, :requestHash, :owner, 'running', :now, :expiresAt) ON CONFLICT (id) DO NOTHING`,
};

async function readKey(db: Database, id: string): Promise<KeyRow | null> {
  const [row] = await db.sequelize.query<Record<string, unknown>>(
    `SELECT request_hash AS requestHash, owner, state, status, headers, body, locked_at AS lockedAt, expires_at AS expiresAt FROM ${TABLE} WHERE id = :id`,
    { replacements: { id }, type: QueryTypes.SELECT },
  );
  if (!row) return null;
  return {
    requestHash: String(row.requestHash),
    owner: String(row.owner),
    state: row.state === 'done' ? 'done' : 'running',
    status: row.status === null ? null : Number(row.status),
    headers: row.headers as string | null,
    body: row.body as string | null,
    lockedAt: toDate(row.lockedAt as string | Date),
    expiresAt: toDate(row.expiresAt as string | Date),
  };
}

/**
 * Claims key `id` for a request whose fingerprint is `requestHash`: one conditional INSERT (so of
 * concurrent requests with one key, on any instance, exactly one runs), then the row decides.
 * An expired key, or a running one whose process died (its lease ran out), is taken over by a
 * conditional UPDATE on its previous owner, so two takers cannot both win.
 */
export async function claimIdempotencyKey(db: Database, id: string, requestHash: string, now: Date): Promise<KeyClaim> {
  const owner = randomBytes(16).toString('hex');
  const fresh = { id, requestHash, owner, now, expiresAt: new Date(now.getTime() + IDEMPOTENCY_KEY_TTL_MS) };
  await db.transaction((t) => db.sequelize.query(INSERT[db.dialect], { replacements: fresh, transaction: t }));
  let row = await readKey(db, id);
  if (row && row.owner !== owner) {
    const expired = row.expiresAt.getTime() <= now.getTime();
    const abandoned = row.state === 'running' && row.requestHash === requestHash && row.lockedAt.getTime() <= now.getTime() - IDEMPOTENCY_LEASE_MS;
    if (expired || abandoned) {
      await db.transaction((t) =>
        db.sequelize.query(
          `UPDATE ${TABLE} SET request_hash = :requestHash, owner = :owner, state = 'running', status = NULL, headers = NULL, body = NULL, locked_at = :now, expires_at = :expiresAt WHERE id = :id AND owner = :previous`,
          { replacements: { ...fresh, previous: row!.owner }, transaction: t },
        ),
      );
      row = await readKey(db, id);
    }
  }
  if (!row) throw new Error('The idempotency key could not be read back.');
  if (row.owner === owner) return { kind: 'run', owner };
  if (row.requestHash !== requestHash) return { kind: 'reused' };
  if (row.state === 'running') return { kind: 'in-progress' };
  return { kind: 'replay', status: row.status ?? 200, headers: JSON.parse(row.headers ?? '{}') as Record<string, string>, body: row.body ?? '' };
}

/** Keeps the answer of the request that holds the key (only while it still holds it). */
async function keepAnswer(db: Database, id: string, owner: string, answer: { status: number; headers: Record<string, string>; body: string }): Promise<void> {
  await db.transaction((t) =>
    db.sequelize.query(`UPDATE ${TABLE} SET state = 'done', status = :status, headers = :headers, body = :body WHERE id = :id AND owner = :owner`, {
      replacements: { id, owner, status: answer.status, headers: JSON.stringify(answer.headers), body: answer.body },
      transaction: t,
    }),
  );
}

/** Lets the key go: the request may be tried again with it. */
async function releaseKey(db: Database, id: string, owner: string): Promise<void> {
  await db.transaction((t) => db.sequelize.query(`DELETE FROM ${TABLE} WHERE id = :id AND owner = :owner`, { replacements: { id, owner }, transaction: t }));
}

/** Keys deleted per purge statement: a bounded delete never holds the table for long. */
const PURGE_BATCH = 1000;
/** Statements per purge at most (100,000 keys): a purge ends even while keys expire as fast as it deletes. */
const PURGE_BATCHES = 100;

/**
 * Deletes every key that expired before `now`, in statements of 1,000 (the index on expires_at
 * finds them) until none is left (issue 43: 1,000 a minute fell behind a flood of keys). Returns
 * how many went.
 */
export async function purgeExpiredIdempotencyKeys(db: Database, now: Date): Promise<number> {
  // The doubled subquery: MySQL refuses a DELETE whose subquery reads the same table directly.
  const sql = `DELETE FROM ${TABLE} WHERE id IN (SELECT id FROM (SELECT id FROM ${TABLE} WHERE expires_at <= :now ORDER BY expires_at LIMIT ${PURGE_BATCH}) AS expired)`;
  let purged = 0;
  for (let batch = 0; batch < PURGE_BATCHES; batch += 1) {
    const deleted = await db.transaction(async (t) => {
      await db.sequelize.query(sql, { replacements: { now }, transaction: t });
      // The statement's count, in the same connection (Sequelize's SQLite answer carries none).
      const [changes] = await db.sequelize.query<{ n: number | string }>(db.dialect === 'sqlite' ? 'SELECT changes() AS n' : 'SELECT ROW_COUNT() AS n', { type: QueryTypes.SELECT, transaction: t });
      return Number(changes?.n ?? 0);
    });
    purged += deleted;
    if (deleted < PURGE_BATCH) break;
  }
  return purged;
}


/** How often one process purges, at most: the first keyed write after this long does it. */
const PURGE_INTERVAL_MS = 60_000;
const lastPurge = new WeakMap<Database, number>();

async function purgeNowAndThen(db: Database, now: Date): Promise<void> {
  const last = lastPurge.get(db);
  if (last !== undefined && now.getTime() - last < PURGE_INTERVAL_MS) return;
  lastPurge.set(db, now.getTime());
  try {
    await purgeExpiredIdempotencyKeys(db, now);
  } catch (error) {
    // Lost a lock race with the writes: the next purge takes what this one left.
    if (!isDatabaseBusy(error)) throw error;
  }
}

/**
 * Whose key it is: the signed-in member (two members may use the same key), or null: keys are
 * kept only for members (issue 43). A signed-out client (request-otp, verify-otp) or a session
 * still registering gets nothing kept for its key: anyone could otherwise fill the table with
 * rows, and none of those writes needs a replay (a retried request-otp sends another code within
 * the phone's limits; verify-otp's answer is a credential, never kept anyway).
 */
export function idempotencyScope(req: Request): string | null {
  return req.auth?.memberId != null ? `member:${req.auth.memberId}` : null;
}

/**
 * Whether an answer is kept for replay: not a server error or a 429 (the client should try
 * again, and then it runs again), and never one that hands out a credential (a Set-Cookie, or
 * `Cache-Control: no-store`, as verify-otp's session token): the table holds no session.
 */
export function isKeepable(status: number, headers: Record<string, unknown>): boolean {
  if (status >= 500 || status === 429) return false;
  if (headers['set-cookie'] !== undefined) return false;
  return !/no-store/i.test(String(headers['cache-control'] ?? ''));
}

const keyProblem = (detail: string, status: number, code: 'IDEMPOTENCY_KEY_REUSED' | 'IDEMPOTENCY_IN_PROGRESS', headers?: Record<string, string>) =>
  new Problem(status, detail, { code, ...(headers && { headers }) });

export interface IdempotentWritesOptions {
  db: Database;
  logger: Logger;
  clock?: () => Date;
  /**
   * Whether a route will answer the request (core's routeAnswers on the app): a key sent to a
   * path nobody routes (a 404 or 405 to come) is not kept. Default: every path.
   */
  knownRoute?: (req: Request) => boolean;
}

/**
 * The pipeline layer (after the JSON body, before the service routers): a POST with an
 * `Idempotency-Key` claims it; the first runs and its answer is kept (before it is sent, so a
 * retry that follows at once finds it), later ones with the same body get it back with
 * `Idempotent-Replayed: true`, one with another method, path or body gets 422
 * IDEMPOTENCY_KEY_REUSED, and one while the first still runs 409 IDEMPOTENCY_IN_PROGRESS
 * (Retry-After: 1). A POST without the header, from anyone but a signed-in member, or to a path no
 * route answers runs as it always did, and nothing is stored for it.
 */
export function idempotentWrites(options: IdempotentWritesOptions): RequestHandler {
  const { db, logger } = options;
  const clock = options.clock ?? (() => new Date());
  return (req, res, next) => {
    if (req.method !== 'POST') return next();
    const key = req.headers['idempotency-key'];
    if (key === undefined) return next();
    if (typeof key !== 'string' || !KEY_SHAPE.test(key)) {
      const message = 'The Idempotency-Key header must be 1 to 255 visible ASCII characters: send a new UUID per operation.';
      return next(problems.badRequest(message, [{ field: IDEMPOTENCY_KEY_HEADER, message }]));
    }
    // Kept only for signed-in members on a write some route answers: nothing else writes a row.
    const scope = idempotencyScope(req);
    if (scope === null || (options.knownRoute && !options.knownRoute(req))) return next();
    const id = sha256(`${scope}\n${key}`);
    // The path as routed (/api/v1/… is /api/…), and the exact body bytes.
    const requestHash = sha256(Buffer.concat([Buffer.from(`POST ${req.baseUrl}${req.url}\n`), req.rawBody ?? Buffer.alloc(0)]));
    const now = clock();
    void purgeNowAndThen(db, now).catch((error: unknown) => logger.warn({ err: error }, 'could not purge expired idempotency keys'));
    claimIdempotencyKey(db, id, requestHash, now).then(
      (claim) => {
        switch (claim.kind) {
          case 'reused':
            return next(keyProblem('This Idempotency-Key was already used with a different request: send a new key for a new operation.', 422, 'IDEMPOTENCY_KEY_REUSED'));
          case 'in-progress':
            return next(keyProblem('A request with this Idempotency-Key is still being processed: try again in a moment.', 409, 'IDEMPOTENCY_IN_PROGRESS', { 'Retry-After': '1' }));
          case 'replay':
            for (const [name, value] of Object.entries(claim.headers)) res.setHeader(name, value);
            res.setHeader(IDEMPOTENT_REPLAYED_HEADER, 'true');
            res.status(claim.status).end(claim.body);
            return;
          case 'run':
            keepTheAnswer(res, (answer) => settle(db, logger, id, claim.owner, answer));
            return next();
        }
      },
      (error: unknown) => next(error),
    );
  };
}

interface Answer {
  status: number;
  headers: Record<string, unknown>;
  body: Buffer;
}

/**
 * Pauses between further tries of keeping an answer or letting a key go when the database refused
 * the first (about IDEMPOTENCY_LEASE_MS in all): a key is never left "running" for the whole lease
 * by a database that came back a second later.
 */
const SETTLE_RETRY_MS = [250, 500, 1_000, 2_000, 4_000, 8_000, 15_000, 30_000];

/**
 * Keeps the answer (or, for an answer not kept, lets the key go) before the answer is sent, so a
 * retry that follows at once finds it. When the database refuses, the answer still goes out, and
 * the same is tried again in the background: a retry meanwhile is told IDEMPOTENCY_IN_PROGRESS
 * (Retry-After: 1), then gets the kept answer, or runs again once the key was let go. Both
 * statements are conditional on `owner`, so a late try never touches a key taken over since.
 */
async function settle(db: Database, logger: Logger, id: string, owner: string, answer: Answer): Promise<void> {
  const keep = isKeepable(answer.status, answer.headers);
  const work = keep ? () => keepAnswer(db, id, owner, { status: answer.status, headers: replayedHeaders(answer.headers), body: answer.body.toString('utf8') }) : () => releaseKey(db, id, owner);
  const what = keep ? 'keep the answer of' : 'let go of the key of';
  try {
    await work();
    return;
  } catch (error) {
    logger.warn({ err: error, status: answer.status }, `could not ${what} an idempotent request; trying again in the background`);
  }
  void (async () => {
    for (const pause of SETTLE_RETRY_MS) {
      await new Promise((resolve) => setTimeout(resolve, pause).unref());
      try {
        await work();
        logger.info({ status: answer.status }, `${keep ? 'kept the answer of' : 'let go of the key of'} an idempotent request after a retry`);
        return;
      } catch {
        // the database is still away: the next pause is longer
      }
    }
    logger.error({ status: answer.status }, `could not ${what} an idempotent request; its key is taken over once its lease ends`);
  })();
}

function replayedHeaders(headers: Record<string, unknown>): Record<string, string> {
  const kept: Record<string, string> = {};
  for (const name of REPLAYED_HEADERS) if (headers[name] !== undefined) kept[name] = String(headers[name]);
  return kept;
}

/**
 * Collects what the handler writes and, when it ends the response, runs `onAnswer` before the
 * end goes out (the status and headers are final by then; compression, earlier in the
 * pipeline, sees the same bytes after this).
 */
function keepTheAnswer(res: Response, onAnswer: (answer: Answer) => Promise<void>): void {
  const chunks: Buffer[] = [];
  const toBuffer = (chunk: unknown, encoding?: unknown): Buffer | null => {
    if (chunk === undefined || chunk === null || typeof chunk === 'function') return null;
    if (Buffer.isBuffer(chunk)) return chunk;
    if (chunk instanceof Uint8Array) return Buffer.from(chunk);
    return Buffer.from(String(chunk), typeof encoding === 'string' ? (encoding as BufferEncoding) : 'utf8');
  };
  const write = res.write.bind(res) as (...args: unknown[]) => boolean;
  const end = res.end.bind(res) as (...args: unknown[]) => Response;
  res.write = ((chunk: unknown, ...rest: unknown[]) => {
    const buffer = toBuffer(chunk, rest[0]);
    if (buffer) chunks.push(buffer);
    return write(chunk, ...rest);
  }) as Response['write'];
  res.end = ((chunk?: unknown, ...rest: unknown[]) => {
    const buffer = toBuffer(chunk, rest[0]);
    if (buffer) chunks.push(buffer);
    res.end = end as Response['end'];
    void onAnswer({ status: res.statusCode, headers: res.getHeaders(), body: Buffer.concat(chunks) }).finally(() => end(chunk, ...rest));
    return res;
  }) as Response['end'];
}
