// The onboarding variant of the map (SPEC §2, §3 "Onboarding network map", §4): 15 slots, five
// each for mentors, peers and mentees, on a circle around me; a slot holding an accepted vouch is
// active, an empty one shows a numbered question. Pure functions (test/onboarding-map.test.ts).
import type { Connection } from '@vouch/service-vouches';
import { questionTheme, type OnboardingNetworkMap, type OnboardingNode, type OnboardingNodeType, type VouchRelationship } from '@vouch/contracts';

/** Slots per kind; 3 × 5 = 15, the onboarding threshold of vouches (SPEC §9). */
export const SLOTS_PER_KIND = 5;
/** Slot s (0–14) is of kind SLOT_KINDS[s % 3], so the kinds alternate around the circle. */
const SLOT_KINDS: readonly OnboardingNodeType[] = ['mentor', 'peer', 'mentee'];
const BASE_SLOTS = SLOTS_PER_KIND * SLOT_KINDS.length;
/** Vouches beyond a kind's five slots sit on an outer ring at this radius (the base ring is 1). */
export const OVERFLOW_RADIUS = 1.35;

/** Question n (1–15) belongs to slot n − 1. Themes by number (SPEC §4): 1–5, 6–10, 11–15. */
export const ONBOARDING_QUESTIONS: readonly string[] = [
  'Who would you trust with your house keys?',
  'Who always keeps their word, even when it costs them?',
  'Who would you call first in a crisis?',
  'Who tells you the truth when it is hard to hear?',
  'Who treats everyone with the same respect, whatever their title?',
  'Whose work would you recommend without checking it first?',
  'Who is the best problem-solver you have worked with?',
  'Who taught you a skill you still use every week?',
  'Who would you hire again tomorrow?',
  'Whose advice do you seek on a hard professional decision?',
  'Who built something you admire?',
  'Who made a team better just by joining it?',
  'Who turned around a project everyone had given up on?',
  'Who has opened doors for other people’s careers?',
  'Whose impact on their community deserves more recognition?',
];

/** A member's standing for the mapping: reputation first, then seniority (who joined first). */
export interface Standing {
  reputationScore: number;
  createdAt: Date;
  id: number;
}

/** -1, 0 or 1: is `a` below, level with or above `b`? Equal reputation → the earlier member is above. */
export function compareStanding(a: Standing, b: Standing): number {
  if (a.reputationScore !== b.reputationScore) return a.reputationScore > b.reputationScore ? 1 : -1;
  const at = a.createdAt.getTime();
  const bt = b.createdAt.getTime();
  if (at !== bt) return at < bt ? 1 : -1;
  return 0;
}

/** The slot of a relationship the people named (seen from my side): those above me mentor, below me mentee, the rest peers. */
const KIND_OF_RELATIONSHIP: Record<VouchRelationship, OnboardingNodeType> = {
  mentor: 'mentor',
  manager: 'mentor',
  mentee: 'mentee',
  report: 'mentee',
  colleague: 'peer',
  client: 'peer',
  friend: 'peer',
};

/** The slot of an accepted vouch: its stated relationship when it holds one, else the guess by standing (vouches made before relationships). */
export function slotKind(connection: Pick<Connection, 'direction' | 'relationship'>, mutual: boolean, me: Standing, other: Standing): OnboardingNodeType {
  return connection.relationship ? KIND_OF_RELATIONSHIP[connection.relationship] : onboardingKind(connection.direction, mutual, me, other);
}

/**
 * What one accepted vouch without a relationship makes the other member, from my side:
 * - vouched for each other (accepted both ways) → peer;
 * - they vouched for me and stand above me → mentor;
 * - I vouched for them and stand above them → mentee;
 * - anything else (a vouch from someone level with or below me, or to someone above me) → peer.
 */
export function onboardingKind(direction: 'given' | 'received', mutual: boolean, me: Standing, other: Standing): OnboardingNodeType {
  if (mutual) return 'peer';
  const order = compareStanding(other, me);
  if (direction === 'received' && order > 0) return 'mentor';
  if (direction === 'given' && order < 0) return 'mentee';
  return 'peer';
}

