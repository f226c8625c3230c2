import { DEV_SMS_OUTBOX_MIGRATIONS, openDatabase, runMigrations, type Database } from '@vouch/service-core';
import { migrations } from '../../src/data-access/migrations';

/** A fresh in-memory SQLite database with the auth tables (and core's dev SMS outbox, where the console provider writes). */
export async function openAuthDb(): Promise<Database> {
  const db = await openDatabase('sqlite::memory:', { logging: false });
  await runMigrations(db, [...DEV_SMS_OUTBOX_MIGRATIONS, ...migrations]);
  return db;
}

/** A clock the test moves by hand. */
export function manualClock(start = new Date('2025-06-01T12:00:00.000Z')) {
  let now = start.getTime();
  const clock = () => new Date(now);
  return Object.assign(clock, {
    advance(ms: number) {
      now += ms;
    },
  });
}
