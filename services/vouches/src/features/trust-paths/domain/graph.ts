// Read-only views of the vouch graph for the network and introductions services (they never
// read the vouches table themselves). Only accepted vouches connect people.
import type { Database } from '@vouch/service-core';
import { getMembers } from '@vouch/service-auth';
import { relationshipSeenBy, type VouchRelationship, type VouchType } from '@vouch/contracts';
import { closestAtSecondDegree, connectionRows, type ReachRow } from '../data-access/graph.repository';
import { forEachNeighbour, readNeighbourLists, type NeighbourList } from '../data-access/neighbours.repository';
import { countAcceptedVouches as countAcceptedVouchRows, listAcceptedReceivedBy } from '../../../data-access/vouch.repository';
import type { VouchText } from '../../../domain/vouch';

export interface Connection extends VouchText {
  vouchId: number;
  type: VouchType;
  /** accepted, or pending for an invite I sent that is still open. */
  status: 'accepted' | 'pending';
  /** given: I vouched for them; received: they vouched for me. */
  direction: 'given' | 'received';
  /** The other member; null for a pending invite (nobody has accepted it yet). */
  memberId: number | null;
  /** The other member's name (for a pending invite: the name I gave the recipient). */
  name: string;
  /** What the other member is to me (the vouch's relationship seen from my side); null when it holds none. */
  relationship: VouchRelationship | null;
  createdAt: Date;
  acceptedAt: Date | null;
}

/**
 * The member's direct edges: accepted vouches they gave or received (one entry per vouch, so
 * two people who vouched for each other appear twice, once per direction) and the invites they
 * sent that are still pending and unexpired. Oldest first.
 */
export async function listConnections(db: Database, memberId: number, now: Date = new Date()): Promise<Connection[]> {
  const vouches = await connectionRows(db, memberId, now);
  const otherIds = vouches.map((v) => (v.voucherId === memberId ? v.recipientId : v.voucherId)).filter((id): id is number => id !== null);
  const names = new Map((await getMembers(db, otherIds)).map((m) => [m.id, m.name]));
  return vouches.map((v) => {
    const given = v.voucherId === memberId;
    const other = given ? v.recipientId : v.voucherId;
    return {
      vouchId: v.id,
      type: v.type,
      status: v.status,
      direction: given ? 'given' : 'received',
      memberId: other,
      name: (other !== null ? names.get(other) : undefined) ?? v.recipientName,
      skills: v.skills,
      characterTraits: v.characterTraits,
      accomplishments: v.accomplishments,
      reason: v.reason,
      relationship: relationshipSeenBy(v.relationship, given ? 'given' : 'received'),
      createdAt: v.createdAt,
      acceptedAt: v.acceptedAt,
    };
  });
}

export type Reach = ReachRow;

/**
 * Everyone within `maxDegree` (1–3) hops of the member over accepted vouches, in either
 * direction: `{ memberId, degree, via }` with the shortest degree per member and `via` the
 * first-hop member on such a path (the smallest id when several tie); the member is never in
 * the list; `firstHops` counts the distinct first hops of shortest paths (for a 2° member: how
 * many 1° members we share). Ordered by degree, then member id. The same walk over the
 * neighbour rows as reachByConnector: one read per degree.
 */
export async function reachWithin(db: Database, memberId: number, maxDegree: number): Promise<Reach[]> {
  checkReachArguments('reachWithin', memberId, maxDegree);
  return (await walkNeighbours(db, new FirstHopWalk(memberId), maxDegree)).reach();
}

/** A person within reach as the matcher needs them: their degree and the smallest first hop of a shortest path. */
export type NearestHop = Pick<Reach, 'degree' | 'via'>;

/**
 * reachWithin's people by member id, without what only its rows carry (the count of distinct
 * first hops, the order): the matcher's reach, 45,000 people for the widest 3°, where keeping
 * every first hop of every shortest path, counting and sorting them was a fifth of a request.
 */
export async function nearestWithin(db: Database, memberId: number, maxDegree: number): Promise<Map<number, NearestHop>> {
  checkReachArguments('nearestWithin', memberId, maxDegree);
  return (await walkNeighbours(db, new NearestWalk(memberId), maxDegree)).reached;
}

/**
 * The member's 2° people (exactly two hops over accepted vouches, either direction; never 1°
 * people or the member) who share the most 1° members with them, then the smaller id: at most
 * `limit` (1 or more) reach rows of degree 2 (`via` the smallest shared 1° member, `firstHops`
 * how many are shared). `excluding` members are left out before the limit is applied (people
 * the caller already shows elsewhere). One SQL round trip that returns only those rows, where
 * reachWithin(…, 2) returns every 1° and 2° person.
 */
