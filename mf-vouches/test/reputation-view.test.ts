import type { UserProfile } from '@vouch/contracts';
import { displayScore, reputationView } from '../src/features/dashboard/lib/reputation';

/** A profile as GET /api/auth/session sends it for a member who has done nothing yet. */
const member = (fields: Partial<UserProfile>): UserProfile => ({
  id: 1, name: 'New Member', phone: '+14155550123', onboardingComplete: false, socialCapitalBalance: 0, introductionScore: 0, connectorScore: 0, vouchScore: 0,
  reputationScore: 0, vouchesGiven: 0, vouchesReceived: 0, introductionRequestsCount: 0, connectionsCount: 0, profileViews: 0, createdAt: '2026-03-10T12:00:00Z', ...fields,
});

describe('the reputation panel (SPEC "Reputation panel", §4, §9)', () => {
  it('shows whole scores, capped at 100 and never below 0', () => {
    expect(displayScore(42.46)).toBe(42);
    expect(displayScore(150)).toBe(100);
    expect(displayScore(-5)).toBe(0);
    expect(displayScore(undefined)).toBe(0);
  });

  it('names the level by the score and caps every bar at 100', () => {
    const view = reputationView(member({ name: 'Ada', reputationScore: 83.4, introductionScore: 120, connectorScore: 12.5, vouchScore: 60, socialCapitalBalance: -2.4, vouchesGiven: 2, vouchesReceived: 1 }));
    expect(view).toMatchObject({ score: 83, percent: 83.4, level: 'Expert', levelPalette: 'purple', socialCapital: -2, networkSize: 3 });
    expect(view.scores.map((row) => [row.label, row.value, row.percent])).toEqual([
      ['Introduction Score', 100, 100],
      ['Connector Score', 13, 12.5],
      ['Vouch Score', 60, 60],
    ]);
  });

  it('reads a member without scores yet as New, all at zero', () => {
    const view = reputationView(member({}));
    expect(view).toMatchObject({ score: 0, percent: 0, level: 'New', socialCapital: 0, networkSize: 0 });
    expect(view.scores.every((row) => row.value === 0 && row.percent === 0)).toBe(true);
  });
});
