/**
 * How a node and an edge of a view are drawn: colour by relationship (RELATIONSHIP_COLORS), size
 * by kind and ring, smaller when a ring is crowded (200 people on one ring must not overlap).
 */
import type { MapEdgeType, MapNode } from './network-graph';
import { MAP_COLORS, RELATIONSHIP_COLORS } from './relationship-colors';

export interface NodeStyle {
  color: string;
  size: number;
}

const BASE_SIZE = { person: 11, relationship: 9, skill: 7 } as const;

export function nodeStyle(node: MapNode, ring: 0 | 1 | 2, ringCount: number): NodeStyle {
  const color = node.isMe ? MAP_COLORS.me : node.kind === 'skill' ? MAP_COLORS.skill : RELATIONSHIP_COLORS[node.relationshipType ?? 'second_degree_vouch'];
  if (ring === 0) return { color: node.isMe ? MAP_COLORS.me : color, size: 18 };
  const base = ring === 2 ? BASE_SIZE[node.kind] - 2 : BASE_SIZE[node.kind];
  // About 2π·250 px of ring on a 600 px map: keep neighbours from touching.
  const crowded = Math.max(2.5, 400 / Math.max(ringCount, 1));
  return { color, size: Math.min(base, crowded) };
}

export function edgeColor(type: MapEdgeType): string {
  return type === 'skill' ? MAP_COLORS.skillEdge : RELATIONSHIP_COLORS[type];
}
