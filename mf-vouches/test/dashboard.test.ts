import { dashboardState, greeting, isNewUserVisit } from '../src/features/dashboard/dashboard';

describe('the dashboard (SPEC "Dashboard", §6)', () => {
  it('is locked without vouches, onboarding with some, and shows the full map at 15 or once onboarding is complete', () => {
    expect(dashboardState({})).toBe('no-vouches');
    expect(dashboardState({ vouchesGiven: 0, vouchesReceived: 0, onboardingComplete: true })).toBe('no-vouches');
    expect(dashboardState({ vouchesGiven: 1, vouchesReceived: 0 })).toBe('onboarding');
    expect(dashboardState({ vouchesGiven: 10, vouchesReceived: 4 })).toBe('onboarding');
    expect(dashboardState({ vouchesGiven: 10, vouchesReceived: 5 })).toBe('full-map');
    expect(dashboardState({ vouchesGiven: 2, vouchesReceived: 0, onboardingComplete: true })).toBe('full-map');
  });

  it('greets the member by name', () => {
    expect(greeting('Ada Lovelace')).toBe('Welcome back, Ada Lovelace');
    expect(greeting('  ')).toBe('Welcome back');
  });

  it('notices a new member arriving from an accepted vouch', () => {
    expect(isNewUserVisit(new URLSearchParams('newUser=true'))).toBe(true);
    expect(isNewUserVisit(new URLSearchParams('newUser=false'))).toBe(false);
    expect(isNewUserVisit(new URLSearchParams(''))).toBe(false);
  });
});
