import { dashboardState, greeting, isNewUserVisit } from '../src/features/dashboard/lib/dashboard';

describe('the dashboard (SPEC "Dashboard", §6)', () => {
  it('is locked without vouches, onboarding with some, and shows the full map at 15 or once onboarding is complete', () => {
    expect(dashboardState({})).toBe('no-vouches');
    expect(dashboardState({ vouchesGiven: 0, vouchesReceived: 0, onboardingComplete: true })).toBe('no-vouches');
    expect(dashboardState({ vouchesGiven: 1, vouchesReceived: 0 })).toBe('onboarding');
    expect(dashboardState({ vouchesGiven: 10, vouchesReceived: 4 })).toBe('onboarding');
    expect(dashboardState({ vouchesGiven: 10, vouchesReceived: 5 })).toBe('full-map');
    expect(dashboardState({ vouchesGiven: 2, vouchesReceived: 0, onboardingComplete: true })).toBe('full-map');
  });

  it('welcomes a new member on their first day, and welcomes a returning one back', () => {
    const now = new Date('2026-03-10T12:00:00Z');
    expect(greeting({ name: 'Sam Lee', createdAt: '2026-03-10T11:58:00Z' }, now)).toBe('Welcome to Vouch, Sam Lee');
    expect(greeting({ name: 'Sam Lee', createdAt: '2026-03-09T12:00:01Z' }, now)).toBe('Welcome to Vouch, Sam Lee');
    expect(greeting({ name: 'Ada Lovelace', createdAt: '2026-03-09T12:00:00Z' }, now)).toBe('Welcome back, Ada Lovelace');
    expect(greeting({ name: 'Ada Lovelace', createdAt: '2025-01-01T00:00:00Z' }, now)).toBe('Welcome back, Ada Lovelace');
    expect(greeting({ name: '  ', createdAt: '2026-03-10T11:00:00Z' }, now)).toBe('Welcome to Vouch');
    expect(greeting({ name: '  ' }, now)).toBe('Welcome back');
  });

  it('notices a new member arriving from an accepted vouch', () => {
    expect(isNewUserVisit(new URLSearchParams('newUser=true'))).toBe(true);
    expect(isNewUserVisit(new URLSearchParams('newUser=false'))).toBe(false);
    expect(isNewUserVisit(new URLSearchParams(''))).toBe(false);
  });
});
