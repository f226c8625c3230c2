// The worker's rules without a database: when a run is due, and its configuration.
import { readWorkerConfig } from '../src/config';
import { runDue } from '../src/worker';

describe('when a run is due', () => {
  const state = { requestedSeq: 3, requestedAt: 10_000, doneSeq: 2, leaseHolder: null, leaseUntil: 0, runs: 1, lastStartedAt: null, lastFinishedAt: null, lastMembers: null, lastChanged: null };
  it('waits out the burst: due only once the first request is delayMs old', () => {
    expect(runDue(state, 10_400, 500)).toBe(false);
    expect(runDue(state, 10_500, 500)).toBe(true);
  });
  it('is never due when every request is covered', () => {
    expect(runDue({ ...state, doneSeq: 3 }, 99_999, 0)).toBe(false);
  });
  it('refuses a configuration out of range with a sentence naming the variable', () => {
    expect(() => readWorkerConfig({ WORKER_POLL_MS: 'soon' })).toThrow('WORKER_POLL_MS must be a whole number of milliseconds from 10 to 60000 (got "soon").');
    expect(() => readWorkerConfig({ WORKER_NICE: '20' })).toThrow('WORKER_NICE must be a whole number from 0 to 19 (got "20").');
  });
  it('runs below the gateway\'s CPU priority unless told otherwise', () => {
    expect(readWorkerConfig({}).nice).toBe(10);
    expect(readWorkerConfig({ WORKER_NICE: '0' }).nice).toBe(0);
  });
});
