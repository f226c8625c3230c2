import { DEFAULT_INVITE_MESSAGE } from '@vouch/contracts';
import { expiryText, isAnswerable, vouchDetailRows } from '../src/lib/vouch-text';

const now = new Date('2025-06-01T12:00:00Z');
const inHours = (h: number) => new Date(now.getTime() + h * 3600_000).toISOString();

describe('days remaining', () => {
  it('rounds up and says "days"', () => {
    expect(expiryText(inHours(30 * 24), now)).toBe('This Vouch expires in 30 days');
    expect(expiryText(inHours(29 * 24 + 1), now)).toBe('This Vouch expires in 30 days');
    expect(expiryText(inHours(25), now)).toBe('This Vouch expires in 2 days');
  });

  it('says "1 day" for the last day, and "has expired" after', () => {
    expect(expiryText(inHours(1), now)).toBe('This Vouch expires in 1 day');
    expect(expiryText(inHours(0), now)).toBe('This Vouch has expired');
    expect(expiryText(inHours(-48), now)).toBe('This Vouch has expired');
  });

  it('only a pending, unexpired vouch can be answered', () => {
    expect(isAnswerable({ status: 'pending', expiresAt: inHours(1) }, now)).toBe(true);
    expect(isAnswerable({ status: 'pending', expiresAt: inHours(-1) }, now)).toBe(false);
    expect(isAnswerable({ status: 'accepted', expiresAt: inHours(1) }, now)).toBe(false);
  });
});

describe('what a vouch says', () => {
  it('for a recommendation: the filled categories then the reason', () => {
    const rows = vouchDetailRows({ type: 'recommendation', characterTraits: 'Kind', skills: null, accomplishments: ' ', reason: 'Worked together' });
    expect(rows).toEqual([
      { label: 'Character Traits', value: 'Kind' },
      { label: 'Reason', value: 'Worked together' },
    ]);
  });

  it('for an invite: the Personal Message, with the default welcome when empty', () => {
    expect(vouchDetailRows({ type: 'invite', reason: null, skills: null, characterTraits: null, accomplishments: null })).toEqual([
      { label: 'Personal Message', value: DEFAULT_INVITE_MESSAGE },
    ]);
    expect(vouchDetailRows({ type: 'invite', reason: 'Join us', skills: null, characterTraits: null, accomplishments: null })[0]?.value).toBe('Join us');
  });
});
