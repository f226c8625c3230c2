import { createHash } from 'node:crypto';
import { ForeignKeyConstraintError } from 'sequelize';
import type { Database, Logger } from '@vouch/service-core';
import { updateMemberStats } from '@vouch/service-auth';
import { insertNewProfileViews, type ProfileViewRow } from '../data-access/profile-views.repository';

/**
 * Profile views, counted once per viewer per profile per UTC day, off the request path: a view
 * is noted in memory (a Set, so a reload costs nothing) and written by the next flush, every
 * PROFILE_VIEW_FLUSH_MS or as soon as PROFILE_VIEW_BATCH views wait, whichever comes first. A
 * flush writes, per member, one INSERT IGNORE of the views into profile_views and one increment
 * of the member's counter by the rows that were new, in one transaction: the counter equals the
 * member's rows whatever instances counted them, and writing the same views twice (a retry after
 * a commit whose answer was lost) counts them once.
 *
 * A member's write that fails (the database went away, a connection was dropped) keeps its views
 * and is tried again after PROFILE_VIEW_RETRY_MS[0], then each later delay in turn; after the
 * last, its views are counted and logged as lost. Every flush tries whatever waits, whatever
 * failed before it. At most PROFILE_VIEW_MAX_WAITING views wait in memory: beyond that a new view
 * is dropped and counted (GET /api/health reports both counts). A process that stops writes what
 * it holds; killed, it loses at most the views of its last few seconds.
 */
export const PROFILE_VIEW_FLUSH_MS = 5_000;
export const PROFILE_VIEW_BATCH = 500;
/** The pauses before a failed write is tried again (about a minute in all, then its views are lost). */
export const PROFILE_VIEW_RETRY_MS = [1_000, 2_000, 4_000, 8_000, 15_000, 30_000] as const;
/** Views held in memory at most (new and failed together): tens of bytes each, a few MB in all. */
export const PROFILE_VIEW_MAX_WAITING = 50_000;

/** What a process did with the views it noted (GET /api/health). */
export interface ProfileViewCounts {
  /** Views in memory now: noted and not yet written, or waiting for another try. */
  waiting: number;
  /** Views given up after the last try failed (logged as lost). */
  lost: number;
  /** Views not noted at all because PROFILE_VIEW_MAX_WAITING were waiting. */
  dropped: number;
}

/** The viewer as stored: a signed-in member by id, a visitor by address and browser, hashed with the day. */
export function viewerKey(day: string, viewer: { memberId: number } | { address: string; userAgent: string }): string {
  const who = 'memberId' in viewer ? `member:${viewer.memberId}` : `visitor:${viewer.address}|${viewer.userAgent}`;
  return createHash('sha256').update(`${day}|${who}`).digest('hex');
}

/** The UTC day of `now` as YYYY-MM-DD. */
export function viewDay(now: Date): string {
  return now.toISOString().slice(0, 10);
}

/** One member's views to write, and how many times writing them failed so far. */
interface MemberViews {
  memberId: number;
  views: Map<string, ProfileViewRow>;
  failures: number;
}

class ProfileViewBuffer {
  /** Views noted since the last flush, per member. */
  private fresh = new Map<number, Map<string, ProfileViewRow>>();
  /** Writes that failed, each with the moment of its next try. */
  private retries: (MemberViews & { dueAt: number })[] = [];
  private freshSince: number | null = null;
  private waiting = 0;
  private lost = 0;
  private dropped = 0;
  private timer: NodeJS.Timeout | null = null;
  private timerAt = 0;
  private flushing: Promise<void> = Promise.resolve();
  logger: Logger | null = null;

  constructor(private readonly db: Database) {}

  counts(): ProfileViewCounts {
    return { waiting: this.waiting, lost: this.lost, dropped: this.dropped };
  }

  note(memberId: number, view: ProfileViewRow): void {
    let views = this.fresh.get(memberId);
    const id = `${view.day}|${view.viewerKey}`;
    if (views?.has(id)) return;
    if (this.waiting >= PROFILE_VIEW_MAX_WAITING) {
      // Bounded memory while the database is away: the newest views go, and are counted.
      this.dropped += 1;
      if (this.dropped === 1 || this.dropped % 1_000 === 0) this.logger?.error({ dropped: this.dropped, waiting: this.waiting }, 'profile views dropped: too many waiting to be written');
      return;
    }
    if (!views) this.fresh.set(memberId, (views = new Map()));
    views.set(id, view);
    this.waiting += 1;
    this.freshSince ??= Date.now();
    this.schedule();
  }

