import { percent, reputationLevel } from '../src/reputation';

describe('reputation levels and percentages (SPEC §4, §9)', () => {
  it('name the level by the thresholds 80, 60, 40 and 20', () => {
    expect([0, 19.9, 20, 39.9, 40, 59.9, 60, 79.9, 80, 100].map(reputationLevel)).toEqual([
      'New', 'New', 'Beginner', 'Beginner', 'Intermediate', 'Intermediate', 'Advanced', 'Advanced', 'Expert', 'Expert',
    ]);
  });

  it('cap percentages at 100 and never go below 0', () => {
    expect(percent(42.5)).toBe(42.5);
    expect(percent(100)).toBe(100);
    expect(percent(150)).toBe(100);
    expect(percent(-3)).toBe(0);
    expect(percent(Number.NaN)).toBe(0);
  });
});
