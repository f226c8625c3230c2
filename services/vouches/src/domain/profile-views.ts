import { createHash } from 'node:crypto';
import { ForeignKeyConstraintError } from 'sequelize';
import type { Database } from '@vouch/service-core';
import { updateMemberStats } from '@vouch/service-auth';
import { insertNewProfileViews, type ProfileViewRow } from '../data-access/profile-views.repository';

/**
 * Profile views, counted once per viewer per profile per UTC day, off the request path: a view
 * is noted in memory (a Set, so a reload costs nothing) and written by the next flush, every
 * PROFILE_VIEW_FLUSH_MS or as soon as PROFILE_VIEW_BATCH views wait, whichever comes first. A
 * flush writes, per member, one INSERT IGNORE of the views into profile_views and one increment
 * of the member's counter by the rows that were new, in one transaction: the counter equals the
 * member's rows whatever instances counted them. A process that stops loses at most the views of
 * its last few seconds.
 */
export const PROFILE_VIEW_FLUSH_MS = 5_000;
export const PROFILE_VIEW_BATCH = 500;

/** The viewer as stored: a signed-in member by id, a visitor by address and browser, hashed with the day. */
export function viewerKey(day: string, viewer: { memberId: number } | { address: string; userAgent: string }): string {
  const who = 'memberId' in viewer ? `member:${viewer.memberId}` : `visitor:${viewer.address}|${viewer.userAgent}`;
  return createHash('sha256').update(`${day}|${who}`).digest('hex');
}

/** The UTC day of `now` as YYYY-MM-DD. */
export function viewDay(now: Date): string {
  return now.toISOString().slice(0, 10);
}

class ProfileViewBuffer {
  private pending = new Map<number, Map<string, ProfileViewRow>>();
  private size = 0;
  private timer: NodeJS.Timeout | null = null;
  private flushing: Promise<void> = Promise.resolve();

  constructor(private readonly db: Database) {}

  note(memberId: number, view: ProfileViewRow): void {
    let views = this.pending.get(memberId);
    if (!views) this.pending.set(memberId, (views = new Map()));
    const id = `${view.day}|${view.viewerKey}`;
    if (views.has(id)) return;
    views.set(id, view);
    this.size += 1;
    if (this.size >= PROFILE_VIEW_BATCH) void this.flush().catch(() => undefined);
    else this.timer ??= setTimeout(() => void this.flush().catch(() => undefined), PROFILE_VIEW_FLUSH_MS).unref();
  }

  /** Writes what waits; flushes run one after another. A member whose write fails keeps its views for the next flush. */
  flush(): Promise<void> {
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    const batch = this.pending;
    this.pending = new Map();
    this.size = 0;
    this.flushing = this.flushing.then(() => this.write(batch));
    return this.flushing;
  }

  private async write(batch: Map<number, Map<string, ProfileViewRow>>): Promise<void> {
    let failure: unknown;
    for (const [memberId, views] of batch) {
      try {
        await this.db.transaction(async (t) => {
          const added = await insertNewProfileViews(this.db, memberId, [...views.values()], t);
          if (added > 0) await updateMemberStats(this.db, memberId, { profileViews: { increment: added } }, t);
        });
      } catch (error) {
        if (error instanceof ForeignKeyConstraintError) continue; // the member left meanwhile: nothing to count
        failure ??= error;
        for (const view of views.values()) this.note(memberId, view);
      }
    }
    if (failure) throw failure;
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

/** Writes the views noted so far now (tests, and a process about to stop). */
export function flushProfileViews(db: Database): Promise<void> {
  return bufferOf(db).flush();
}
