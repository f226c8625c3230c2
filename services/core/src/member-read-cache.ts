// A member's hot reads (GET /api/user/profile, GET /api/vouches/my) answered from a serialised body
// kept per member for a moment: under load, most requests then touch no row and serialise nothing
// (issue 19, bench/gateway.bench.mjs).
import zlib from 'node:zlib';
import type { Request, RequestHandler, Response } from 'express';
import { memberRead, personalRead } from './http';
import { cacheSecondsSetting, createSingleFlightCache } from './single-flight-cache';

/** Default lifetime of a cached body: also how long a write made elsewhere (another instance, the
 *  worker, a script) may take to reach this instance's reads (docs/deployment.md). */
export const DEFAULT_MEMBER_READ_CACHE_SECONDS = 1;
const WRITES = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/** What a read answers: its JSON body and headers beside it (a paged list's Link). */
export interface MemberReadAnswer {
  body: unknown;
  headers?: Record<string, string>;
}

/**
 * A per-member stamp in the database that each write of the member moves on (auth's
 * members.write_stamp): what lets every instance answer a member's read after their own write, on
 * whichever instance it was made (a round-robin load balancer sends the next read elsewhere).
 */
export interface MemberWriteStamps {
  /** The member's stamp now (0 for an unknown member). */
  read(memberId: number): Promise<number>;
  /** Moves it on: called once the member's write has committed, before its answer goes out. */
  bump(memberId: number): Promise<void>;
}

export interface MemberReadCacheOptions {
  /** 0 turns the cache off: every read runs. */
  ttlMs: number;
  /**
   * Without them, a member's write answered by another instance reaches this one's reads only when
   * the body expires (`ttlMs`). With them, a kept body is answered only while the member's stamp is
   * the one read before it was read (one primary-key read per cached read), and writes move it on.
   */
  stamps?: MemberWriteStamps;
  /** Told when a stamp could not be moved on (the write is answered anyway; other instances see it within `ttlMs`). */
  onStampError?: (error: unknown) => void;
  maxEntries?: number;
  /** Milliseconds clock (tests). */
  now?: () => number;
}

export interface MemberReadCache {
  /**
   * Answers `req` (the member's read, named by `key`, which must include the member) from a body
   * cached less than `ttlMs` ago, else runs `read` once (concurrent misses of one key share it) and
   * keeps its serialised body. Sends `Cache-Control: private, no-cache` (`private, no-store` for a
   * `personal` read: the member's own phone, vouch tokens), the body's ETag (Express's own, so
   * values do not change) and a 304 when the client's If-None-Match names it.
   */
  send(req: Request, res: Response, key: string, read: () => Promise<MemberReadAnswer>, options?: { personal?: boolean }): Promise<void>;
  /** Forgets every body, and every read in flight that started before this call. */
  invalidate(): void;
  /**
   * Calls `invalidate` once each write request (POST, PUT, PATCH, DELETE) of this process has been
   * answered; with `stamps`, a signed-in member's write (status below 400) moves their stamp on
   * before its answer goes out.
   */
  invalidateOnWrites(): RequestHandler;
  readonly size: number;
}

/** MEMBER_READ_CACHE_SECONDS (default 1, 0 under NODE_ENV=test; 0 turns it off) → ms; anything else is a start-up error. */
export function memberReadCacheTtlMs(env: NodeJS.ProcessEnv): number {
  // Tests write rows directly and read them back through the API at once; they opt in.
  return cacheSecondsSetting(env, 'MEMBER_READ_CACHE_SECONDS', env.NODE_ENV === 'test' ? 0 : DEFAULT_MEMBER_READ_CACHE_SECONDS);
}

interface Entry {
  /** The JSON as bytes: Express sends a Buffer as it is, where a string is parsed for its charset and,
   *  from 1,000 characters, copied into a new Buffer on every request. */
  body: Buffer;
  etag: string;
  headers: Record<string, string> | undefined;
  /** The body compressed, made on the first request that accepts it (compression at most once per body). */
  br?: Buffer;
  gzip?: Buffer;
}

/** Bodies smaller than this go out as they are (the gateway's compression threshold, api-gateway/src/compression.ts). */
const COMPRESS_FROM_BYTES = 1024;

/**
 * 'br' or 'gzip' when the client's Accept-Encoding names it with the highest q (br first on a tie),
 * as the compression middleware would choose; null for anything else (no header, identity or
 * deflate preferred, `*`), which is left to that middleware.
 */
