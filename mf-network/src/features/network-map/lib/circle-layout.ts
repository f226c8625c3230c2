/**
 * Where each node of a view sits: the centre at (0, 0); at 1° ring 1 on the unit circle
 * (alternately on an inner band when crowded, so a full ring reads as dots, not a solid band) and
 * my network's skills on a small inner ring; at 2° ring 1 at radius 0.55 (clear of the centre) and
 * ring 2 on the unit circle, each ring-1 node owning an arc of the circle in proportion to the
 * ring-2 nodes hanging from it (so groups neither crowd nor cross). Angles start at the top and go
 * clockwise on screen; y grows downward as on screen (the canvas flips it for sigma). The first
 * ring-1 node is at the top. Deterministic: the same view always gives the same positions.
 */
import type { MapView } from './map-view';

export interface Point {
  x: number;
  y: number;
}

export const FIRST_RING_RADIUS_AT_2 = 0.55;
export const OUTER_RADIUS = 1;
/** From this many nodes on ring 1 at 1°, every other one sits on the inner band. */
export const STAGGER_FROM = 16;
export const INNER_BAND_RADIUS = 0.74;
/** The ring of skills around me at 1°. */
export const SKILL_RING_RADIUS = 0.5;

const round = (n: number) => Math.round(n * 1e6) / 1e6 || 0;
const at = (angle: number, radius: number): Point => ({ x: round(radius * Math.cos(angle)), y: round(radius * Math.sin(angle)) });
const TOP = -Math.PI / 2;

export function circleLayout(view: MapView): Map<string, Point> {
  if (view.degree === 1) return firstDegreeLayout(view);
  const positions = new Map<string, Point>([[view.centre.node.id, { x: 0, y: 0 }]]);
  const r1 = FIRST_RING_RADIUS_AT_2;
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

/** 1°: ring 1 evenly from the top (staggered when crowded); skills on the inner ring, each in the free slot nearest its holder. */
function firstDegreeLayout(view: MapView): Map<string, Point> {
  const positions = new Map<string, Point>([[view.centre.node.id, { x: 0, y: 0 }]]);
  const n = view.ring1.length;
  const angleOf = new Map<string, number>();
  view.ring1.forEach((v, i) => {
    const angle = TOP + (2 * Math.PI * i) / Math.max(n, 1);
    angleOf.set(v.node.id, angle);
    positions.set(v.node.id, at(angle, n >= STAGGER_FROM && i % 2 === 1 ? INNER_BAND_RADIUS : OUTER_RADIUS));
  });
  const slots = view.ring2.map((_, i) => TOP + (2 * Math.PI * (i + 0.5)) / view.ring2.length);
  const free = new Set(slots.keys());
  const gap = (a: number, b: number) => Math.abs(Math.atan2(Math.sin(a - b), Math.cos(a - b)));
  for (const v of view.ring2) {
    const want = angleOf.get(v.parentId!) ?? TOP;
    const slot = [...free].sort((a, b) => gap(slots[a]!, want) - gap(slots[b]!, want) || a - b)[0]!;
    free.delete(slot);
    positions.set(v.node.id, at(slots[slot]!, SKILL_RING_RADIUS));
  }
  return positions;
}
