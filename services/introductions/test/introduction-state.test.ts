import { connectorAskedAfter, connectorExpiry, introductionExpiry, introductionStatusAt, requestStatusAt, roleIn, sharesPhones } from '../src/domain/introduction-state';

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

describe('a request addressed to a member awaiting its connector', () => {
  const createdAt = new Date('2026-03-01T10:00:00Z');

  it('lapses after the same 14 days the target gets', () => {
    expect(connectorExpiry(createdAt).toISOString()).toBe('2026-03-15T10:00:00.000Z');
    expect(connectorAskedAfter(new Date('2026-03-15T10:00:00Z')).toISOString()).toBe(createdAt.toISOString());
  });

  it('reads as awaiting until then and expired from that instant on; an answered or closed one never expires', () => {
    expect(requestStatusAt({ status: 'awaiting_connector', createdAt }, new Date('2026-03-15T09:59:59Z'))).toBe('awaiting_connector');
    expect(requestStatusAt({ status: 'awaiting_connector', createdAt }, connectorExpiry(createdAt))).toBe('expired');
    for (const status of ['forwarded', 'declined', 'cancelled', 'completed', 'broadcasting'] as const) {
      expect(requestStatusAt({ status, createdAt }, new Date('2027-01-01'))).toBe(status);
    }
  });
});
