import { DEFAULT_DELIVERY_OPTIONS, readDeliveryOptions } from '../src/worker';

describe('the delivery settings read from the environment', () => {
  it('defaults: batches of 100, 8 texts and 16 pushes in flight, a 30 s lease with 12 s of room per send', () => {
    expect(readDeliveryOptions({})).toEqual(DEFAULT_DELIVERY_OPTIONS);
    expect(DEFAULT_DELIVERY_OPTIONS).toMatchObject({ batch: 100, concurrency: { text: 8, push: 16 }, claimMs: 30_000, sendMs: 12_000 });
  });

  it('takes NOTIFY_BATCH, the concurrencies, the lease and the send room; the issue 29 names of the retries still count', () => {
    expect(readDeliveryOptions({ NOTIFY_BATCH: '250', NOTIFY_TEXT_CONCURRENCY: '2', NOTIFY_PUSH_CONCURRENCY: '40', NOTIFY_CLAIM_MS: '90000', NOTIFY_SEND_MS: '20000', PUSH_MAX_ATTEMPTS: '3' })).toEqual({
      ...DEFAULT_DELIVERY_OPTIONS,
      batch: 250,
      concurrency: { text: 2, push: 40 },
      claimMs: 90_000,
      sendMs: 20_000,
      maxAttempts: 3,
    });
  });

  it('refuses what cannot work, naming the setting', () => {
    expect(() => readDeliveryOptions({ NOTIFY_BATCH: '0' })).toThrow('NOTIFY_BATCH must be a whole number from 1 to 1000 (got "0").');
    expect(() => readDeliveryOptions({ NOTIFY_TEXT_CONCURRENCY: 'many' })).toThrow('NOTIFY_TEXT_CONCURRENCY');
    // A lease with no room for one send would release every row unsent.
    expect(() => readDeliveryOptions({ NOTIFY_CLAIM_MS: '10000' })).toThrow('NOTIFY_SEND_MS (12000) must be shorter than NOTIFY_CLAIM_MS (10000).');
  });
});
