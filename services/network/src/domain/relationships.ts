// Who is in my network and how (SPEC §2 Network map, §3 Network): pure rules over the vouch
// graph's rows, tested without a database (test/relationships.test.ts).
import type { Connection, Reach } from '@vouch/service-vouches';
import { pendingInviteNodeId, SECOND_DEGREE_LIMIT, type DirectConnection, type RelationshipType, type SecondDegreeConnection } from '@vouch/contracts';

/**
 * One relationship per person, the first that applies: they joined through my invite
 * (invited_accepted), I vouched for them (vouched_for), they vouched for me (vouched_by). What
 * brought them into the network outranks what I did since, and what I did outranks what they
 * did (the map is drawn from my side).
 */
export const MEMBER_RELATIONSHIP_PRECEDENCE: readonly RelationshipType[] = ['invited_accepted', 'vouched_for', 'vouched_by'];

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
 * invites). Members appear once, with the relationship of highest precedence, and the skills
 * and traits of the vouches I gave them (a vouch they gave me describes me, not them). Each of
 * my pending invites is its own entry `invite:<vouchId>` (nobody has accepted it: there is no
 * member yet). Never me. Order: first connection first.
 */
export function directConnections(meId: number, connections: readonly Connection[]): DirectConnection[] {
  const members = new Map<number, { name: string; relationships: Set<RelationshipType>; skills: (string | null)[]; traits: (string | null)[] }>();
  const entries: (DirectConnection | number)[] = [];
  for (const connection of connections) {
    const relationship = relationshipOf(connection);
    if (connection.memberId === null) {
      if (relationship !== 'invited_pending') continue; // an answered vouch always names its member
      entries.push({
        id: pendingInviteNodeId(connection.vouchId),
        name: connection.name,
        skills: splitTags(connection.skills),
        characterTraits: splitTags(connection.characterTraits),
        relationshipType: 'invited_pending',
      });
      continue;
    }
    if (connection.memberId === meId || relationship === 'invited_pending') continue;
    let member = members.get(connection.memberId);
    if (!member) {
      member = { name: connection.name, relationships: new Set(), skills: [], traits: [] };
      members.set(connection.memberId, member);
      entries.push(connection.memberId);
    }
    member.relationships.add(relationship);
    if (connection.direction === 'given') {
      member.skills.push(connection.skills);
      member.traits.push(connection.characterTraits);
    }
  }
  return entries.map((entry) => {
    if (typeof entry !== 'number') return entry;
    const member = members.get(entry)!;
    return {
      id: entry,
      name: member.name,
      skills: splitTags(...member.skills),
      characterTraits: splitTags(...member.traits),
      relationshipType: MEMBER_RELATIONSHIP_PRECEDENCE.find((r) => member.relationships.has(r)) ?? 'vouched_by',
    };
  });
}

/**
 * The 2° people to show: reach rows at degree 2, most shared 1° connections first (then the
 * smaller id), at most `limit` (SECOND_DEGREE_LIMIT). `firstHopName` names the 1° member each
 * is reached through.
 */
export function pickSecondDegree(reach: readonly Reach[], limit: number = SECOND_DEGREE_LIMIT): Reach[] {
  return reach
    .filter((r) => r.degree === 2)
    .sort((a, b) => b.firstHops - a.firstHops || a.memberId - b.memberId)
    .slice(0, limit);
}

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
