// The rules of a delivery batch, without a database or a sender: lanes, the lease's room, what an
// outcome writes, the grouping of writes, the coalescing writer and the bounded concurrency.
import {
  changeAfter,
  coalescingWriter,
  groupChanges,
  mayStart,
  passAgainAtOnce,
  retryDelayMs,
  runLanes,
  sendLanes,
  type BatchRow,
} from '../src/domain/delivery-batch';

const text = (id: number, memberId: number): BatchRow => ({ id, memberId, channel: 'text', deviceId: 0 });
const push = (id: number, memberId: number, deviceId: number): BatchRow => ({ id, memberId, channel: 'push', deviceId });

/** A promise and the function that settles it. */
function gate(): { promise: Promise<void>; open: () => void } {
  let open = () => {};
  const promise = new Promise<void>((resolve) => (open = resolve));
  return { promise, open };
}

describe('a delivery batch', () => {
  it('puts a member’s texts in one lane and a device’s pushes in one lane, each in the order written', () => {
    const lanes = sendLanes([text(5, 1), push(4, 1, 10), text(2, 1), text(3, 2), push(1, 1, 11), push(6, 1, 10)]);
    expect(lanes.text.map((lane) => lane.map((row) => row.id))).toEqual([[2, 5], [3]]);
    expect(lanes.push.map((lane) => lane.map((row) => row.id))).toEqual([[1], [4, 6]]);
  });

  it('starts a claimed row only while its lease has room for a whole send', () => {
    const options = { claimMs: 30_000, sendMs: 12_000 };
    expect(mayStart(1_000, 1_000, options)).toBe(true);
    expect(mayStart(1_000, 19_000, options)).toBe(true);
    expect(mayStart(1_000, 19_001, options)).toBe(false);
  });

  it('writes sent, a retry after the backoff until the last attempt, then failed; a gone member or device is failed with why', () => {
    const options = { maxAttempts: 3, retryBaseMs: 1_000 };
    expect(changeAfter({ result: 'sent' }, 1, 0, options)).toEqual({ status: 'sent' });
    expect(changeAfter({ result: 'retry', error: '503' }, 1, 10_000, options)).toEqual({ status: 'pending', at: new Date(11_000), error: '503' });
    expect(changeAfter({ result: 'retry', error: '503' }, 2, 10_000, options)).toEqual({ status: 'pending', at: new Date(12_000), error: '503' });
    expect(changeAfter({ result: 'retry', error: '503' }, 3, 10_000, options)).toEqual({ status: 'failed', error: '503' });
    expect(changeAfter({ result: 'failed', error: 'Twilio 21211' }, 1, 0, options)).toEqual({ status: 'failed', error: 'Twilio 21211' });
    expect(changeAfter({ result: 'dropped', pruned: true }, 1, 0, options)).toEqual({ status: 'failed', error: 'The device is gone (invalid token, or its session ended).' });
    expect(changeAfter({ result: 'dropped', pruned: false }, 1, 0, options)).toEqual({ status: 'failed', error: 'The member or the notification is gone.' });
    expect([1, 2, 3, 20].map((attempts) => retryDelayMs(attempts, 30_000))).toEqual([30_000, 60_000, 120_000, 3_600_000]);
  });

  it('groups finished rows by identical change: every sent row in one statement', () => {
    const at = new Date(5_000);
    const groups = groupChanges([
      { id: 1, change: { status: 'sent' } },
      { id: 2, change: { status: 'pending', at, error: '503' } },
      { id: 3, change: { status: 'sent' } },
      { id: 4, change: { status: 'pending', at: new Date(5_000), error: '503' } },
      { id: 5, change: { status: 'pending', at, error: '429' } },
      { id: 6, change: { status: 'failed', error: 'gone' } },
      { id: 7, change: { status: 'sent' } },
    ]);
    expect(groups.map((g) => [g.change.status, g.ids])).toEqual([
      ['sent', [1, 3, 7]],
      ['pending', [2, 4]],
      ['pending', [5]],
      ['failed', [6]],
    ]);
  });

  it('writes the first finish at once and those that come during a write together in the next', async () => {
    const writes: number[][] = [];
    const gates = [gate(), gate()];
    const writer = coalescingWriter<number>(async (items) => {
      writes.push(items);
      await gates[writes.length - 1]?.promise;
    });
    writer.add(1);
    writer.add(2);
    writer.add(3);
    expect(writes).toEqual([[1]]);
    gates[0]!.open();
    await new Promise((resolve) => setImmediate(resolve));
    expect(writes).toEqual([[1], [2, 3]]);
    writer.add(4);
    gates[1]!.open();
    await writer.drained();
    expect(writes).toEqual([[1], [2, 3], [4]]);
  });

  it('a failed write is thrown by drained(), after the others were still written', async () => {
    const written: number[] = [];
    const writer = coalescingWriter<number>(async (items) => {
      if (items.includes(1)) throw new Error('connection lost');
      written.push(...items);
    });
    writer.add(1);
    writer.add(2);
    await expect(writer.drained()).rejects.toThrow('connection lost');
    expect(written).toEqual([2]);
  });

  it('runs at most the channel’s concurrency of lanes at once, a lane’s rows one after another', async () => {
    const rows = [...Array.from({ length: 10 }, (_, i) => text(i + 1, i + 1)), text(11, 1), push(12, 1, 7), push(13, 1, 7)];
    let inFlight = { text: 0, push: 0 };
    let most = { text: 0, push: 0 };
    const order: number[] = [];
    await runLanes(
      sendLanes(rows),
      { text: 3, push: 5 },
      async (row) => {
        inFlight = { ...inFlight, [row.channel]: inFlight[row.channel] + 1 };
        most = { text: Math.max(most.text, inFlight.text), push: Math.max(most.push, inFlight.push) };
        await new Promise((resolve) => setImmediate(resolve));
        order.push(row.id);
        inFlight = { ...inFlight, [row.channel]: inFlight[row.channel] - 1 };
        return true;
      },
      () => {
        throw new Error('nothing is skipped');
      },
    );
    expect(most).toEqual({ text: 3, push: 1 });
    expect(order.indexOf(11)).toBeGreaterThan(order.indexOf(1));
    expect([...order].sort((a, b) => a - b)).toEqual(Array.from({ length: 13 }, (_, i) => i + 1));
  });

  it('a row that may not start stops its lane: the rest of the lane, and lanes not begun, are skipped, not run', async () => {
    const run: number[] = [];
    const skipped: number[] = [];
    let stopping = false;
    await runLanes(
      sendLanes([text(1, 1), text(2, 1), text(3, 1), text(4, 2), text(5, 3)]),
      { text: 1, push: 1 },
      async (row) => {
        if (stopping) {
          skipped.push(row.id);
          return false;
        }
        run.push(row.id);
        if (row.id === 2) stopping = true;
        return true;
      },
      (rest) => skipped.push(...rest.map((row) => row.id)),
    );
    expect(run).toEqual([1, 2]);
    expect(skipped.sort()).toEqual([3, 4, 5]);
  });

  it('passes again at once after a full batch only', () => {
    expect(passAgainAtOnce({ fanned: 100, claimed: 0 }, 100)).toBe(true);
    expect(passAgainAtOnce({ fanned: 3, claimed: 100 }, 100)).toBe(true);
    expect(passAgainAtOnce({ fanned: 99, claimed: 99 }, 100)).toBe(false);
  });
});
