import { ACTIVITY_TYPES } from '@vouch/contracts';
import { activityBadgeLabel, activityIconName, cleanConfirmationCode, initialsOf, isCodeComplete, isPhoneComplete, memberMenuLinks } from '../src/features/header/header-rules';

describe('avatar initials (SPEC "Header")', () => {
  test.each([
    ['Ada Lovelace', 'AL'],
    ['ada king lovelace', 'AK'],
    ['  Grace   Hopper ', 'GH'],
    ['Cher', 'C'],
    ['Émile Zola', 'ÉZ'],
    ['', ''],
  ])('%j → %j', (name, initials) => {
    expect(initialsOf(name)).toBe(initials);
  });
});

describe('activity badge (SPEC §9: capped at 9)', () => {
  test.each([
    [0, null],
    [1, '1'],
    [9, '9'],
    [10, '9+'],
    [20, '9+'],
    [-1, null],
  ])('%d activities → %j', (count, label) => {
    expect(activityBadgeLabel(count)).toBe(label);
  });
});

describe('activity icons (SPEC §3)', () => {
  it('gives every known type its own icon', () => {
    const names = ACTIVITY_TYPES.map(activityIconName);
    expect(names).not.toContain('default');
    expect(new Set(names).size).toBe(ACTIVITY_TYPES.length);
  });

  it('gives any other type the default icon', () => {
    expect(activityIconName('profile_viewed')).toBe('default');
    expect(activityIconName('')).toBe('default');
  });
});

describe('avatar menu pages (SPEC "Header", §6)', () => {
  it('lists the pages in order, Network Map only with a path, and locks the ones that need a vouch', () => {
    expect(memberMenuLinks().map((link) => link.label)).toEqual(['My Vouches', 'Introduction Requests', 'Stats', 'Subscription']);
    const withMap = memberMenuLinks('/network');
    expect(withMap.map((link) => [link.label, link.path, link.needsVouch])).toEqual([
      ['My Vouches', '/my-vouches', false],
      ['Introduction Requests', '/introduction-requests', true],
      ['Network Map', '/network', true],
      ['Stats', '/stats', true],
      ['Subscription', '/subscription', false],
    ]);
  });
});

describe('codes and a new phone number in the account dialogs (issue 43)', () => {
  test('a code keeps its six digits as typed; only six digits are complete', () => {
    expect(cleanConfirmationCode(' 12-34 567')).toBe('123456');
    expect(isCodeComplete('123456')).toBe(true);
    expect(isCodeComplete('12345')).toBe(false);
  });

  test.each([
    ['(555) 123-4567', true],
    ['+1 555 123 4567', true],
    ['555 123 456', false],
    ['', false],
  ])('new phone %j is complete: %j', (typed, complete) => {
    expect(isPhoneComplete(typed)).toBe(complete);
  });
});
