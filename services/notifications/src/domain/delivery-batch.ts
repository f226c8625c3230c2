// The rules of one delivery batch (issue: the launch's outbox backlog), apart from the database and
// the senders so they can be tested alone: which sends may run side by side, when a claimed row may
// still be started, what each outcome writes, how the writes are grouped into few statements, and
// whether the worker should pass again at once.
import type { NotificationChannel } from '@vouch/contracts';
import type { DeliveryChange } from '../data-access/outbox.repository';

export interface BatchOptions {
  /** NOTIFY_MAX_ATTEMPTS: attempts before a delivery is given up as failed. */
  maxAttempts: number;
  /** NOTIFY_RETRY_BASE_MS: the wait after the first failure; doubled after each next one. */
  retryBaseMs: number;
  /** NOTIFY_CLAIM_MS: the lease of a claimed batch; a worker that dies mid-batch leaves its rows to others after it. */
  claimMs: number;
  /** NOTIFY_SEND_MS: the longest one send may take (the senders' own timeouts are 10 s). */
  sendMs: number;
  /** NOTIFY_BATCH: rows claimed per statement (notifications to fan out, and deliveries to send). */
  batch: number;
  /** NOTIFY_TEXT_CONCURRENCY, NOTIFY_PUSH_CONCURRENCY: sends in flight at once per channel. */
  concurrency: Record<NotificationChannel, number>;
}

/** The wait before attempt `attempts + 1`: base, 2×base, 4×base … at most an hour. */
export function retryDelayMs(attempts: number, baseMs: number): number {
  return Math.min(baseMs * 2 ** Math.max(0, attempts - 1), 3_600_000);
}

/** What a delivery's key fields are, for the rules below. */
export interface BatchRow {
  id: number;
  memberId: number;
  channel: NotificationChannel;
  deviceId: number;
}

/**
 * The batch's rows as lanes, per channel: a lane's rows go one after another, lanes side by side
 * (up to the channel's concurrency). A member's texts share a lane, so one phone gets its texts in
 * the order they were written, and once Twilio says the member replied STOP the rest of their
 * texts in the batch are not sent. A device's pushes share a lane likewise.
 */
export function sendLanes<T extends BatchRow>(rows: readonly T[]): Record<NotificationChannel, T[][]> {
  const lanes: Record<NotificationChannel, Map<string, T[]>> = { text: new Map(), push: new Map() };
  for (const row of [...rows].sort((a, b) => a.id - b.id)) {
    const key = row.channel === 'text' ? `member:${row.memberId}` : `device:${row.deviceId}`;
    const lane = lanes[row.channel].get(key);
    if (lane) lane.push(row);
    else lanes[row.channel].set(key, [row]);
  }
  return { text: [...lanes.text.values()], push: [...lanes.push.values()] };
}

/**
 * A claimed row is started only while its lease has room for a whole send: a send started later
 * could still be going when the lease lapses and another worker claims the row and sends it again.
 * Rows not started are released (due again at once, their attempt not counted).
 */
export function mayStart(claimedAtMs: number, nowMs: number, options: Pick<BatchOptions, 'claimMs' | 'sendMs'>): boolean {
  return nowMs + options.sendMs <= claimedAtMs + options.claimMs;
}

/** What one attempt came to, as the batch records it. */
export type AttemptResult = { result: 'sent' } | { result: 'dropped'; pruned: boolean } | { result: 'retry' | 'failed'; error: string };

/**
 * What an attempt writes: sent; dropped (member, device or session gone: kept as failed with why);
 * a transient failure retried after retryDelayMs until maxAttempts (`attempts` counts this one);
 * else failed with its error.
 */
export function changeAfter(attempt: AttemptResult, attempts: number, nowMs: number, options: Pick<BatchOptions, 'maxAttempts' | 'retryBaseMs'>): DeliveryChange {
  if (attempt.result === 'sent') return { status: 'sent' };
  if (attempt.result === 'dropped') return { status: 'failed', error: attempt.pruned ? 'The device is gone (invalid token, or its session ended).' : 'The member or the notification is gone.' };
  if (attempt.result === 'retry' && attempts < options.maxAttempts) return { status: 'pending', at: new Date(nowMs + retryDelayMs(attempts, options.retryBaseMs)), error: attempt.error };
  return { status: 'failed', error: attempt.error };
}

/** Finished rows grouped by identical change: one UPDATE per group (every sent row of a batch in one). */
export function groupChanges(finished: ReadonlyArray<{ id: number; change: DeliveryChange }>): Array<{ ids: number[]; change: DeliveryChange }> {
  const groups = new Map<string, { ids: number[]; change: DeliveryChange }>();
  for (const { id, change } of finished) {
    const key = change.status === 'sent' ? 'sent' : change.status === 'pending' ? `pending:${change.at.getTime()}:${change.error}` : `failed:${change.error}`;
    const group = groups.get(key);
    if (group) group.ids.push(id);
    else groups.set(key, { ids: [id], change });
  }
  return [...groups.values()];
}

/**
 * Writes finished rows as they come, in few statements: the first finish is written at once, and
 * those that finish while a write is running wait for it and go together in the next. So a batch's
 * marks cost a few statements, and a row sent is marked within about one statement's time (what a
 * worker killed mid-batch can send twice is what it had in flight, not the whole batch).
 */
export function coalescingWriter<T>(write: (items: T[]) => Promise<void>): { add(item: T): void; drained(): Promise<void> } {
  let waiting: T[] = [];
  let running: Promise<void> | null = null;
  let failure: unknown = null;
  const next = (): void => {
    if (running || waiting.length === 0) return;
    const items = waiting;
    waiting = [];
    running = write(items)
      .catch((error: unknown) => {
        failure ??= error;
      })
      .finally(() => {
        running = null;
        next();
      });
  };
  return {
    add(item) {
      waiting.push(item);
      next();
    },
    async drained() {
      while (running) await running;
      if (failure) throw failure;
    },
  };
}

/**
 * Runs each channel's lanes, at most `concurrency[channel]` at once; a lane's rows in order. `run`
 * answers false to stop its lane (the rest of it is handed to `skip`).
 */
export async function runLanes<T extends BatchRow>(lanes: Record<NotificationChannel, T[][]>, concurrency: Record<NotificationChannel, number>, run: (row: T) => Promise<boolean>, skip: (rows: T[]) => void): Promise<void> {
  const channelRuns = (Object.keys(lanes) as NotificationChannel[]).map(async (channel) => {
    const queue = [...lanes[channel]];
    const slot = async (): Promise<void> => {
      for (let lane = queue.shift(); lane; lane = queue.shift()) {
        for (const [i, row] of lane.entries()) {
          if (!(await run(row))) {
            skip(lane.slice(i + 1));
            break;
          }
        }
      }
    };
    await Promise.all(Array.from({ length: Math.max(1, Math.min(concurrency[channel], queue.length)) }, slot));
  });
  await Promise.all(channelRuns);
}

/** A full batch means more is waiting: the worker passes again at once instead of after WORKER_POLL_MS. */
export function passAgainAtOnce(taken: { fanned: number; claimed: number }, batch: number): boolean {
  return taken.fanned >= batch || taken.claimed >= batch;
}
