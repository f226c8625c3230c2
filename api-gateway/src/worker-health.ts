// GET /api/health/worker: whether the worker keeps up, for a monitor (not the load balancer's
// probe: a gateway serves whether or not a worker runs). npm start restarts a worker that stops,
// with a growing pause; one that stops again and again, or never started (VOUCH_WORKER=off with
// no worker elsewhere), shows here as work that waits: reputation changes not yet covered by a
// run, notifications not yet fanned out or sent.
import type { RequestHandler } from 'express';
import type { Database } from '@vouch/service-core';
import { outboxLag, reputationRunState } from './services';

/** Work waiting longer than this means no worker is keeping up (a run follows a change within seconds; a launch burst drained in 10 s). */
export const WORKER_BEHIND_AFTER_MS = 2 * 60_000;

export interface WorkerBacklog {
  /** The oldest reputation change not yet covered by a finished run; null when none waits. */
  reputationWaitingSince: Date | null;
  lastRunFinishedAt: Date | null;
  notificationsWaiting: number;
  deliveriesWaiting: number;
  /** The oldest notification not fanned out, or the longest-due text or push not sent. */
  oldestNotificationSince: Date | null;
}

const minutes = (ms: number) => {
  const n = Math.max(1, Math.round(ms / 60_000));
  return `${n} minute${n > 1 ? 's' : ''}`;
};

/** What has waited too long, one sentence each (empty: the worker keeps up). */
export function workerLag(backlog: WorkerBacklog, now: Date): string[] {
  const lag: string[] = [];
  const waited = (since: Date | null) => (since === null ? 0 : now.getTime() - since.getTime());
  if (waited(backlog.reputationWaitingSince) > WORKER_BEHIND_AFTER_MS) {
    lag.push(`Reputation changes have waited ${minutes(waited(backlog.reputationWaitingSince))} for a worker run.`);
  }
  if (waited(backlog.oldestNotificationSince) > WORKER_BEHIND_AFTER_MS) {
    lag.push(`Notifications have waited ${minutes(waited(backlog.oldestNotificationSince))} to be sent (${backlog.notificationsWaiting} to fan out, ${backlog.deliveriesWaiting} texts and pushes to send).`);
  }
  return lag;
}

async function readBacklog(db: Database): Promise<WorkerBacklog> {
  // Indexed reads only: a public probe's cost must not grow with the network or a backlog.
  const [runs, outbox] = await Promise.all([reputationRunState(db), outboxLag(db)]);
  const date = (ms: number | null) => (ms === null ? null : new Date(ms));
  return {
    reputationWaitingSince: runs.requestedSeq > runs.doneSeq ? date(runs.requestedAt) : null,
    lastRunFinishedAt: date(runs.lastFinishedAt),
    notificationsWaiting: outbox.notifications,
    deliveriesWaiting: outbox.deliveries,
    oldestNotificationSince: outbox.waitingSince,
  };
}

/** 200 while the worker keeps up, 503 with what waits when it does not; the same fields either way. */
export function workerHealth(db: Database, clock: () => Date = () => new Date()): RequestHandler {
  return (_req, res, next) => {
    readBacklog(db).then((backlog) => {
      const behind = workerLag(backlog, clock());
      const iso = (date: Date | null) => (date === null ? null : date.toISOString());
      res.setHeader('Cache-Control', 'no-store');
      res.status(behind.length ? 503 : 200).json({
        status: behind.length ? 'behind' : 'ok',
        behind,
        behindAfterSeconds: WORKER_BEHIND_AFTER_MS / 1000,
        reputation: { waitingSince: iso(backlog.reputationWaitingSince), lastRunFinishedAt: iso(backlog.lastRunFinishedAt) },
        notifications: { waiting: backlog.notificationsWaiting, deliveriesWaiting: backlog.deliveriesWaiting, oldestWaitingSince: iso(backlog.oldestNotificationSince) },
      });
    }, next);
  };
}
