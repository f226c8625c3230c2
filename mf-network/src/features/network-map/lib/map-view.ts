/**
 * Which nodes the map shows around a centre (SPEC "Network map", §9): at 1° every neighbour of
 * the centre; at 2° at most 8 neighbours (ring 1) and 12 people beyond them (ring 2).
 *
 * Ring 2 holds people only: skills appear next to the person at the centre, never as the far
 * ring, so they do not crowd out people. At 2° ring 1 keeps the nodes that lead to the most
 * people first (then people before skills, then the server's order), and ring 2 takes people
 * reached through the kept ring-1 nodes, in the server's order (most shared connections first),
 * so every drawn node has a drawn edge back to the centre.
 */
import type { MapEdgeType, MapNode, NetworkGraph } from './network-graph';

export type Degree = 1 | 2;
export const SECOND_DEGREE_FIRST_RING_MAX = 8;
export const SECOND_DEGREE_SECOND_RING_MAX = 12;
/** Skills shown around me at 1°: those most of my 1° people have. */
export const SKILLS_AROUND_ME_MAX = 6;

export interface ViewNode {
  node: MapNode;
  ring: 0 | 1 | 2;
  /** The node it hangs from (the centre for ring 1); absent for the centre. */
  parentId?: string;
  /** The type of the edge to its parent. */
  edgeType?: MapEdgeType;
}

export interface MapView {
  centre: ViewNode;
  ring1: ViewNode[];
  ring2: ViewNode[];
  degree: Degree;
}

const isPersonLike = (node: MapNode | undefined) => !!node && node.kind !== 'skill';

export function selectView(graph: NetworkGraph, centreId: string, degree: Degree): MapView {
  const centreNode = graph.nodes.get(centreId) ?? graph.nodes.get(graph.meId)!;
  const centre: ViewNode = { node: centreNode, ring: 0 };
  const around = graph.neighbours.get(centreNode.id) ?? [];
  const toRing1 = around.map(({ id, type }) => ({ node: graph.nodes.get(id)!, ring: 1 as const, parentId: centreNode.id, edgeType: type }));
  if (degree === 1) return { centre, ring1: toRing1, ring2: centreNode.isMe ? skillsAround(graph, toRing1) : [], degree };

  const ring1Ids = new Set(toRing1.map((v) => v.node.id));
  /** People beyond ring 1 reachable from one ring-1 node (never back to the centre or ring 1). */
  const onward = (ring1: ViewNode) =>
    isPersonLike(ring1.node)
      ? (graph.neighbours.get(ring1.node.id) ?? []).filter(({ id }) => id !== centreNode.id && !ring1Ids.has(id) && isPersonLike(graph.nodes.get(id)))
      : [];
  const ranked = toRing1
    .map((view, order) => ({ view, order, reach: onward(view).length }))
    .sort((a, b) => b.reach - a.reach || Number(a.view.node.kind === 'skill') - Number(b.view.node.kind === 'skill') || a.order - b.order);
  const ring1 = ranked.slice(0, SECOND_DEGREE_FIRST_RING_MAX).map((r) => r.view);

  // First the parent that comes first in ring 1's order, so the choice is deterministic.
  const parentOf = new Map<string, { parentId: string; type: MapEdgeType }>();
  for (const view of ring1) {
    for (const { id, type } of onward(view)) if (!parentOf.has(id)) parentOf.set(id, { parentId: view.node.id, type });
  }
  // Server order across the whole list (2° arrive sorted by shared connections).
  const order = new Map([...graph.nodes.keys()].map((id, index) => [id, index]));
  const ring2 = [...parentOf.entries()]
    .sort(([a], [b]) => order.get(a)! - order.get(b)!)
    .slice(0, SECOND_DEGREE_SECOND_RING_MAX)
    .map(([id, { parentId, type }]) => ({ node: graph.nodes.get(id)!, ring: 2 as const, parentId, edgeType: type }));
  return { centre, ring1, ring2, degree };
}

/**
 * At 1° around me, the skills of my network (SPEC node kind "skill": a skill named in a vouch I
 * gave, joined to every 1° person with it): the SKILLS_AROUND_ME_MAX held by the most of my 1°
 * people (then the order they first appear), each hanging from the first of them on the ring.
 */
function skillsAround(graph: NetworkGraph, ring1: readonly ViewNode[]): ViewNode[] {
  const holders = new Map<string, string[]>();
  for (const person of ring1) {
    for (const { id } of graph.neighbours.get(person.node.id) ?? []) {
      if (graph.nodes.get(id)?.kind === 'skill') holders.set(id, [...(holders.get(id) ?? []), person.node.id]);
    }
  }
  return [...holders.entries()]
    .map(([id, people], order) => ({ id, people, order }))
    .sort((a, b) => b.people.length - a.people.length || a.order - b.order)
    .slice(0, SKILLS_AROUND_ME_MAX)
    .map(({ id, people }) => ({ node: graph.nodes.get(id)!, ring: 2 as const, parentId: people[0]!, edgeType: 'skill' as const }));
}

/**
 * The 1°/2° counts of the toggles for a centre (issue 16: they follow the centre): people and
 * invites next to it, and people two steps away (through a person), skills left out. Around me
 * the server's counts are exact; around anyone else this is what my network shows of theirs.
 */
export function degreeCounts(graph: NetworkGraph, centreId: string): Record<Degree, number> {
  const countable = (id: string) => graph.nodes.get(id)?.kind !== 'skill';
  const first = new Set((graph.neighbours.get(centreId) ?? []).map((n) => n.id).filter(countable));
  const second = new Set<string>();
  for (const id of first) {
    if (graph.nodes.get(id)?.kind !== 'person') continue;
    for (const { id: next } of graph.neighbours.get(id) ?? []) if (next !== centreId && !first.has(next) && countable(next)) second.add(next);
  }
  return { 1: first.size, 2: second.size };
}

/** Every node of a view, centre first. */
export const viewNodes = (view: MapView): ViewNode[] => [view.centre, ...view.ring1, ...view.ring2];
