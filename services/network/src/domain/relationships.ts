// Who is in my network and how (SPEC §2 Network map, §3 Network): pure rules over the vouch
// graph's rows, tested without a database (test/relationships.test.ts).
import type { Connection, Reach } from '@vouch/service-vouches';
import { pendingInviteNodeId, type DirectConnection, type RelationshipType, type SecondDegreeConnection } from '@vouch/contracts';
import type { IntroductionLink } from './introduction-links';

/**
 * One relationship per person, the first that applies: they joined through my invite
 * (invited_accepted), I vouched for them (vouched_for), they vouched for me (vouched_by), I was
 * introduced to them at my request (introduction_target), they were introduced to me at theirs
 * (introduction_requester). What brought them into the network outranks what I did since, what
 * I did outranks what they did (the map is drawn from my side), and a vouch, which vouches for
 * the person, outranks an introduction, which only says we were put in touch.
 */
export const MEMBER_RELATIONSHIP_PRECEDENCE: readonly RelationshipType[] = ['invited_accepted', 'vouched_for', 'vouched_by', 'introduction_target', 'introduction_requester'];

/** The relationship one vouch between us gives, from my side. */
export function relationshipOf(connection: Pick<Connection, 'type' | 'status' | 'direction' | 'memberId'>): RelationshipType {
  if (connection.status === 'pending') return 'invited_pending';
  if (connection.direction === 'received') return 'vouched_by';
  return connection.type === 'invite' ? 'invited_accepted' : 'vouched_for';
}

/**
 * Free text of a vouch category ("Rust, Go; leadership") as tags: split at commas, semicolons
 * and new lines, trimmed, blanks dropped, each tag once (case-insensitive, first spelling kept).
 */
export function splitTags(...texts: (string | null | undefined)[]): string[] {
  const seen = new Map<string, string>();
  for (const text of texts) {
    for (const part of (text ?? '').split(/[,;\n]+/)) {
      const tag = part.trim().replace(/\s+/g, ' ');
      if (tag && !seen.has(tag.toLowerCase())) seen.set(tag.toLowerCase(), tag);
    }
  }
  return [...seen.values()];
}

/**
 * My 1° list from my connections (listConnections: accepted vouches either way, my open
 * invites) and my introduction links (accepted introductions, named). Members appear once, with
 * the relationship of highest precedence, and the skills and traits of the vouches I gave them
 * (a vouch they gave me describes me, not them; an introduction describes no one). Each of my
 * pending invites is its own entry `invite:<vouchId>` (nobody has accepted it: there is no
 * member yet). Never me. Order: vouches first, oldest first, then people I know only through
 * introductions, oldest first.
 */
export function directConnections(meId: number, connections: readonly Connection[], introductions: readonly (IntroductionLink & { name: string })[] = []): DirectConnection[] {
  const members = new Map<number, { name: string; relationships: Set<RelationshipType>; skills: (string | null)[]; traits: (string | null)[] }>();
  const entries: (DirectConnection | number)[] = [];
  const memberEntry = (id: number, name: string) => {
    let member = members.get(id);
    if (!member) {
      member = { name, relationships: new Set(), skills: [], traits: [] };
      members.set(id, member);
      entries.push(id);
    }
    return member;
  };
  for (const connection of connections) {
    const relationship = relationshipOf(connection);
    if (connection.memberId === null) {
      if (relationship !== 'invited_pending') continue; // an answered vouch always names its member
      entries.push({
        id: pendingInviteNodeId(connection.vouchId),
        kind: 'invite',
        memberId: null,
        name: connection.name,
        skills: splitTags(connection.skills),
        characterTraits: splitTags(connection.characterTraits),
        relationshipType: 'invited_pending',
      });
      continue;
    }
    if (connection.memberId === meId || relationship === 'invited_pending') continue;
    const member = memberEntry(connection.memberId, connection.name);
    member.relationships.add(relationship);
    if (connection.direction === 'given') {
      member.skills.push(connection.skills);
      member.traits.push(connection.characterTraits);
    }
  }
  for (const link of introductions) if (link.memberId !== meId) memberEntry(link.memberId, link.name).relationships.add(link.relationshipType);
  return entries.map((entry) => {
    if (typeof entry !== 'number') return entry;
    const member = members.get(entry)!;
    return {
      id: String(entry),
      kind: 'member',
      memberId: entry,
      name: member.name,
      skills: splitTags(...member.skills),
      characterTraits: splitTags(...member.traits),
      relationshipType: MEMBER_RELATIONSHIP_PRECEDENCE.find((r) => member.relationships.has(r)) ?? 'vouched_by',
    };
  });
}

/** The 2° people to show (vouches' closestSecondDegree rows), named, with the 1° member each is reached through. */
export function secondDegreeConnections(
  picked: readonly Reach[],
  names: ReadonlyMap<number, string>,
): SecondDegreeConnection[] {
  return picked.map((r) => ({
    id: r.memberId,
    name: names.get(r.memberId) ?? 'Member',
    relationshipType: 'second_degree_vouch' as const,
    connectedThrough: names.get(r.via) ?? 'Member',
    connectedThroughId: r.via,
    sharedConnections: r.firstHops,
  }));
}
