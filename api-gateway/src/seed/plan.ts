// The demo network as data: who joins when, who vouches for whom, what is asked. Pure and
// deterministic for a given size (the PRNG is seeded by it), so a second run plans exactly
// what the first one made and only writes what is missing.
import { CHARACTER_TRAITS, COMMUNITIES, INVITE_MESSAGES, REASON_TEMPLATES, type Community } from './communities';
import { FIRST_NAMES, LAST_NAMES } from './names';
import { createRandom, type Random } from './prng';
import { REQUEST_TEMPLATES, SUGGESTION_REASONS } from './requests';

export type SeedPlanName = 'free' | 'premium' | 'enterprise';

export interface PlannedMember {
  index: number;
  /** E.164; the North American fictional range 555-0100…0199 in several area codes. */
  phone: string;
  firstName: string;
  lastName: string;
  community: Community;
  joinedAt: Date;
  plan: SeedPlanName;
}

export interface PlannedVouch {
  from: number;
  /** A member index, or a person who has not joined yet (a pending invite). */
  to: number | { phone: string; name: string };
  type: 'recommendation' | 'invite';
  /** accepted vouches are answered at `answeredAt`; pending ones are left for the recipient. */
  status: 'accepted' | 'pending';
  createdAt: Date;
  answeredAt: Date | null;
  body: { reason: string | null; skills: string | null; characterTraits: string | null; accomplishments: string | null };
}

export interface PlannedSuggestion {
  suggester: number;
  person: number;
  reasoning: string;
  answer: 'accept' | null;
  /** An accepted suggestion's person agrees to be introduced (the double opt-in's second half), or is still asked. */
  targetAgrees: boolean;
}

export interface PlannedRequest {
  requester: number;
  body: { requestType: string; desiredSkills: string; reason: string; context: string | null; degreeLevel: 2 };
  createdAt: Date;
  suggestions: PlannedSuggestion[];
}

export interface SeedPlan {
  members: PlannedMember[];
  vouches: PlannedVouch[];
  requests: PlannedRequest[];
}

/** The members to sign in as: fixed phones, well connected, one per plan. */
export const DEMO_MEMBERS = [
  { phone: '+14155550100', display: '+1 415 555 0100', firstName: 'Maya', lastName: 'Chen', community: 'software', plan: 'enterprise' },
  { phone: '+14155550101', display: '+1 415 555 0101', firstName: 'Marcus', lastName: 'Okafor', community: 'design', plan: 'premium' },
  { phone: '+14155550102', display: '+1 415 555 0102', firstName: 'Priya', lastName: 'Patel', community: 'healthcare', plan: 'free' },
] as const satisfies readonly { phone: string; display: string; firstName: string; lastName: string; community: string; plan: SeedPlanName }[];

/** Area codes of the members' phones; each holds the 100 fictional numbers 555-0100…0199. */
const MEMBER_AREA_CODES = ['415', '212', '312', '206', '512', '617', '303', '404', '503', '646'] as const;
/** Area code of the people invited who have not joined. */
const INVITEE_AREA_CODE = '808';
/**
 * The demo's invite with a voucher's typo (issue 44): Marcus (demo member 1) invites "Sam Riviera"
 * at the invitee number of index 1; joining through it, Sam corrects the name (his URL follows),
 * or declines without an account.
 */
export const TYPO_INVITE = { index: 1, typedName: 'Sam Riviera', display: `(${INVITEE_AREA_CODE}) 555-0101` } as const;

export const MAX_SEED_MEMBERS = MEMBER_AREA_CODES.length * 100;

const DAY = 24 * 60 * 60 * 1000;
const HOUR = 60 * 60 * 1000;

export function memberPhone(index: number): string {
  return `+1${MEMBER_AREA_CODES[Math.floor(index / 100)]}555${String(100 + (index % 100)).padStart(4, '0')}`;
}

function communityNamed(name: string): Community {
  return COMMUNITIES.find((c) => c.name === name)!;
}

function fill(template: string, values: Record<string, string>): string {
  return template.replace(/\{(\w+)\}/g, (_, key: string) => values[key] ?? '');
}

function planMembers(rng: Random, size: number, now: Date): PlannedMember[] {
  const names = new Set<string>(DEMO_MEMBERS.map((d) => `${d.firstName} ${d.lastName}`));
  const oldest = now.getTime() - 420 * DAY;
  const newest = now.getTime() - 14 * DAY;
  return Array.from({ length: size }, (_, index) => {
    // Earlier indexes joined earlier: the demo members are among the founders.
    const joinedAt = new Date(oldest + ((newest - oldest) * index) / Math.max(1, size - 1) + rng.int(0, 12) * HOUR);
    const demo = DEMO_MEMBERS[index];
    if (demo) return { index, phone: demo.phone, firstName: demo.firstName, lastName: demo.lastName, community: communityNamed(demo.community), joinedAt, plan: demo.plan };
    let firstName: string;
    let lastName: string;
    do {
      firstName = rng.pick(FIRST_NAMES);
      lastName = rng.pick(LAST_NAMES);
    } while (names.has(`${firstName} ${lastName}`));
    names.add(`${firstName} ${lastName}`);
    const roll = rng.next();
    const plan: SeedPlanName = roll < 0.03 ? 'enterprise' : roll < 0.1 ? 'premium' : 'free';
    return { index, phone: memberPhone(index), firstName, lastName, community: rng.pick(COMMUNITIES), joinedAt, plan };
  });
}