function preferredEncoding(header: string | undefined): 'br' | 'gzip' | null {
  if (!header) return null;
  const q = new Map<string, number>();
  for (const part of header.split(',')) {
    const [name = '', ...params] = part.trim().toLowerCase().split(';');
    if (!name) continue;
    if (name === '*') return null;
    const qParam = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
    const value = qParam ? Number(qParam.slice(2)) : 1;
    if (!Number.isFinite(value)) return null;
    q.set(name, Math.max(q.get(name) ?? 0, value));
  }
  const best = Math.max(0, ...q.values());
  if (best <= 0) return null;
  if (q.get('br') === best) return 'br';
  if (q.get('gzip') === best) return 'gzip';
  return null;
}

function compressed(entry: Entry, encoding: 'br' | 'gzip'): Buffer {
  if (encoding === 'br') {
    // The compression middleware's brotli quality: same cost class, same bytes on the wire.
    entry.br ??= zlib.brotliCompressSync(entry.body, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 4 } });
    return entry.br;
  }
  entry.gzip ??= zlib.gzipSync(entry.body);
  return entry.gzip;
}

/**
 * Invalidation is coarse and race-free: any write answered by this process drops every body (writes
 * are rare next to reads, and one write can change other members' reads: an accept changes the
 * voucher's list and both members' counters), and a read that started before a write never stores
 * what it read. Writes made elsewhere are seen once the body's `ttlMs` has passed.
 */
export function createMemberReadCache(options: MemberReadCacheOptions): MemberReadCache {
  const entries = createSingleFlightCache<Entry>(options);

  const serialise = (req: Request, answer: MemberReadAnswer): Entry => {
    const body = Buffer.from(JSON.stringify(answer.body));
    const etagOf = req.app.get('etag fn') as ((body: Buffer) => string) | undefined;
    return { body, etag: etagOf ? etagOf(body) : '', headers: answer.headers };
  };

  const stamps = options.ttlMs > 0 ? options.stamps : undefined;

  const cache: MemberReadCache = {
    async send(req, res, key, read, sendOptions) {
      // Read before the rows: a body read after a write that committed is kept under that write's
      // stamp or a later one, never under an older one (the stamp moves after the commit).
      const memberId = req.auth?.memberId;
      const stampedKey = stamps && typeof memberId === 'number' ? `${key}@${req.memberWriteStamp ?? (await stamps.read(memberId))}` : key;
      const entry = await entries.get(stampedKey, async () => serialise(req, await read()));
      if (sendOptions?.personal) personalRead(res);
      else memberRead(res);
      if (entry.headers) for (const name in entry.headers) res.setHeader(name, entry.headers[name]!);
      if (entry.etag) res.setHeader('ETag', entry.etag);
      res.setHeader('Content-Type', 'application/json; charset=utf-8');
      // A cached body is compressed once, not on every request: sent with its Content-Encoding, the
      // compression middleware leaves it alone (it still adds Vary). A 304 and HEAD stay as Express makes them.
      const encoding = options.ttlMs > 0 && req.method === 'GET' && entry.body.length >= COMPRESS_FROM_BYTES && !req.fresh ? preferredEncoding(req.headers['accept-encoding']) : null;
      if (encoding) res.setHeader('Content-Encoding', encoding);
      const body = encoding ? compressed(entry, encoding) : entry.body;
      res.send(body); // Express answers 304 when If-None-Match names the ETag
    },
    invalidate() {
      entries.clear();
    },
    invalidateOnWrites() {
      return (req, res, next) => {
        if (!WRITES.has(req.method)) {
          next();
          return;
        }
        res.once('close', cache.invalidate); // after the handler's writes committed
        if (stamps) {
          // The answer waits for the stamp: the member's next read, on any instance, comes after it.
          const end = res.end;
          res.end = function endAfterStamp(this: Response, ...args: unknown[]) {
            const memberId = req.auth?.memberId;
            const send = () => (end as (...a: unknown[]) => Response).apply(this, args);
            if (typeof memberId !== 'number' || res.statusCode >= 400) return send();
            stamps.bump(memberId).catch((error: unknown) => options.onStampError?.(error)).finally(send);
            return this;
          } as Response['end'];
        }
        next();
      };
    },
    get size() {
      return entries.size;
    },
  };
  return cache;
}
