// The worker's side of push: delivers what the outbox holds, with retries and backoff, and prunes
// devices the push service says are gone. Runs in the worker process only (src/worker.ts).
import type { Database } from '@vouch/service-core';
import { deleteDevice, findDevice } from '../data-access/device.repository';
import { claimOutboxRow, deleteOutboxRow, dueOutboxRows, purgeFailedOutboxRows, rescheduleOutboxRow } from '../data-access/outbox.repository';
import type { PushSenders } from '../delivery/push-sender';

export interface DeliveryOptions {
  /** PUSH_MAX_ATTEMPTS (default 6): attempts before a notification is given up as failed. */
  maxAttempts: number;
  /** PUSH_RETRY_BASE_MS (default 30000): the wait after the first failure; doubled after each next one. */
  retryBaseMs: number;
  /** How long a claimed row stays hidden from other workers while it is being sent. */
  claimMs: number;
  /** Rows read per pass. */
  batch: number;
}

export const DEFAULT_DELIVERY_OPTIONS: DeliveryOptions = { maxAttempts: 6, retryBaseMs: 30_000, claimMs: 60_000, batch: 100 };

/** The wait before attempt `attempts + 1`: base, 2×base, 4×base … at most an hour. */
export function retryDelayMs(attempts: number, baseMs: number): number {
  return Math.min(baseMs * 2 ** Math.max(0, attempts - 1), 3_600_000);
}

export interface DeliveryReport {
  sent: number;
  retried: number;
  failed: number;
  pruned: number;
}

/** A failed notification is kept this long for an operator to read, then purged. */
const FAILED_KEPT_MS = 7 * 24 * 3_600_000;

/**
 * One pass over the due outbox rows. Each row is claimed first (one worker per row, whatever
 * the number of workers), then sent through its platform's sender: delivered rows are deleted;
 * a token the service says is invalid deletes the device (and what is queued for it); a
 * transient failure retries after retryDelayMs, until maxAttempts; a lasting one fails the row.
 */
export async function deliverDueNotifications(db: Database, senders: PushSenders, options: DeliveryOptions = DEFAULT_DELIVERY_OPTIONS, now: () => Date = () => new Date()): Promise<DeliveryReport> {
  const report: DeliveryReport = { sent: 0, retried: 0, failed: 0, pruned: 0 };
  const rows = await dueOutboxRows(db, now(), options.batch);
  for (const row of rows) {
    if (!(await claimOutboxRow(db, row, new Date(now().getTime() + options.claimMs)))) continue;
    const attempts = row.attempts + 1;
    const device = await findDevice(db, row.deviceId);
    if (!device) {
      await deleteOutboxRow(db, row.id);
      continue;
    }
    const sender = senders[device.platform];
    if (!sender) {
      await rescheduleOutboxRow(db, row.id, { at: null, error: `Push for ${device.platform} is off on this server.` });
      report.failed += 1;
      continue;
    }
    const outcome = await sender.send(device, row);
    if (outcome.result === 'sent') {
      await deleteOutboxRow(db, row.id);
      report.sent += 1;
    } else if (outcome.result === 'invalid-token') {
      await deleteDevice(db, device.id);
      report.pruned += 1;
    } else if (outcome.result === 'retry' && attempts < options.maxAttempts) {
      await rescheduleOutboxRow(db, row.id, { at: new Date(now().getTime() + retryDelayMs(attempts, options.retryBaseMs)), error: outcome.error });
      report.retried += 1;
    } else {
      await rescheduleOutboxRow(db, row.id, { at: null, error: outcome.error });
      report.failed += 1;
    }
  }
  if (rows.length < options.batch) await purgeFailedOutboxRows(db, new Date(now().getTime() - FAILED_KEPT_MS));
  return report;
}