export async function closestSecondDegree(db: Database, memberId: number, options: { limit: number; excluding?: readonly number[] }): Promise<Reach[]> {
  const excluding = options.excluding ?? [];
  if (!Number.isSafeInteger(memberId)) throw new TypeError('closestSecondDegree: memberId must be an integer.');
  if (!Number.isSafeInteger(options.limit) || options.limit < 1) throw new RangeError('closestSecondDegree: limit must be a positive integer.');
  if (!excluding.every((id) => Number.isSafeInteger(id))) throw new TypeError('closestSecondDegree: excluding must hold member ids.');
  return closestAtSecondDegree(db, memberId, options.limit, excluding);
}

function checkReachArguments(name: string, memberId: number, maxDegree: number): void {
  if (!Number.isSafeInteger(memberId)) throw new TypeError(`${name}: memberId must be an integer.`);
  if (!Number.isInteger(maxDegree) || maxDegree < 1 || maxDegree > 3) throw new RangeError(`${name}: maxDegree must be 1, 2 or 3.`);
}

/** A row of reachByConnector: what a walk starting at one 1° member reaches. */
export interface FirstHopReach {
  /** A first-hop (1°) member. */
  via: number;
  /** People within reach whose shortest paths include one starting at `via` (`via` included). */
  reached: number;
  /** Of those, the people named with skills in at least one accepted vouch they received. */
  reachedWithSkills: number;
}

/**
 * The member's reach within `maxDegree` (1–3), split by first hop, for connector rankings:
 * `total` counts everyone within reach (`reached`) and those with skills named in an accepted
 * vouch they received (`reachedWithSkills`); `firstHops` has one row per 1° member (`via`) with
 * the people whose shortest paths may start with them, themselves included (a person reachable
 * through several 1° members counts for each). Ordered by via.
 *
 * A breadth-first walk over the neighbour rows (member_neighbours: one row per member, their 1°
 * people each marked with their skills), one read per degree: me, my 1°, my 2° people. At 3° on
 * 100,000 members / 1,000,000 vouches that is ≈ 3,600 primary-key reads, where the one SQL
 * statement it replaced (a level-by-level CTE split by first hop) walked ≈ 60,000
 * vouch index entries through temporary tables and looked up 45,000 people's skills.
 */
export async function reachByConnector(db: Database, memberId: number, maxDegree: number): Promise<{ total: FirstHopReach; firstHops: FirstHopReach[] }> {
  checkReachArguments('reachByConnector', memberId, maxDegree);
  return (await walkNeighbours(db, new FirstHopWalk(memberId), maxDegree)).tally();
}

/**
 * A breadth-first walk over the neighbour rows, level by level: each person found keeps the degree
 * they were first met at and what the walk wants of their shortest paths (`Person`), made from
 * the people one degree nearer who list them. `start` takes the member's row, `step` the rows of
 * the people met last; each returns those met first now (the next frontier).
 */
abstract class LevelWalk<Person extends { degree: number }> {
  protected readonly found = new Map<number, Person>();

  constructor(readonly memberId: number) {}

  /** A 1° person: their own first hop. */
  protected abstract first(id: number, skilled: boolean): Person;
  /** A person first met at `degree`, through `from`. */
  protected abstract through(from: Person, degree: number, skilled: boolean): Person;
  /** A person met again at their own degree, through `from` (another shortest path). */
  protected abstract again(known: Person, from: Person): void;

  start(mine: readonly NeighbourList[]): number[] {
    const frontier: number[] = [];
    for (const row of mine) {
      forEachNeighbour(row.neighbours, (id, skilled) => {
        if (id === this.memberId || this.found.has(id)) return;
        this.found.set(id, this.first(id, skilled));
        frontier.push(id);
      });
    }
    return frontier;
  }

  step(degree: number, rows: readonly NeighbourList[]): number[] {
    const frontier: number[] = [];
    for (const row of rows) {
      const from = this.found.get(row.memberId);
      if (!from || from.degree !== degree - 1) continue;
      forEachNeighbour(row.neighbours, (id, skilled) => {
        if (id === this.memberId) return;
        const known = this.found.get(id);
        if (!known) {
          this.found.set(id, this.through(from, degree, skilled));
          frontier.push(id);
        } else if (known.degree === degree) {
          this.again(known, from);
        }
      });
    }
    return frontier;
  }
}

async function walkNeighbours<W extends LevelWalk<{ degree: number }>>(db: Database, walk: W, maxDegree: number): Promise<W> {
  let frontier = walk.start(await readNeighbourLists(db, [walk.memberId]));
  for (let degree = 2; degree <= maxDegree && frontier.length > 0; degree += 1) frontier = walk.step(degree, await readNeighbourLists(db, frontier));
  return walk;
}

/** `shared`: `vias` is still the array of whoever they were met through (copied before it grows). */
type FirstHops = { degree: number; vias: number[]; shared: boolean; skilled: boolean };

/**
 * The level-by-level part of reachByConnector, pure: each person found keeps the degree they
 * were first met at and every first hop of a shortest path to them (the first hops of the
 * people one degree nearer who list them).
 */
