/**
 * The one way a session ends (issue 43): signing out, signing in again on the same browser, the
 * member ending one session or all their others, running out of time, the account's deletion.
 * Each goes through endSessions, which marks the sessions ended and tells every listener in the
 * same transaction, so a service that keeps something per session (push devices bound to a
 * session, say) drops it together with the session or not at all.
 */
import type { Transaction } from 'sequelize';
import type { Database } from '@vouch/service-core';
import { findSessionsToEnd, markSessionsEnded, type SessionSelection } from '../data-access/session.repository';

/** Why a session ended. */
export type SessionEndReason =
  /** POST /api/auth/logout with it. */
  | 'signed-out'
  /** A new sign-in on the same browser or app replaced it (no session fixation). */
  | 'signed-in-again'
  /** Its member ended it from another session (DELETE /api/auth/sessions/{id}, sign out everywhere else). */
  | 'ended-by-member'
  /** Unused for SESSION_TTL_DAYS, or past SESSION_MAX_AGE_DAYS (found by the expiry sweep). */
  | 'expired'
  /** Its member deleted the account (the rows are deleted in the same transaction). */
  | 'account-deleted';

/** A session that just ended. */
export interface EndedSession {
  /** The session's id, as `AuthContext.sessionId` named it while it lived. */
  id: string;
  /** Its member; null for a session that never finished registration. */
  memberId: number | null;
  /** The phone it signed in with (E.164). */
  phone: string;
}

/** What a listener hears: in the ending transaction `t`, whose writes it may join. */
export interface SessionsEnded {
  db: Database;
  t: Transaction;
  reason: SessionEndReason;
  sessions: readonly EndedSession[];
}

/**
 * Told of every ended session, within the transaction that ends it (a failure rolls the end
 * back; a MariaDB deadlock may run it twice: database work only). Passed to createAuthService
 * ({ sessionsEnded }) by whoever composes the services.
 */
export type SessionsEndedListener = (event: SessionsEnded) => Promise<void>;

/** A session as endSessions read it: its device too (the caller may forget that device). */
export interface EndedSessionRow extends EndedSession {
  deviceHash: string | null;
}

export interface SessionEndDeps {
  db: Database;
  listeners: readonly SessionsEndedListener[];
}

/**
 * Ends the sessions of `selection` that have not ended yet, for `reason`, at `now`, in `t` (or a
 * transaction of its own), tells every listener, and returns them. Ending a session that has
 * already ended is nothing (not reported twice).
 */
export async function endSessions(deps: SessionEndDeps, selection: SessionSelection, reason: SessionEndReason, now: Date, t?: Transaction): Promise<EndedSessionRow[]> {
  const run = async (tx: Transaction) => {
    const rows = await findSessionsToEnd(deps.db, selection, tx);
    if (rows.length === 0) return rows;
    await markSessionsEnded(deps.db, rows.map((row) => row.id), { now, reason, revoke: reason !== 'expired' }, tx);
    const sessions = rows.map(({ id, memberId, phone }) => ({ id, memberId, phone }));
    for (const listener of deps.listeners) await listener({ db: deps.db, t: tx, reason, sessions });
    return rows;
  };
  return t ? run(t) : deps.db.transaction(run);
}

/** Sessions the expiry sweep ends per transaction, and transactions per sweep at most. */
const SWEEP_BATCH = 500;
const SWEEP_BATCHES = 20;

/**
 * Ends the sessions whose time ran out (expires_at passed) through endSessions, 500 per
 * transaction, so listeners hear of expiry like of any other end. Returns how many ended. The
 * auth router runs it at most once a minute per process; anyone may run it too.
 */
export async function endExpiredSessions(deps: SessionEndDeps, now: Date = new Date()): Promise<number> {
  let ended = 0;
  for (let batch = 0; batch < SWEEP_BATCHES; batch += 1) {
    const rows = await endSessions(deps, { kind: 'expired', now, limit: SWEEP_BATCH }, 'expired', now);
    ended += rows.length;
    if (rows.length < SWEEP_BATCH) break;
  }
  return ended;
}

/** Runs endExpiredSessions at most once per `intervalMs` for each database, in the background (failures are logged by the caller). */
export function expirySweeper(deps: SessionEndDeps, intervalMs = 60_000): (now: Date) => Promise<number> {
  let last = -Infinity;
  return async (now) => {
    if (now.getTime() - last < intervalMs) return 0;
    last = now.getTime();
    return endExpiredSessions(deps, now);
  };
}
