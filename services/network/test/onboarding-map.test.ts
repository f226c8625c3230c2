import type { Connection } from '@vouch/service-vouches';
import { questionTheme } from '@vouch/contracts';
import { buildOnboardingMap, compareStanding, ONBOARDING_QUESTIONS, onboardingKind, OVERFLOW_RADIUS, slotKind, type Standing } from '../src/domain/onboarding-map';

const standing = (id: number, reputationScore: number, joined = '2025-01-01'): Standing => ({ id, reputationScore, createdAt: new Date(joined) });

describe('standing and kind', () => {
  const me = standing(1, 40, '2025-06-01');

  it('reputation first, then who joined first', () => {
    expect(compareStanding(standing(2, 50), me)).toBe(1);
    expect(compareStanding(standing(2, 30), me)).toBe(-1);
    expect(compareStanding(standing(2, 40, '2025-01-01'), me)).toBe(1);
    expect(compareStanding(standing(2, 40, '2025-06-01'), me)).toBe(0);
  });

  it('from someone above me: mentor; to someone below me: mentee; mutual or against the grain: peer', () => {
    expect(onboardingKind('received', false, me, standing(2, 80))).toBe('mentor');
    expect(onboardingKind('received', false, me, standing(2, 10))).toBe('peer');
    expect(onboardingKind('given', false, me, standing(2, 10))).toBe('mentee');
    expect(onboardingKind('given', false, me, standing(2, 80))).toBe('peer');
    expect(onboardingKind('received', true, me, standing(2, 80))).toBe('peer');
    expect(onboardingKind('given', true, me, standing(2, 10))).toBe('peer');
    expect(onboardingKind('given', false, me, standing(2, 40, '2025-06-01'))).toBe('peer');
  });

  it('a stated relationship decides the slot over any guess: managers and mentors above, reports and mentees below, the rest peers', () => {
    const above = standing(2, 80);
    expect(slotKind({ direction: 'given', relationship: 'manager' }, false, me, standing(2, 10))).toBe('mentor');
    expect(slotKind({ direction: 'received', relationship: 'report' }, false, me, above)).toBe('mentee');
    expect(slotKind({ direction: 'received', relationship: 'mentee' }, true, me, above)).toBe('mentee');
    expect(slotKind({ direction: 'given', relationship: 'friend' }, false, me, standing(2, 10))).toBe('peer');
    expect(slotKind({ direction: 'received', relationship: null }, false, me, above)).toBe('mentor');
  });
});

describe('questions', () => {
  it('15 questions; themes by number (SPEC §4)', () => {
    expect(ONBOARDING_QUESTIONS).toHaveLength(15);
    expect(new Set(ONBOARDING_QUESTIONS).size).toBe(15);
    expect([1, 5, 6, 10, 11, 15].map(questionTheme)).toEqual([
      'Character Traits',
      'Character Traits',
      'Skills & Expertise',
      'Skills & Expertise',
      'Accomplishments & Impact',
      'Accomplishments & Impact',
    ]);
  });
});

describe('buildOnboardingMap', () => {
  let vouchId = 100;
  const accepted = (memberId: number, direction: 'given' | 'received', day: number): Connection => ({
    vouchId: vouchId++,
    type: 'recommendation',
    status: 'accepted',
    direction,
    memberId,
    name: `Member ${memberId}`,
    skills: 'Go',
    characterTraits: null,
    accomplishments: null,
    reason: 'Because',
    relationship: null,
    createdAt: new Date(2025, 0, day),
    acceptedAt: new Date(2025, 0, day),
  });

  it('15 slots on the unit circle, kinds alternating from the top, deterministic', () => {
    const map = buildOnboardingMap(1, [], new Map());
    const nodes = map.networkData.nodes;
    expect(nodes.map((n) => n.id).slice(0, 6)).toEqual(['mentor-1', 'peer-1', 'mentee-1', 'mentor-2', 'peer-2', 'mentee-2']);
    for (const n of nodes) expect(Math.hypot(n.position.x, n.position.y)).toBeCloseTo(1, 3);
    expect(nodes[0]!.position).toEqual({ x: 0, y: -1 });
    expect(buildOnboardingMap(1, [], new Map())).toEqual(map);
  });

  it('fills a kind oldest first; pending vouches hold no slot; past five, an outer ring', () => {
    const me = standing(1, 50);
    const standings = new Map<number, Standing>([[1, me]]);
    const rows: Connection[] = [];
    for (let i = 0; i < 7; i += 1) {
      standings.set(10 + i, standing(10 + i, 90));
      rows.push(accepted(10 + i, 'received', 20 - i)); // newest first in the list
    }
    rows.push({ ...accepted(30, 'given', 1), status: 'pending', memberId: null });
    const map = buildOnboardingMap(1, rows, standings);
    expect(map.stats).toEqual({ mentors: { active: 7, total: 7 }, peers: { active: 0, total: 5 }, mentees: { active: 0, total: 5 } });
    const mentors = map.networkData.nodes.filter((n) => n.type === 'mentor');
    expect(mentors.map((n) => n.vouch?.name)).toEqual(['Member 16', 'Member 15', 'Member 14', 'Member 13', 'Member 12', 'Member 11', 'Member 10']);
    expect(map.networkData.nodes).toHaveLength(17);
    const outer = map.networkData.nodes.slice(15);
    expect(outer.map((n) => n.id)).toEqual(['mentor-6', 'mentor-7']);
    for (const n of outer) expect(Math.hypot(n.position.x, n.position.y)).toBeCloseTo(OVERFLOW_RADIUS, 3);
    expect(map.networkData.nodes.filter((n) => !n.isActive).map((n) => n.question!.number)).toEqual([2, 3, 5, 6, 8, 9, 11, 12, 14, 15]);
  });
});
