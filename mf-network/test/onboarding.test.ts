import type { OnboardingNode } from '@vouch/contracts';
import { onboardingExtent, slotLabel, slotPercent, slotText } from '../src/features/onboarding-map/lib/onboarding';

const open = (number: number): OnboardingNode => ({
  id: `peer-${number}`,
  type: 'peer',
  position: { x: 0, y: -1 },
  isActive: false,
  question: { number, text: 'Who?', theme: number <= 5 ? 'Character Traits' : number <= 10 ? 'Skills & Expertise' : 'Accomplishments & Impact' },
});
const filled: OnboardingNode = {
  id: 'mentor-1',
  type: 'mentor',
  position: { x: 1.35, y: 0 },
  isActive: true,
  vouch: { id: 1, name: 'ada lovelace', type: 'recommendation', skills: null, characterTraits: null, accomplishments: null, reason: null, acceptedAt: null, direction: 'received', relationship: null },
};

describe('onboarding map', () => {
  it('labels filled slots with initials and open slots with their question number and theme', () => {
    expect(slotText(filled)).toBe('AL');
    expect(slotText(open(7))).toBe('7');
    expect(slotLabel(filled)).toBe('Mentor: ada lovelace');
    expect(slotLabel(open(12))).toBe('Open peer slot, question 12: Accomplishments & Impact');
  });

  it('places slots in the square, leaving room for the outer ring when used', () => {
    expect(onboardingExtent([open(1)])).toBe(1.3);
    expect(onboardingExtent([open(1), filled])).toBe(1.6);
    expect(slotPercent({ x: 0, y: -1 }, 1.3)).toEqual({ left: 50, top: 11.54 });
    expect(slotPercent({ x: 1.35, y: 0 }, 1.6)).toEqual({ left: 92.19, top: 50 });
  });
});
