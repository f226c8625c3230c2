// The profile views' buffer when its writes keep failing, without a database (issue 42): each
// failed write is tried again after 1, 2, 4, 8, 15 and 30 s, then its views are counted and logged
// as lost; at most PROFILE_VIEW_MAX_WAITING views wait, the ones beyond are dropped and counted.
// Jest's fake timers stand in for the minute of pauses. The recovery on a real database (MariaDB
// and SQLite): api-gateway/test/failure-recovery.api.test.ts.
import type { Database, Logger } from '@vouch/service-core';
import { countProfileView, flushProfileViews, logProfileViewsTo, PROFILE_VIEW_MAX_WAITING, PROFILE_VIEW_RETRY_MS, profileViewCounts } from '../src/features/profiles/domain/profile-views';

const DAY = '2026-11-29';

/** A database whose every transaction fails (it went away); `tries` counts them. */
function unreachableDatabase(): Database & { tries: number } {
  const db = {
    tries: 0,
    async transaction() {
      db.tries += 1;
      throw new Error('connection lost');
    },
  };
  return db as unknown as Database & { tries: number };
}

function recordingLogger() {
  const logger = { warn: jest.fn(), error: jest.fn() };
  return { logger, asLogger: logger as unknown as Logger };
}

describe('profile views whose writes keep failing', () => {
  beforeEach(() => jest.useFakeTimers());
  afterEach(() => jest.useRealTimers());

  it('are tried again after each pause, then counted and logged as lost; nothing is lost before the last try', async () => {
    const db = unreachableDatabase();
    const { logger, asLogger } = recordingLogger();
    logProfileViewsTo(db, asLogger);
    countProfileView(db, 7, 'viewer-a', DAY);
    countProfileView(db, 7, 'viewer-b', DAY);
    countProfileView(db, 7, 'viewer-a', DAY); // the same viewer again: one view

    await expect(flushProfileViews(db)).rejects.toThrow('connection lost');
    expect(db.tries).toBe(1);
    expect(profileViewCounts(db)).toEqual({ waiting: 2, lost: 0, dropped: 0 });

    for (const [i, pause] of PROFILE_VIEW_RETRY_MS.entries()) {
      // Not a moment before its pause…
      await jest.advanceTimersByTimeAsync(pause - 1);
      expect(db.tries).toBe(i + 1);
      // …and then by itself, no flush called.
      await jest.advanceTimersByTimeAsync(1);
      expect(db.tries).toBe(i + 2);
      if (i < PROFILE_VIEW_RETRY_MS.length - 1) expect(profileViewCounts(db)).toEqual({ waiting: 2, lost: 0, dropped: 0 });
    }

    // The first try and one after each pause failed: lost, and said so once, as an error.
    expect(db.tries).toBe(PROFILE_VIEW_RETRY_MS.length + 1);
    expect(profileViewCounts(db)).toEqual({ waiting: 0, lost: 2, dropped: 0 });
    expect(logger.warn).toHaveBeenCalledTimes(PROFILE_VIEW_RETRY_MS.length);
    expect(logger.error).toHaveBeenCalledTimes(1);
    expect(logger.error).toHaveBeenCalledWith(expect.objectContaining({ memberId: 7, views: 2, lost: 2, tries: PROFILE_VIEW_RETRY_MS.length + 1 }), expect.stringMatching(/^profile views lost/));

    // Given up: nothing is tried any more.
    await jest.advanceTimersByTimeAsync(120_000);
    expect(db.tries).toBe(PROFILE_VIEW_RETRY_MS.length + 1);
  });

  it('beyond PROFILE_VIEW_MAX_WAITING waiting views, new ones are dropped, counted and logged; the waiting ones stay', async () => {
    const db = unreachableDatabase();
    const { logger, asLogger } = recordingLogger();
    logProfileViewsTo(db, asLogger);
    for (let i = 0; i < PROFILE_VIEW_MAX_WAITING; i += 1) countProfileView(db, 1 + (i % 10), `viewer-${i}`, DAY);
    // The batches were written (and failed): their views wait for another try, and count.
    await jest.advanceTimersByTimeAsync(0);
    expect(db.tries).toBeGreaterThan(0);
    expect(profileViewCounts(db)).toEqual({ waiting: PROFILE_VIEW_MAX_WAITING, lost: 0, dropped: 0 });
    expect(logger.error).not.toHaveBeenCalled();

    for (let i = 0; i < 3; i += 1) countProfileView(db, 1, `late-viewer-${i}`, DAY);
    expect(profileViewCounts(db)).toEqual({ waiting: PROFILE_VIEW_MAX_WAITING, lost: 0, dropped: 3 });
    // Logged at the first drop (then every thousandth), not at each.
    expect(logger.error).toHaveBeenCalledTimes(1);
    expect(logger.error).toHaveBeenCalledWith(expect.objectContaining({ dropped: 1, waiting: PROFILE_VIEW_MAX_WAITING }), expect.stringMatching(/^profile views dropped/));
  });
});