  /** Sets the timer for the next flush: when the fresh views are due, or the next retry, whichever comes first. */
  private schedule(): void {
    const freshCount = this.waiting - this.retries.reduce((n, r) => n + r.views.size, 0);
    if (freshCount >= PROFILE_VIEW_BATCH) {
      void this.flush(false).catch(() => undefined);
      return;
    }
    const dues = this.retries.map((r) => r.dueAt);
    if (this.freshSince !== null) dues.push(this.freshSince + PROFILE_VIEW_FLUSH_MS);
    if (dues.length === 0) return;
    const at = Math.min(...dues);
    if (this.timer && this.timerAt <= at) return;
    if (this.timer) clearTimeout(this.timer);
    this.timerAt = at;
    this.timer = setTimeout(() => {
      this.timer = null;
      void this.flush(false).catch(() => undefined);
    }, Math.max(0, at - Date.now())).unref();
  }

  /**
   * Writes the fresh views and the retries that are due (`everything`: every retry, now); flushes
   * run one after another, and one that failed never stops the next. Rejects when a write of this
   * flush failed (its views wait for their next try).
   */
  flush(everything = true): Promise<void> {
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    const run = this.flushing.then(() => this.write(this.take(everything)));
    this.flushing = run.catch(() => undefined);
    return run;
  }

  private take(everything: boolean): MemberViews[] {
    const now = Date.now();
    const batch: MemberViews[] = [...this.fresh].map(([memberId, views]) => ({ memberId, views, failures: 0 }));
    this.fresh = new Map();
    this.freshSince = null;
    const due = this.retries.filter((r) => everything || r.dueAt <= now);
    this.retries = this.retries.filter((r) => !due.includes(r));
    return [...batch, ...due];
  }

  private async write(batch: MemberViews[]): Promise<void> {
    let failure: unknown;
    for (const entry of batch) {
      try {
        await this.db.transaction(async (t) => {
          const added = await insertNewProfileViews(this.db, entry.memberId, [...entry.views.values()], t);
          if (added > 0) await updateMemberStats(this.db, entry.memberId, { profileViews: { increment: added } }, t);
        });
        this.waiting -= entry.views.size;
      } catch (error) {
        if (error instanceof ForeignKeyConstraintError) {
          this.waiting -= entry.views.size; // the member left meanwhile: nothing to count
          continue;
        }
        failure ??= error;
        this.failed(entry, error);
      }
    }
    this.schedule();
    if (failure) throw failure;
  }

  private failed(entry: MemberViews, error: unknown): void {
    const failures = entry.failures + 1;
    const pause = PROFILE_VIEW_RETRY_MS[failures - 1];
    if (pause === undefined) {
      this.waiting -= entry.views.size;
      this.lost += entry.views.size;
      this.logger?.error({ err: error, memberId: entry.memberId, views: entry.views.size, tries: failures, lost: this.lost }, 'profile views lost: their write failed at every try');
      return;
    }
    this.retries.push({ ...entry, failures, dueAt: Date.now() + pause });
    this.logger?.warn({ err: error, memberId: entry.memberId, views: entry.views.size, tries: failures, retryInMs: pause }, 'profile views not written; trying again');
  }
}

const buffers = new WeakMap<Database, ProfileViewBuffer>();

function bufferOf(db: Database): ProfileViewBuffer {
  let buffer = buffers.get(db);
  if (!buffer) buffers.set(db, (buffer = new ProfileViewBuffer(db)));
  return buffer;
}

/** Notes one view of `memberId`'s public profile; it is counted by the next flush. */
export function countProfileView(db: Database, memberId: number, viewerKeyOfDay: string, day: string): void {
  bufferOf(db).note(memberId, { viewerKey: viewerKeyOfDay, day });
}

/**
 * Writes the views noted so far, and those waiting for another try, now (tests, and a process
 * about to stop). Rejects when some could not be written: they stay for their next try.
 */
export function flushProfileViews(db: Database): Promise<void> {
  return bufferOf(db).flush();
}

/** Where failed, lost and dropped views are logged (the service's logger; none: not logged). */
export function logProfileViewsTo(db: Database, logger: Logger): void {
  bufferOf(db).logger = logger;
}

/** The views this process holds, lost and dropped so far (GET /api/health). */
export function profileViewCounts(db: Database): ProfileViewCounts {
  return bufferOf(db).counts();
}
