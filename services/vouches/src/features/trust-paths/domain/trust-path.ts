// "How you're connected" (issue 16 item 10): the shortest path between two members over
// accepted vouches, and its weakest link. Plain functions: the graph comes in through
// `neighbours`, so the rule is tested on in-memory graphs and run on the database by
// profile-queries with indexed lookups.

/** The accepted-vouch neighbours of a frontier, as [member, neighbour] pairs (either direction). */
export type NeighbourLookup = (memberIds: readonly number[]) => Promise<ReadonlyArray<readonly [number, number]>>;

interface Side {
  /** Hops from this side's end, per member seen. */
  dist: Map<number, number>;
  /** The member one hop nearer this side's end, per member seen (the end has none). */
  parent: Map<number, number>;
  frontier: number[];
  depth: number;
}

const startSide = (end: number): Side => ({ dist: new Map([[end, 0]]), parent: new Map(), frontier: [end], depth: 0 });

/** Extends a side by one hop; members are taken in ascending order so the parent chosen is the smallest id. */
async function expand(side: Side, neighbours: NeighbourLookup): Promise<void> {
  const byMember = new Map<number, number[]>();
  for (const [member, neighbour] of await neighbours(side.frontier)) {
    const list = byMember.get(member);
    if (list) list.push(neighbour);
    else byMember.set(member, [neighbour]);
  }
  const next: number[] = [];
  for (const member of [...side.frontier].sort((a, b) => a - b)) {
    for (const neighbour of (byMember.get(member) ?? []).sort((a, b) => a - b)) {
      if (side.dist.has(neighbour)) continue;
      side.dist.set(neighbour, side.depth + 1);
      side.parent.set(neighbour, member);
      next.push(neighbour);
    }
  }
  side.depth += 1;
  side.frontier = next;
}

function chain(side: Side, from: number): number[] {
  const out = [from];
  for (let at = side.parent.get(from); at !== undefined; at = side.parent.get(at)) out.push(at);
  return out;
}

/**
 * A shortest path from `source` to `target` of at most `maxDepth` hops (`[source, …, target]`),
 * or null when there is none that short. Bidirectional breadth-first search, one level at a
 * time, always growing the side whose frontier is smaller (the source's on a tie): on a large
 * network it reads the neighbours of a few hundred members instead of the whole graph. It
 * stops after the level where the two sides first meet; among the members where they meet, it
 * passes through the one with the fewest hops in total, then the smallest id, so the answer is
 * the same on every run. `maxDepth` counts hops (vouches): 3 finds friends of friends of friends.
 */
export async function shortestPath(source: number, target: number, maxDepth: number, neighbours: NeighbourLookup): Promise<number[] | null> {
  if (source === target) return [source];
  const from = startSide(source);
  const to = startSide(target);
  while (from.depth + to.depth < maxDepth) {
    const side = to.frontier.length < from.frontier.length ? to : from;
    const other = side === from ? to : from;
    await expand(side, neighbours);
    const meetings = side.frontier.filter((member) => other.dist.has(member));
    if (meetings.length > 0) {
      const total = (member: number) => (from.dist.get(member) ?? 0) + (to.dist.get(member) ?? 0);
      const meet = meetings.reduce((best, member) => (total(member) < total(best) || (total(member) === total(best) && member < best) ? member : best));
      return [...chain(from, meet).reverse(), ...chain(to, meet).slice(1)];
    }
    if (side.frontier.length === 0) return null;
  }
  return null;
}

/** One vouch on a path, with how far it can be trusted. */
export interface TrustLink {
  fromId: number;
  toId: number;
  trust: number;
}

/**
 * The trust of each hop of a path, and its weakest link. A hop is as trustworthy as the less
 * trusted of the two people it joins: its trust is the lower reputation score of its two ends
 * (the reputation model's 0–100 score, computed from the whole graph by trust propagation), so
 * a path through someone nobody has vouched for much is only as strong as them. The weakest
 * link is the hop with the lowest trust, the one nearest the source on a tie. Unknown scores
 * count as 0. Null for a path of fewer than two people (no hop).
 */
export function trustLinks(path: readonly number[], reputation: ReadonlyMap<number, number>): { links: TrustLink[]; weakestLink: TrustLink } | null {
  if (path.length < 2) return null;
  const links = path.slice(1).map((toId, i) => {
    const fromId = path[i] as number;
    return { fromId, toId, trust: Math.min(reputation.get(fromId) ?? 0, reputation.get(toId) ?? 0) };
  });
  const weakestLink = links.reduce((weakest, link) => (link.trust < weakest.trust ? link : weakest));
  return { links, weakestLink };
}
