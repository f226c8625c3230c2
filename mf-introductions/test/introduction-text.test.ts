import type { Match } from '@vouch/contracts';
import {
  connectorPalette,
  degreeLabel,
  groupMatches,
  requestStatusLabel,
  requestStatusPalette,
  skillList,
  upgradeTierLabel,
  visibleConnectors,
} from '../src/features/introductions/lib/introduction-text';

const match = (userId: number, relevanceScore: number, name = `Person ${userId}`): Match => ({
  userId,
  name,
  phone: '•••-•••-1234',
  relevanceScore,
  matchingFactors: ['React'],
  aiAnalysis: 'Vouched for React by 2 people.',
  confidenceLevel: 'medium',
  createdAt: '2025-01-01T00:00:00.000Z',
  degree: 1,
  path: `You → ${name}`,
});

describe('request status badges (SPEC §4)', () => {
  it('gives the four statuses their colours and anything else a neutral one', () => {
    expect(requestStatusPalette('broadcasting')).toBe('blue');
    expect(requestStatusPalette('collecting_suggestions')).toBe('yellow');
    expect(requestStatusPalette('completed')).toBe('green');
    expect(requestStatusPalette('cancelled')).toBe('red');
    expect(requestStatusPalette('archived')).toBe('gray');
    expect(requestStatusPalette('')).toBe('gray');
  });

  it('reads statuses as words', () => {
    expect(requestStatusLabel('collecting_suggestions')).toBe('Collecting suggestions');
    expect(requestStatusLabel('completed')).toBe('Completed');
  });
});

describe('degree labels', () => {
  it('says 1st, 2nd, 3rd', () => {
    expect([1, 2, 3].map(degreeLabel)).toEqual(['1st', '2nd', '3rd']);
    expect(degreeLabel(4)).toBe('4th');
    expect(degreeLabel(11)).toBe('11th');
  });
});

describe('connector colour by average relevance (SPEC §4)', () => {
  it.each([
    [100, 'green'],
    [85, 'green'],
    [84, 'yellow'],
    [70, 'yellow'],
    [69, 'orange'],
    [0, 'orange'],
  ])('%i → %s', (score, palette) => {
    expect(connectorPalette(score)).toBe(palette);
  });
});

describe('upgrade tier label (SPEC "Introduction Requests")', () => {
  it('shows premium as Pro and everything else as Catalyst', () => {
    expect(upgradeTierLabel('premium')).toBe('Pro');
    expect(upgradeTierLabel('enterprise')).toBe('Catalyst');
    expect(upgradeTierLabel(null)).toBe('Catalyst');
  });
});

describe('groupMatches (Help with Introduction)', () => {
  it('groups by relevance (≥ 90 perfect, ≥ 70 strong, ≥ 50 potential), best first, and leaves "other" out', () => {
    const groups = groupMatches({ perfect: [match(1, 95), match(2, 99)], strong: [match(3, 72)], potential: [match(4, 55)], other: [match(5, 30)] });
    expect(groups.map((g) => [g.tier, g.matches.map((m) => m.userId)])).toEqual([
      ['perfect', [2, 1]],
      ['strong', [3]],
      ['potential', [4]],
    ]);
  });

  it('shows at most five potential matches (SPEC §9), but every perfect and strong one', () => {
    const potential = Array.from({ length: 8 }, (_, i) => match(10 + i, 50 + i));
    const strong = Array.from({ length: 7 }, (_, i) => match(30 + i, 70 + i));
    const groups = groupMatches({ perfect: [], strong, potential, other: [] });
    expect(groups.find((g) => g.tier === 'strong')?.matches).toHaveLength(7);
    const shown = groups.find((g) => g.tier === 'potential')?.matches ?? [];
    expect(shown.map((m) => m.relevanceScore)).toEqual([57, 56, 55, 54, 53]);
  });

  it('trusts the score over the list a match came in, and shows a person once', () => {
    const groups = groupMatches({ perfect: [match(1, 80)], strong: [match(1, 80), match(2, 91)], potential: [], other: [] });
    expect(groups.map((g) => [g.tier, g.matches.map((m) => m.userId)])).toEqual([
      ['perfect', [2]],
      ['strong', [1]],
    ]);
  });

  it('leaves empty groups out', () => {
    expect(groupMatches({ perfect: [], strong: [], potential: [], other: [match(1, 10)] })).toEqual([]);
  });
});

describe('connector lists (SPEC §9)', () => {
  const connectors = Array.from({ length: 14 }, (_, i) => i);
  it('previews five and lists ten when showing all', () => {
    expect(visibleConnectors(connectors, false)).toEqual([0, 1, 2, 3, 4]);
    expect(visibleConnectors(connectors, true)).toHaveLength(10);
    expect(visibleConnectors([1, 2], true)).toEqual([1, 2]);
  });
});

describe('skillList', () => {
  it('splits desired skills into chips', () => {
    expect(skillList('React, Go; machine learning,, ')).toEqual(['React', 'Go', 'machine learning']);
  });
});