function recommendationBody(rng: Random, recipient: PlannedMember): PlannedVouch['body'] {
  const { community } = recipient;
  return {
    reason: fill(rng.pick(REASON_TEMPLATES), { name: recipient.firstName, role: rng.pick(community.roles), place: rng.pick(community.places) }),
    skills: rng.sample(community.skills, rng.int(2, 4)).join(', '),
    characterTraits: rng.chance(0.8) ? rng.sample(CHARACTER_TRAITS, rng.int(1, 3)).join(', ') : null,
    accomplishments: rng.chance(0.35) ? rng.pick(community.accomplishments) : null,
  };
}

/** Somewhere between `after` and `before` (uniform). */
function between(rng: Random, after: number, before: number): Date {
  return new Date(after + rng.next() * Math.max(0, before - after));
}

/**
 * Plans a network of `size` members (3 ≤ size ≤ MAX_SEED_MEMBERS): communities of people in the
 * same field, joined by a few bridges; about 5 accepted vouches per member, a third as many
 * pending, some invites still open, and a few introduction requests with suggestions.
 */
export function planDemoNetwork(size: number, now: Date): SeedPlan {
  if (!Number.isInteger(size) || size < DEMO_MEMBERS.length || size > MAX_SEED_MEMBERS) {
    throw new Error(`The demo network has from ${DEMO_MEMBERS.length} to ${MAX_SEED_MEMBERS} members (got ${size}).`);
  }
  const rng = createRandom(0x5eed + size);
  const members = planMembers(rng, size, now);
  const byCommunity = new Map<string, number[]>();
  for (const m of members) byCommunity.set(m.community.name, [...(byCommunity.get(m.community.name) ?? []), m.index]);

  const vouches: PlannedVouch[] = [];
  const pairs = new Set<string>();
  const invited = new Set<number>();
  const latest = now.getTime() - 2 * DAY;

  const addAccepted = (from: number, to: number): boolean => {
    const key = `${from}>${to}`;
    if (from === to || pairs.has(key)) return false;
    pairs.add(key);
    const voucher = members[from]!;
    const recipient = members[to]!;
    // A few people joined through an invite from someone already here.
    if (!invited.has(to) && voucher.joinedAt < recipient.joinedAt && rng.chance(0.12)) {
      invited.add(to);
      const createdAt = new Date(recipient.joinedAt.getTime() - rng.int(1, 48) * HOUR);
      vouches.push({ from, to, type: 'invite', status: 'accepted', createdAt, answeredAt: recipient.joinedAt, body: { reason: rng.pick(INVITE_MESSAGES), skills: null, characterTraits: null, accomplishments: null } });
      return true;
    }
    const createdAt = between(rng, Math.max(voucher.joinedAt.getTime(), recipient.joinedAt.getTime()) + HOUR, latest);
    const answeredAt = new Date(Math.min(createdAt.getTime() + rng.int(1, 72) * HOUR, now.getTime() - HOUR));
    vouches.push({ from, to, type: 'recommendation', status: 'accepted', createdAt, answeredAt, body: recommendationBody(rng, recipient) });
    return true;
  };

  /** Someone to vouch for: usually from the same community, older members a little more often. */
  const target = (from: number, sameCommunity: boolean): number => {
    const own = members[from]!.community.name;
    const pool = sameCommunity ? byCommunity.get(own)! : members.filter((m) => m.community.name !== own).map((m) => m.index);
    if (pool.length === 0) return rng.int(0, size - 1);
    return Math.min(rng.pick(pool), rng.pick(pool));
  };

  // The demo members are hubs and bridges between communities.
  // Each gives 20 (12 within their community when it is that big) and receives 8 more.
  for (let d = 0; d < DEMO_MEMBERS.length; d += 1) {
    for (let given = 0, tries = 0; given < Math.min(20, size - 1) && tries < 400; tries += 1) if (addAccepted(d, target(d, given < 12 && tries < 100))) given += 1;
    for (let received = 0, tries = 0; received < Math.min(8, size - 1) && tries < 400; tries += 1) if (addAccepted(target(d, received < 5 && tries < 100), d)) received += 1;
  }
  for (let from = DEMO_MEMBERS.length; from < size; from += 1) {
    const out = rng.int(2, 8);
    for (let k = 0; k < out; k += 1) addAccepted(from, target(from, rng.chance(0.86)));
  }

  // Pending recommendations (recent: they have not expired), a few to each demo member.
  const pendingRecommendation = (from: number, to: number) => {
    const key = `${from}>${to}`;
    if (from === to || pairs.has(key)) return;
    pairs.add(key);
    const createdAt = new Date(now.getTime() - rng.int(1, 12 * 24) * HOUR);
    vouches.push({ from, to, type: 'recommendation', status: 'pending', createdAt, answeredAt: null, body: recommendationBody(rng, members[to]!) });
  };
  for (let d = 0; d < DEMO_MEMBERS.length; d += 1) {
    pendingRecommendation(rng.int(DEMO_MEMBERS.length, size - 1), d);
    pendingRecommendation(rng.int(DEMO_MEMBERS.length, size - 1), d);
  }
  for (let k = 0; k < Math.round(size / 3); k += 1) {
    const from = rng.int(0, size - 1);
    pendingRecommendation(from, target(from, rng.chance(0.8)));
  }
  // Invites to people who have not joined yet.
  for (let k = 0; k < Math.min(100, Math.max(2, Math.round(size / 15))); k += 1) {
    const from = k < DEMO_MEMBERS.length ? k : rng.int(0, size - 1);
    const picked = `${rng.pick(FIRST_NAMES)} ${rng.pick(LAST_NAMES)}`;
    // Marcus's invite carries a typo for the invitee to correct when joining (issue 44); the
    // names are still picked, so the rest of the plan stays what it was.
    const name = k === TYPO_INVITE.index ? TYPO_INVITE.typedName : picked;
    const createdAt = new Date(now.getTime() - rng.int(1, 10 * 24) * HOUR);
    const to = { phone: `+1${INVITEE_AREA_CODE}555${String(100 + k).padStart(4, '0')}`, name };
    vouches.push({ from, to, type: 'invite', status: 'pending', createdAt, answeredAt: null, body: { reason: rng.pick(INVITE_MESSAGES), skills: null, characterTraits: null, accomplishments: null } });
  }
  vouches.sort((a, b) => a.createdAt.getTime() - b.createdAt.getTime());

  return { members, vouches, requests: planRequests(rng, members, vouches, now) };
}

