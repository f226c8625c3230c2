/**
 * The bell without a reload (issue 40): a browser keeps one stream open (GET /api/activities/events)
 * and hears its unread count whenever it changes — something new, or the feed seen on another
 * device. One watch per process asks the database for every watched member at once, each
 * `pollMs`: two indexed statements however many streams are open, and nothing while none is.
 * Across instances nothing else is needed: every gateway reads the same tables.
 */
import type { Database, Logger } from '@vouch/service-core';
import { countUnread } from '../data-access/activity.repository';
import { UNREAD_COUNT_CAP } from './activity';

export interface UnreadWatchOptions {
  /** How often the watched members' newest activity and seen mark are read (NOTIFY_STREAM_POLL_MS). */
  pollMs: number;
  /** Streams one member may hold open at once (tabs, devices); more are refused. */
  maxPerMember: number;
  /** Streams this process holds at most; more are refused (the client polls instead). */
  maxStreams: number;
}

export const DEFAULT_UNREAD_WATCH_OPTIONS: UnreadWatchOptions = { pollMs: 1_000, maxPerMember: 5, maxStreams: 10_000 };

type Listener = (unread: number) => void;

export interface UnreadWatch {
  /** Whether one more stream of this member fits under the caps. */
  hasRoom(memberId: number): boolean;
  /** Calls `listener` with the member's unread count now (at once, when it is known), then on every change; null when over a cap. */
  subscribe(memberId: number, listener: Listener): (() => void) | null;
  /** Streams open now (for a test or an operator). */
  readonly size: number;
  /** Stops watching: every stream is told to end (the process is draining). */
  closeAll(): void;
  onClose(listener: () => void): () => void;
}

interface Watched {
  listeners: Set<Listener>;
  /** The newest activity id and the seen mark last read: a change in either is a new count. */
  state: string | null;
  unread: number | null;
}

const CHUNK = 500;

/** For each member: their newest activity id and the id they have seen through. */
async function readStates(db: Database, memberIds: readonly number[]): Promise<Map<number, string>> {
  const states = new Map<number, string>();
  for (let i = 0; i < memberIds.length; i += CHUNK) {
    const ids = memberIds.slice(i, i + CHUNK);
    const [newest, seen] = await Promise.all([
      db.select<{ memberId: number | string; newest: number | string }>('SELECT member_id AS memberId, MAX(id) AS newest FROM activities WHERE member_id IN (:ids) GROUP BY member_id', { ids }),
      db.select<{ memberId: number | string; seen: number | string }>('SELECT member_id AS memberId, seen_through_id AS seen FROM activity_reads WHERE member_id IN (:ids)', { ids }),
    ]);
    const seenOf = new Map(seen.map((row) => [Number(row.memberId), Number(row.seen)]));
    const newestOf = new Map(newest.map((row) => [Number(row.memberId), Number(row.newest)]));
    for (const id of ids) states.set(id, `${newestOf.get(id) ?? 0}:${seenOf.get(id) ?? 0}`);
  }
  return states;
}

export function createUnreadWatch(db: Database, logger: Pick<Logger, 'warn'>, options: UnreadWatchOptions = DEFAULT_UNREAD_WATCH_OPTIONS): UnreadWatch {
  const watched = new Map<number, Watched>();
  const closeListeners = new Set<() => void>();
  let streams = 0;
  let timer: NodeJS.Timeout | null = null;
  let polling = false;

  async function poll(): Promise<void> {
    if (polling || watched.size === 0) return;
    polling = true;
    try {
      const states = await readStates(db, [...watched.keys()]);
      for (const [memberId, state] of states) {
        const entry = watched.get(memberId);
        if (!entry || entry.state === state) continue;
        const [, seen] = state.split(':');
        const unread = await countUnread(db, memberId, Number(seen), UNREAD_COUNT_CAP);
        entry.state = state;
        if (unread === entry.unread) continue;
        entry.unread = unread;
        for (const listener of entry.listeners) listener(unread);
      }
    } catch (error) {
      // The database is away for a moment: the streams stay open and the next poll tries again.
      logger.warn({ err: error }, 'the unread watch could not read the database; retrying at the next poll');
    } finally {
      polling = false;
    }
  }

  const schedule = () => {
    if (timer || watched.size === 0) return;
    timer = setInterval(() => void poll(), options.pollMs);
    timer.unref();
  };
  const stop = () => {
    if (timer) clearInterval(timer);
    timer = null;
  };

  const hasRoom = (memberId: number) => streams < options.maxStreams && (watched.get(memberId)?.listeners.size ?? 0) < options.maxPerMember;

  return {
    hasRoom,
    subscribe(memberId, listener) {
      if (!hasRoom(memberId)) return null;
      const entry = watched.get(memberId) ?? { listeners: new Set<Listener>(), state: null, unread: null };
      entry.listeners.add(listener);
      watched.set(memberId, entry);
      streams += 1;
      if (entry.unread !== null) listener(entry.unread);
      else void poll();
      schedule();
      return () => {
        if (!entry.listeners.delete(listener)) return;
        streams -= 1;
        if (entry.listeners.size === 0) watched.delete(memberId);
        if (watched.size === 0) stop();
      };
    },
    get size() {
      return streams;
    },
    closeAll() {
      stop();
      for (const listener of [...closeListeners]) listener();
    },
    onClose(listener) {
      closeListeners.add(listener);
      return () => closeListeners.delete(listener);
    },
  };
}