const round = (n: number) => Math.round(n * 10_000) / 10_000;
/** Slot s of `count` on a ring, the first at the top, clockwise on screen (y grows downward). */
function onRing(s: number, count: number, radius: number) {
  const angle = -Math.PI / 2 + (2 * Math.PI * s) / count;
  return { x: round(radius * Math.cos(angle)) || 0, y: round(radius * Math.sin(angle)) || 0 };
}

/**
 * The map of my accepted vouches (listConnections; pending invites are not shown). One node per
 * accepted vouch, so 15 vouches fill the 15 slots; a kind's vouches fill its slots oldest
 * accepted first, and those past five go to an outer ring (its total then grows past 5).
 * `standings` holds me and every other member of `connections`.
 */
export function buildOnboardingMap(meId: number, connections: readonly Connection[], standings: ReadonlyMap<number, Standing>): OnboardingNetworkMap {
  const accepted = connections
    .filter((c): c is Connection & { memberId: number } => c.status === 'accepted' && c.memberId !== null && c.memberId !== meId)
    .sort((a, b) => (a.acceptedAt ?? a.createdAt).getTime() - (b.acceptedAt ?? b.createdAt).getTime() || a.vouchId - b.vouchId);
  const given = new Set(accepted.filter((c) => c.direction === 'given').map((c) => c.memberId));
  const received = new Set(accepted.filter((c) => c.direction === 'received').map((c) => c.memberId));
  const me = standings.get(meId) ?? { id: meId, reputationScore: 0, createdAt: new Date(0) };

  const byKind = new Map<OnboardingNodeType, (Connection & { memberId: number })[]>(SLOT_KINDS.map((k) => [k, []]));
  for (const c of accepted) {
    const other = standings.get(c.memberId) ?? { id: c.memberId, reputationScore: 0, createdAt: new Date(0) };
    byKind.get(slotKind(c, given.has(c.memberId) && received.has(c.memberId), me, other))!.push(c);
  }

  const toVouch = (c: Connection) => ({
    id: c.vouchId,
    name: c.name,
    type: c.type,
    skills: c.skills,
    characterTraits: c.characterTraits,
    accomplishments: c.accomplishments,
    reason: c.reason,
    acceptedAt: c.acceptedAt ? c.acceptedAt.toISOString() : null,
    direction: c.direction,
    relationship: c.relationship,
  });

  const nodes: OnboardingNode[] = [];
  const filled = new Map<OnboardingNodeType, number>(SLOT_KINDS.map((k) => [k, 0]));
  for (let s = 0; s < BASE_SLOTS; s += 1) {
    const type = SLOT_KINDS[s % SLOT_KINDS.length]!;
    const index = filled.get(type)!;
    filled.set(type, index + 1);
    const vouch = byKind.get(type)![index];
    const node: OnboardingNode = { id: `${type}-${index + 1}`, type, position: onRing(s, BASE_SLOTS, 1), isActive: Boolean(vouch) };
    if (vouch) node.vouch = toVouch(vouch);
    else node.question = { number: s + 1, text: ONBOARDING_QUESTIONS[s]!, theme: questionTheme(s + 1) };
    nodes.push(node);
  }
  const overflow = SLOT_KINDS.flatMap((type) => byKind.get(type)!.slice(SLOTS_PER_KIND).map((c, i) => ({ type, c, n: SLOTS_PER_KIND + i + 1 })));
  overflow.forEach(({ type, c, n }, i) => {
    nodes.push({ id: `${type}-${n}`, type, position: onRing(i, overflow.length, OVERFLOW_RADIUS), isActive: true, vouch: toVouch(c) });
  });

  const stat = (type: OnboardingNodeType) => {
    const active = byKind.get(type)!.length;
    return { active, total: Math.max(SLOTS_PER_KIND, active) };
  };
  return { networkData: { nodes }, stats: { mentors: stat('mentor'), peers: stat('peer'), mentees: stat('mentee') } };
}
