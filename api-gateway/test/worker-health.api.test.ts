// GET /api/health/worker (issue 42's leftover: a worker that stops again and again raised no
// alert): 200 while no work waits longer than two minutes; 503 naming what waits once a
// reputation change or a notification has waited longer, as when no worker runs. The API tests
// run no worker, so what a vouch leaves waits here; a clock three minutes on plays the wait.
import express from 'express';
import supertest from 'supertest';
import { describeEachDatabase, signIn, vouchAndAccept } from './support';
import { WORKER_BEHIND_AFTER_MS, workerHealth, workerLag } from '../src/worker-health';

describe('workerLag', () => {
  const now = new Date('2026-11-29T12:00:00Z');
  const ago = (ms: number) => new Date(now.getTime() - ms);
  const idle = { reputationWaitingSince: null, lastRunFinishedAt: null, notificationsWaiting: 0, deliveriesWaiting: 0, oldestNotificationSince: null };

  it('is empty while nothing waits, or nothing has waited longer than the limit', () => {
    expect(workerLag(idle, now)).toEqual([]);
    expect(workerLag({ ...idle, reputationWaitingSince: ago(WORKER_BEHIND_AFTER_MS), notificationsWaiting: 3, oldestNotificationSince: ago(WORKER_BEHIND_AFTER_MS) }, now)).toEqual([]);
  });

  it('names each kind of work that has waited longer, and for how long', () => {
    expect(workerLag({ ...idle, reputationWaitingSince: ago(7 * 60_000), notificationsWaiting: 2, deliveriesWaiting: 5, oldestNotificationSince: ago(WORKER_BEHIND_AFTER_MS + 1) }, now)).toEqual([
      'Reputation changes have waited 7 minutes for a worker run.',
      'Notifications have waited 2 minutes to be sent (2 to fan out, 5 texts and pushes to send).',
    ]);
  });
});

describeEachDatabase('GET /api/health/worker', (t) => {
  it('answers 200 with nothing waiting on a new database, uncached', async () => {
    const res = await t.request.get('/api/health/worker').expect(200);
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.body).toEqual({
      status: 'ok',
      behind: [],
      behindAfterSeconds: WORKER_BEHIND_AFTER_MS / 1000,
      reputation: { waitingSince: null, lastRunFinishedAt: null },
      notifications: { waiting: 0, deliveriesWaiting: 0, oldestWaitingSince: null },
    });
  });

  it('shows what an accepted vouch leaves for the worker, and answers 503 naming it once it has waited over two minutes', async () => {
    const ana = await signIn(t, ['Ana', 'Health']);
    const ben = await signIn(t, ['Ben', 'Health']);
    await vouchAndAccept(ana, ben);

    const now = await t.request.get('/api/health/worker').expect(200);
    expect(now.body.status).toBe('ok');
    expect(now.body.reputation.waitingSince).not.toBeNull();
    expect(now.body.notifications.waiting + now.body.notifications.deliveriesWaiting).toBeGreaterThan(0);

    // Three minutes on, with no worker to take any of it.
    const later = express().get('/api/health/worker', workerHealth(t.db, () => new Date(Date.now() + 3 * 60_000)));
    const res = await supertest(later).get('/api/health/worker').expect(503);
    expect(res.body.status).toBe('behind');
    expect(res.body.behind).toEqual([expect.stringMatching(/^Reputation changes have waited 3 minutes for a worker run\.$/), expect.stringMatching(/^Notifications have waited 3 minutes to be sent \(\d+ to fan out, \d+ texts and pushes to send\)\.$/)]);
  });

  it('counts a text waiting out its retry pause as not late yet, and one due for over two minutes as late', async () => {
    const probe = () => supertest(express().get('/api/health/worker', workerHealth(t.db))).get('/api/health/worker');
    // Only deliveries wait now: the notifications were fanned out (as a worker would).
    await t.db.sequelize.query("UPDATE notifications SET status = 'fanned' WHERE status = 'pending'");
    const delivery = (createdAgoMs: number, dueInMs: number) =>
      t.db.sequelize.query(
        "INSERT INTO notification_deliveries (notification_id, member_id, channel, device_id, status, attempts, next_attempt_at, created_at) VALUES (1, 1, 'text', :device, 'pending', 1, :due, :created)",
        { replacements: { device: Math.abs(dueInMs), due: new Date(Date.now() + dueInMs), created: new Date(Date.now() - createdAgoMs) } },
      );
    // Written 20 minutes ago, its first try failed, the next is 10 minutes away: Twilio's trouble, not a missing worker.
    await delivery(20 * 60_000, 10 * 60_000);
    expect((await probe().expect(200)).body.notifications).toMatchObject({ waiting: 0, deliveriesWaiting: 1 });
    // Due 5 minutes ago and still not sent: no worker is taking it.
    await delivery(6 * 60_000, -5 * 60_000);
    const late = await probe().expect(503);
    expect(late.body.behind).toEqual(['Notifications have waited 5 minutes to be sent (0 to fan out, 2 texts and pushes to send).']);
  });
});
