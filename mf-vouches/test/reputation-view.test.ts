import { displayScore, networkSize, reputationView } from '../src/features/reputation/reputation';

describe('the reputation panel (SPEC "Reputation panel", §4, §9)', () => {
  it('measures the network as vouches given plus vouches received', () => {
    expect(networkSize({ vouchesGiven: 4, vouchesReceived: 3 })).toBe(7);
    expect(networkSize({})).toBe(0);
    expect(networkSize(null)).toBe(0);
  });

  it('shows whole scores, capped at 100 and never below 0', () => {
    expect(displayScore(42.46)).toBe(42);
    expect(displayScore(150)).toBe(100);
    expect(displayScore(-5)).toBe(0);
    expect(displayScore(undefined)).toBe(0);
  });

  it('names the level by the score and caps every bar at 100', () => {
    const view = reputationView({ name: 'Ada', phone: '+14155550123', reputationScore: 83.4, introductionScore: 120, connectorScore: 12.5, vouchScore: 60, socialCapitalBalance: -2.4, vouchesGiven: 2, vouchesReceived: 1 });
    expect(view).toMatchObject({ score: 83, percent: 83.4, level: 'Expert', levelPalette: 'purple', socialCapital: -2, networkSize: 3 });
    expect(view.scores.map((row) => [row.label, row.value, row.percent])).toEqual([
      ['Introduction Score', 100, 100],
      ['Connector Score', 13, 12.5],
      ['Vouch Score', 60, 60],
    ]);
  });

  it('reads a member without scores yet as New, all at zero', () => {
    const view = reputationView({ name: 'New Member', phone: '+14155550123' });
    expect(view).toMatchObject({ score: 0, percent: 0, level: 'New', socialCapital: 0, networkSize: 0 });
    expect(view.scores.every((row) => row.value === 0 && row.percent === 0)).toBe(true);
  });
});
