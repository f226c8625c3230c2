/** The rules of "How you're connected" on the signed-in profile view. Pure. */
import type { ProfileConnection } from '@vouch/contracts';

/** "Direct connection", "2nd-degree connection", "3rd-degree connection". */
export function degreeText(degree: number): string {
  if (degree <= 1) return 'Direct connection';
  return `${degree === 2 ? '2nd' : degree === 3 ? '3rd' : `${degree}th`}-degree connection`;
}

/** The name shown for a person on the path: "You" for the viewer (the first). */
export function pathName(connection: Pick<ProfileConnection, 'people'>, index: number): string {
  return index === 0 ? 'You' : (connection.people[index]?.name ?? 'A member');
}

/**
 * "Weakest link: Fay Foxtrot – Dee Delta (trust 35 of 100)": the least-trusted hop, named by its
 * two ends. A link's trust is the lower reputation score of the two people it joins.
 */
export function weakestLinkText(connection: Pick<ProfileConnection, 'people' | 'weakestLink'>): string {
  const indexOf = (id: number) => connection.people.findIndex((p) => p.id === id);
  const from = pathName(connection, indexOf(connection.weakestLink.fromId));
  const to = pathName(connection, indexOf(connection.weakestLink.toId));
  return `Weakest link: ${from} – ${to} (trust ${Math.round(connection.weakestLink.trust)} of 100)`;
}

/** Whether the link from people[index] to people[index + 1] is the weakest one (highlighted). */
export function isWeakestLink(connection: Pick<ProfileConnection, 'links' | 'weakestLink'>, index: number): boolean {
  const link = connection.links[index];
  return !!link && link.fromId === connection.weakestLink.fromId && link.toId === connection.weakestLink.toId;
}

/**
 * Request an introduction addressed to the member, proposing the first hop of the path shown (the
 * viewer's 1° connection on it) as connector: null for a direct connection, where there is nobody
 * to go through.
 */
export function introductionPrefill(connection: Pick<ProfileConnection, 'degree' | 'people'>): { to: number; through: number } | null {
  const hop = connection.people[1];
  const member = connection.people[connection.people.length - 1];
  if (connection.degree < 2 || !hop || !member) return null;
  return { to: member.id, through: hop.id };
}
