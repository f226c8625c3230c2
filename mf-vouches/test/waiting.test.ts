import type { Vouch } from '@vouch/contracts';
import { unlockCopy, waitingForNames, waitingVouches } from '../src/features/dashboard/lib/waiting';

const NOW = new Date('2026-11-24T12:00:00Z');
const sent = (recipientName: string, extra: Partial<Vouch> = {}) =>
  ({ recipientName, status: 'pending', expiresAt: '2026-12-01T00:00:00Z', ...extra }) as Vouch;

describe('half-unlocked: vouches sent and waiting for an answer (issue 16)', () => {
  it('waits only for pending vouches that can still be answered', () => {
    const list = [sent('Sam Lee'), sent('Ann Old', { expiresAt: '2026-11-01T00:00:00Z' }), sent('Bo Yes', { status: 'accepted' }), sent('Rosa Diaz')];
    expect(waitingVouches(list, NOW).map((v) => v.recipientName)).toEqual(['Sam Lee', 'Rosa Diaz']);
  });

  it('names whom it waits for by first name', () => {
    expect(waitingForNames([sent('Sam Lee')])).toBe('Sam');
    expect(waitingForNames([sent('Sam Lee'), sent('Rosa Diaz')])).toBe('Sam and Rosa');
    expect(waitingForNames([sent('Sam Lee'), sent('Rosa Diaz'), sent('Ivy Ng')])).toBe('Sam, Rosa and 1 other');
    expect(waitingForNames([sent('Sam Lee'), sent('Rosa Diaz'), sent('Ivy Ng'), sent('Al B')])).toBe('Sam, Rosa and 2 others');
  });

  it('invites a first vouch when none was sent', () => {
    const copy = unlockCopy([]);
    expect(copy.heading).toBe('Welcome to Vouch! Start with your first Vouch');
    expect(copy.network).toContain('with your first Vouch');
  });

  it('says whose answer unlocks everything once a vouch was sent, never "your first Vouch"', () => {
    const one = unlockCopy([sent('Sam Lee')]);
    expect(one.heading).toBe('Waiting for Sam to accept — share the link again');
    expect(one.reputation).toBe('Your reputation score, social capital and network size appear once Sam accepts.');
    expect(one.network).toBe('Your network map unlocks once Sam accepts: see your 1° and 2° connections grow.');
    const two = unlockCopy([sent('Sam Lee'), sent('Rosa Diaz')]);
    expect(two.heading).toBe('Waiting for Sam and Rosa to accept — share the links again');
    expect(two.profile).toBe('Your profile summary unlocks once one of them accepts.');
    for (const copy of [one, two]) expect(Object.values(copy).join(' ')).not.toMatch(/first Vouch/);
  });
});
