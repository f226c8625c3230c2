/**
 * Where each node of a view sits: the centre at (0, 0); at 1° ring 1 on the unit circle; at 2°
 * ring 1 at radius 0.5 and ring 2 on the unit circle, each ring-1 node owning an arc of
 * the circle in proportion to the ring-2 nodes hanging from it (so groups neither crowd nor cross). Angles start at the top and go clockwise on
 * screen; y grows downward as on screen (the canvas flips it for sigma). The first ring-1 node is
 * at the top. Deterministic: the
 * same view always gives the same positions.
 */
import type { MapView } from './map-view';

export interface Point {
  x: number;
  y: number;
}

export const FIRST_RING_RADIUS_AT_2 = 0.5;
export const OUTER_RADIUS = 1;

const round = (n: number) => Math.round(n * 1e6) / 1e6 || 0;
const at = (angle: number, radius: number): Point => ({ x: round(radius * Math.cos(angle)), y: round(radius * Math.sin(angle)) });
const TOP = -Math.PI / 2;

export function circleLayout(view: MapView): Map<string, Point> {
  const positions = new Map<string, Point>([[view.centre.node.id, { x: 0, y: 0 }]]);
  const r1 = view.degree === 2 ? FIRST_RING_RADIUS_AT_2 : OUTER_RADIUS;
  const children = new Map<string, string[]>();
  for (const v of view.ring2) children.set(v.parentId!, [...(children.get(v.parentId!) ?? []), v.node.id]);
  // Each ring-1 node owns an arc in proportion to its ring-2 children (at least one share), sits
  // in the middle of it, and spreads its children evenly over it: no crowding, no crossing.
  const weights = view.ring1.map((v) => Math.max(1, children.get(v.node.id)?.length ?? 0));
  const total = weights.reduce((sum, w) => sum + w, 0);
  let start = TOP - (total > 0 ? (Math.PI * weights[0]!) / total : 0);
  view.ring1.forEach((v, i) => {
    const arc = (2 * Math.PI * weights[i]!) / total;
    positions.set(v.node.id, at(start + arc / 2, r1));
    const ids = children.get(v.node.id) ?? [];
    ids.forEach((id, c) => positions.set(id, at(start + ((c + 0.5) * arc) / ids.length, OUTER_RADIUS)));
    start += arc;
  });
  return positions;
}