export class FirstHopWalk extends LevelWalk<FirstHops> {
  protected first(id: number, skilled: boolean): FirstHops {
    return { degree: 1, vias: [id], shared: false, skilled };
  }

  protected through(from: FirstHops, degree: number, skilled: boolean): FirstHops {
    return { degree, vias: from.vias, shared: true, skilled };
  }

  protected again(known: FirstHops, from: FirstHops): void {
    if (known.shared) [known.vias, known.shared] = [[...known.vias], false];
    known.vias.push(...from.vias);
  }

  /** One row per person met (reachWithin's rows): their degree, the smallest first hop and how many distinct ones; by degree, then id. */
  reach(): Reach[] {
    const rows: Reach[] = [];
    for (const [memberId, person] of this.found) {
      const vias = person.vias.length > 1 ? [...new Set(person.vias)] : person.vias;
      rows.push({ memberId, degree: person.degree, via: Math.min(...vias), firstHops: vias.length });
    }
    return rows.sort((a, b) => a.degree - b.degree || a.memberId - b.memberId);
  }

  tally(): { total: FirstHopReach; firstHops: FirstHopReach[] } {
    const total = { via: 0, reached: 0, reachedWithSkills: 0 };
    const byVia = new Map<number, FirstHopReach>();
    for (const person of this.found.values()) {
      total.reached += 1;
      if (person.skilled) total.reachedWithSkills += 1;
      for (const via of person.vias.length > 1 ? new Set(person.vias) : person.vias) {
        let row = byVia.get(via);
        if (!row) byVia.set(via, (row = { via, reached: 0, reachedWithSkills: 0 }));
        row.reached += 1;
        if (person.skilled) row.reachedWithSkills += 1;
      }
    }
    return { total, firstHops: [...byVia.values()].sort((x, y) => x.via - y.via) };
  }
}

/**
 * The walk of nearestWithin: each person's degree and the smallest first hop of a shortest path,
 * kept as the walk goes (a person met again at the same degree keeps the smaller first hop, final
 * for everyone one degree nearer), so nothing per path is kept.
 */
export class NearestWalk extends LevelWalk<NearestHop> {
  /** Everyone met, by member id. */
  get reached(): Map<number, NearestHop> {
    return this.found;
  }

  protected first(id: number): NearestHop {
    return { degree: 1, via: id };
  }

  protected through(from: NearestHop, degree: number): NearestHop {
    return { degree, via: from.via };
  }

  protected again(known: NearestHop, from: NearestHop): void {
    if (from.via < known.via) known.via = from.via;
  }
}

export interface AcceptedVouch extends VouchText {
  id: number;
  type: VouchType;
  voucherId: number;
  recipientId: number;
  createdAt: Date;
  acceptedAt: Date;
}

/** The accepted vouches received by these members (for matching and reputation), oldest first. */
export async function acceptedVouchesFor(db: Database, memberIds: readonly number[]): Promise<AcceptedVouch[]> {
  const vouches = await listAcceptedReceivedBy(db, memberIds);
  return vouches.map((v) => ({
    id: v.id,
    type: v.type,
    voucherId: v.voucherId,
    recipientId: v.recipientId as number,
    reason: v.reason,
    skills: v.skills,
    characterTraits: v.characterTraits,
    accomplishments: v.accomplishments,
    createdAt: v.createdAt,
    acceptedAt: v.acceptedAt ?? v.respondedAt ?? v.createdAt,
  }));
}

/**
 * How many vouches were accepted: the landing page's "Vouches Given". A visitor reads that as
 * vouches people stand behind, and a member's own vouchesGiven counts accepted ones only too;
 * a pending vouch counts once its recipient accepts it (issue 44).
 */
export function countAcceptedVouches(db: Database): Promise<number> {
  return countAcceptedVouchRows(db);
}

/**
 * Each of these members' 1° people (accepted vouches either way), from the neighbour rows: one
 * primary-key read per 1,000 members, side by side. Members without accepted vouches are absent.
 */
export async function neighbourIdsOf(db: Database, memberIds: readonly number[]): Promise<Map<number, number[]>> {
  const ids = [...new Set(memberIds)];
  if (!ids.every((id) => Number.isSafeInteger(id))) throw new TypeError('neighbourIdsOf: memberIds must be integers.');
  const out = new Map<number, number[]>();
  const chunks: number[][] = [];
  for (let i = 0; i < ids.length; i += 1000) chunks.push(ids.slice(i, i + 1000));
  for (const rows of await Promise.all(chunks.map((chunk) => readNeighbourLists(db, chunk)))) {
    for (const row of rows) {
      const list: number[] = [];
      forEachNeighbour(row.neighbours, (id) => list.push(id));
      out.set(row.memberId, list);
    }
  }
  return out;
}
