/**
 * Where each node of a view sits: the centre at (0, 0); at 1° ring 1 on the unit circle; at 2°
 * ring 1 at radius 0.5 and ring 2 on the unit circle, each ring-2 node inside its parent's
 * sector (so edges do not cross between groups). Angles start at the top and go clockwise on
 * screen; y grows downward as on screen (the canvas flips it for sigma). Deterministic: the
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
  const n = view.ring1.length;
  const r1 = view.degree === 2 ? FIRST_RING_RADIUS_AT_2 : OUTER_RADIUS;
  const sector = n > 0 ? (2 * Math.PI) / n : 2 * Math.PI;
  const ring1Angle = new Map<string, number>();
  view.ring1.forEach((v, i) => {
    const angle = TOP + sector * i;
    ring1Angle.set(v.node.id, angle);
    positions.set(v.node.id, at(angle, r1));
  });

  const children = new Map<string, string[]>();
  for (const v of view.ring2) children.set(v.parentId!, [...(children.get(v.parentId!) ?? []), v.node.id]);
  // Even spacing around the ring when it fits the sector, tighter when a parent has many children.
  const evenStep = (2 * Math.PI) / Math.max(view.ring2.length, n, 1);
  for (const [parentId, ids] of children) {
    const step = Math.min(evenStep, sector / ids.length);
    const centreAngle = ring1Angle.get(parentId) ?? TOP;
    ids.forEach((id, c) => positions.set(id, at(centreAngle + (c - (ids.length - 1) / 2) * step, OUTER_RADIUS)));
  }
  return positions;
}
