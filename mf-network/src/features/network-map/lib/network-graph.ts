/**
 * The member's network as a graph the map can walk (SPEC "Network map"), built from
 * `GET /api/network` alone: me, my 1° connections, their skills and my 2° connections.
 *
 * Node kinds (SPEC: person, skill, relationship):
 * - person: a member (me, a 1° or a 2° connection);
 * - relationship: a pending invite of mine (`invite:<vouchId>`): a relationship that has no
 *   member behind it yet, so it cannot show a neighbourhood of its own;
 * - skill: a skill named in a vouch I gave a 1° connection, shared by everyone with that skill
 *   (case-insensitive).
 * Edges: me–1° carries the 1° relationship type, 1°–2° `second_degree_vouch`, person–skill `skill`.
 */
import type { NetworkResponse, RelationshipType } from '@vouch/contracts';
import { personLabel, skillLabel } from '../../../lib/labels';

export type MapNodeKind = 'person' | 'skill' | 'relationship';
export type MapEdgeType = RelationshipType | 'skill';

export interface MapNode {
  id: string;
  kind: MapNodeKind;
  /** Full text (a person's name, a skill as written), for the list view and screen readers. */
  name: string;
  /** As drawn on the canvas: truncated (skills at 20 characters). */
  label: string;
  /** A person's or invite's relationship to me; absent for me and for skills. */
  relationshipType?: RelationshipType;
  isMe: boolean;
}

export interface Neighbour {
  id: string;
  type: MapEdgeType;
}

export interface NetworkGraph {
  meId: string;
  nodes: ReadonlyMap<string, MapNode>;
  /** Undirected, in the order the server listed people (so views are deterministic). */
  neighbours: ReadonlyMap<string, readonly Neighbour[]>;
}

export const personNodeId = (id: number): string => `person:${id}`;
export const skillNodeId = (skill: string): string => `skill:${skill.trim().toLowerCase().replace(/\s+/g, ' ')}`;

/** Builds the graph; duplicate people, blank skills and self-loops are dropped. */
export function buildNetworkGraph(network: NetworkResponse): NetworkGraph {
  const nodes = new Map<string, MapNode>();
  const neighbours = new Map<string, Neighbour[]>();
  const edgeKeys = new Set<string>();
  const addNode = (node: MapNode) => {
    if (!nodes.has(node.id)) {
      nodes.set(node.id, node);
      neighbours.set(node.id, []);
    }
  };
  const addEdge = (a: string, b: string, type: MapEdgeType) => {
    const key = a < b ? `${a}|${b}` : `${b}|${a}`;
    if (a === b || edgeKeys.has(key)) return;
    edgeKeys.add(key);
    neighbours.get(a)!.push({ id: b, type });
    neighbours.get(b)!.push({ id: a, type });
  };

  const meId = personNodeId(network.user.id);
  addNode({ id: meId, kind: 'person', name: network.user.name, label: 'You', isMe: true });

  for (const connection of network.directConnections) {
    const invite = connection.memberId === null;
    const id = connection.memberId === null ? connection.id : personNodeId(connection.memberId);
    if (id === meId || nodes.has(id)) continue;
    addNode({ id, kind: invite ? 'relationship' : 'person', name: connection.name, label: personLabel(connection.name), relationshipType: connection.relationshipType, isMe: false });
    addEdge(meId, id, connection.relationshipType);
    for (const skill of connection.skills) {
      if (!skill.trim()) continue;
      const skillId = skillNodeId(skill);
      addNode({ id: skillId, kind: 'skill', name: skill.trim(), label: skillLabel(skill), isMe: false });
      addEdge(id, skillId, 'skill');
    }
  }

  for (const connection of network.secondDegreeConnections) {
    const id = personNodeId(connection.id);
    if (id === meId || nodes.has(id)) continue;
    addNode({ id, kind: 'person', name: connection.name, label: personLabel(connection.name), relationshipType: connection.relationshipType, isMe: false });
    const through = personNodeId(connection.connectedThroughId);
    addEdge(nodes.has(through) ? through : meId, id, 'second_degree_vouch');
  }

  return { meId, nodes, neighbours };
}
