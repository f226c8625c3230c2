import { daysActive, figureText, figureUnit, FIGURES, networkSize, reputationOutOf100 } from '../src/figures';

describe('figures: one definition each (issue 28 item 6)', () => {
  const now = new Date('2025-06-15T12:00:00Z');

  it('counts the day an account was created as a day active', () => {
    expect(daysActive('2025-06-15T00:30:00Z', now)).toBe(1);
    expect(daysActive('2025-06-14T23:59:00Z', now)).toBe(2);
    expect(daysActive('2025-05-16T13:00:00Z', now)).toBe(31);
    expect(daysActive('2024-06-15T12:00:00Z', now)).toBe(366);
    // A creation a moment ahead of this device's clock is still today.
    expect(daysActive('2025-06-15T12:00:05Z', now)).toBe(1);
  });

  it('reads a missing or malformed creation date as 0 days', () => {
    expect(daysActive(undefined, now)).toBe(0);
    expect(daysActive('not a date', now)).toBe(0);
  });

  it('measures the network as accepted vouches given plus received', () => {
    expect(networkSize({ vouchesGiven: 4, vouchesReceived: 3 })).toBe(7);
    expect(networkSize({})).toBe(0);
    expect(networkSize(null)).toBe(0);
  });

  it('reads reputation as a whole number out of 100', () => {
    expect(reputationOutOf100(42.46)).toBe(42);
    expect(reputationOutOf100(150)).toBe(100);
    expect(reputationOutOf100(-5)).toBe(0);
    expect(reputationOutOf100(Number.NaN)).toBe(0);
    expect(figureText('reputation', 57)).toBe('57 / 100');
  });

  it('gives every count its unit, singular for one', () => {
    expect(figureText('networkSize', 1)).toBe('1 vouch');
    expect(figureText('networkSize', 1234)).toBe('1,234 vouches');
    expect(figureText('connections', 1)).toBe('1 person');
    expect(figureText('connections', 31)).toBe('31 people');
    expect(figureText('daysActive', 1)).toBe('1 day');
    expect(figureUnit('reputation', 3)).toBe('');
    for (const definition of Object.values(FIGURES)) expect(definition.counts.length).toBeGreaterThan(10);
  });
});
