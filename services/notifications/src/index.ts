// The public module of the notifications service (docs/architecture.md): its ServiceDefinition and
// what other services may call. Everything a member hears of goes through notify() (the bell, then
// texts and push by the worker); delivery lives in ./worker (the worker process only).
import type { SessionsEndedListener } from '@vouch/service-auth';
import { deleteSessionDevices } from './data-access/device.repository';

export { notificationsService as default } from './service';
export { notify, noteOwnStep, type NotificationEvent, type OwnStep } from './domain/notify';
export { notificationsMemberData } from './domain/member-data';
export { notificationsConfigProblems } from './config';
// What waits for the worker, for the gateway's GET /api/health/worker.
export { outboxLag, OUTBOX_LAG_COUNT_CAP } from './data-access/outbox.repository';

/**
 * Auth's listener of ended sessions (sign-out, ended from another device, expiry, account
 * deletion): their devices stop getting the member's notifications, in the ending transaction.
 */
export const forgetSessionDevices: SessionsEndedListener = async ({ db, t, sessions }) => {
  await deleteSessionDevices(db, t, sessions.map((session) => session.id));
};
