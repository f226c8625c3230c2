import { introductionExpiry, introductionStatusAt, roleIn, sharesPhones } from '../src/domain/introduction-state';

describe('an introduction awaiting its suggested person', () => {
  const askedAt = new Date('2026-03-01T10:00:00Z');
  const expiresAt = introductionExpiry(askedAt);

  it('lapses 14 days after the ask', () => {
    expect(expiresAt.toISOString()).toBe('2026-03-15T10:00:00.000Z');
  });

  it('reads as awaiting until then and expired from that instant on; an answered one never expires', () => {
    expect(introductionStatusAt({ status: 'awaiting_target', expiresAt }, new Date('2026-03-15T09:59:59Z'))).toBe('awaiting_target');
    expect(introductionStatusAt({ status: 'awaiting_target', expiresAt }, expiresAt)).toBe('expired');
    expect(introductionStatusAt({ status: 'introduced', expiresAt }, new Date('2027-01-01'))).toBe('introduced');
    expect(introductionStatusAt({ status: 'declined', expiresAt }, new Date('2027-01-01'))).toBe('declined');
  });

  it('shares phones only once introduced, and never with the connector', () => {
    expect(sharesPhones('introduced', 'requester')).toBe(true);
    expect(sharesPhones('introduced', 'target')).toBe(true);
    expect(sharesPhones('introduced', 'connector')).toBe(false);
    for (const status of ['awaiting_target', 'declined', 'expired', 'cancelled'] as const) expect(sharesPhones(status, 'requester')).toBe(false);
  });

  it('names the member\'s part; a self-suggester is the target', () => {
    expect(roleIn({ requesterId: 1, targetId: 2, connectorId: 3 }, 3)).toBe('connector');
    expect(roleIn({ requesterId: 1, targetId: 2, connectorId: 2 }, 2)).toBe('target');
    expect(roleIn({ requesterId: 1, targetId: 2, connectorId: 3 }, 4)).toBeNull();
  });
});