/** A few introduction requests, the first ones by the demo members, each with suggestions from a 1° connection. */
function planRequests(rng: Random, members: PlannedMember[], vouches: PlannedVouch[], now: Date): PlannedRequest[] {
  const neighbours = new Map<number, Set<number>>();
  const link = (a: number, b: number) => neighbours.set(a, (neighbours.get(a) ?? new Set()).add(b));
  for (const v of vouches) {
    if (v.status !== 'accepted' || typeof v.to !== 'number') continue;
    link(v.from, v.to);
    link(v.to, v.from);
  }
  const count = Math.min(REQUEST_TEMPLATES.length, Math.max(3, Math.round(members.length / 40)));
  const requesters = [...DEMO_MEMBERS.keys()].concat(rng.sample(members.slice(DEMO_MEMBERS.length).map((m) => m.index), count));
  const requests: PlannedRequest[] = [];
  const used = new Set<string>();
  for (const requester of requesters) {
    if (requests.length >= count) break;
    const own = members[requester]!;
    const friends = [...(neighbours.get(requester) ?? [])];
    if (friends.length === 0) continue;
    const template = REQUEST_TEMPLATES.find((r) => r.community !== own.community.name && !used.has(r.requestType + r.community))!;
    used.add(template.requestType + template.community);
    const suggestions: PlannedSuggestion[] = [];
    // A connector suggests someone the requester does not know yet (2°), as the product's matching does.
    for (const suggester of rng.sample(friends, friends.length)) {
      if (suggestions.length >= 2) break;
      const people = [...(neighbours.get(suggester) ?? [])].filter((p) => p !== requester && !friends.includes(p) && members[p]!.community.name === template.community && !suggestions.some((s) => s.person === p));
      if (people.length === 0) continue;
      const person = rng.pick(people);
      suggestions.push({ suggester, person, reasoning: fill(rng.pick(SUGGESTION_REASONS), { person: members[person]!.firstName }), answer: null, targetAgrees: false });
    }
    // Every other request with suggestions found its introduction; the rest are still collecting. Of those found,
    // every other one was agreed by the person suggested (both see each other's number, and the
    // map links them); the rest still wait for that person's answer.
    const withSuggestions = requests.filter((r) => r.suggestions.length > 0).length;
    if (withSuggestions % 2 === 1 && suggestions[0]) suggestions[0] = { ...suggestions[0], answer: 'accept', targetAgrees: withSuggestions % 4 === 1 };
    const createdAt = new Date(now.getTime() - rng.int(2, 9 * 24) * HOUR);
    requests.push({
      requester,
      body: { requestType: template.requestType, desiredSkills: template.desiredSkills, reason: template.reason, context: template.context, degreeLevel: 2 },
      createdAt,
      suggestions,
    });
  }
  return requests;
}
