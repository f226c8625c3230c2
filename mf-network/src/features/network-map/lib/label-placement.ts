/**
 * Where the map's labels go (issue 16: no overlapping labels at 50 nodes). Plain geometry in
 * screen pixels, so it is unit-tested without a browser and the canvas only draws its answer.
 *
 * Each label tries the spots around its node, most outward first (a radial diagram reads away
 * from its centre), and takes the first that overlaps no node and no label placed before it and
 * stays inside the map. Labels are placed in priority order (the centre, then ring 1, then ring
 * 2); one that finds no spot is not drawn: the node shows its name on hover, and the list view
 * names every node.
 */

export interface Circle {
  id: string;
  x: number;
  y: number;
  radius: number;
}

export interface LabelRequest extends Circle {
  width: number;
  height: number;
  /** Widths of shorter forms of the name ("Ada L.", "Ada"), tried in order when the full one finds no spot (issue 28: a phone named 12 of 33 nodes). */
  shorter?: readonly number[];
}

export interface Box {
  left: number;
  top: number;
  width: number;
  height: number;
}

export interface PlacedLabel extends Box {
  id: string;
  /** Which form of the name fits: 0 the full one, n the n-th of `shorter`. */
  variant: number;
}

/**
 * Labels tried, in priority order: beyond this many nodes a map has no room for more names, and
 * trying them all would cost the first draw of a 1,000-node map (they are named on hover instead).
 */
export const MAX_LABELS_TRIED = 160;

/** Room kept between a label and anything else, in pixels. */
export const LABEL_MARGIN = 2;

export const boxesOverlap = (a: Box, b: Box, margin = 0): boolean =>
  a.left < b.left + b.width + margin && b.left < a.left + a.width + margin && a.top < b.top + b.height + margin && b.top < a.top + a.height + margin;

/** True when the circle reaches into the box (nearest point of the box within the radius). */
export function circleMeetsBox(circle: Circle, box: Box, margin = 0): boolean {
  const nearestX = Math.min(Math.max(circle.x, box.left), box.left + box.width);
  const nearestY = Math.min(Math.max(circle.y, box.top), box.top + box.height);
  return Math.hypot(circle.x - nearestX, circle.y - nearestY) < circle.radius + margin;
}

/** The spots around a node, most outward (away from `centre`) first; the centre node prefers below. */
export function candidateBoxes(label: LabelRequest, centre: { x: number; y: number }): Box[] {
  const { x, y, radius, width: w, height: h } = label;
  const gap = radius + 3;
  const spots: Box[] = [
    { left: x + gap, top: y - h / 2, width: w, height: h },
    { left: x - gap - w, top: y - h / 2, width: w, height: h },
    { left: x - w / 2, top: y - gap - h, width: w, height: h },
    { left: x - w / 2, top: y + gap, width: w, height: h },
    { left: x + radius * 0.7, top: y - gap - h + 2, width: w, height: h },
    { left: x - radius * 0.7 - w, top: y - gap - h + 2, width: w, height: h },
    { left: x + radius * 0.7, top: y + gap - 2, width: w, height: h },
    { left: x - radius * 0.7 - w, top: y + gap - 2, width: w, height: h },
  ];
  const dx = x - centre.x;
  const dy = y - centre.y;
  const length = Math.hypot(dx, dy);
  const out = length < 1 ? { x: 0, y: 1 } : { x: dx / length, y: dy / length };
  const outwardness = (box: Box) => {
    const cx = box.left + box.width / 2 - x;
    const cy = box.top + box.height / 2 - y;
    return (cx * out.x + cy * out.y) / (Math.hypot(cx, cy) || 1);
  };
  return spots.map((box, order) => ({ box, order, score: outwardness(box) })).sort((a, b) => b.score - a.score || a.order - b.order).map((s) => s.box);
}

/**
 * A uniform grid of boxes, so a question "what is near this box" reads a few cells instead of
 * every node: placing 1,000 labels stays linear, not quadratic.
 */
class Grid<T> {
  private readonly cells = new Map<string, T[]>();
  constructor(private readonly cell: number) {}

  private keys(box: Box): string[] {
    const keys: string[] = [];
    const [x0, x1] = [Math.floor(box.left / this.cell), Math.floor((box.left + box.width) / this.cell)];
    const [y0, y1] = [Math.floor(box.top / this.cell), Math.floor((box.top + box.height) / this.cell)];
    for (let x = x0; x <= x1; x += 1) for (let y = y0; y <= y1; y += 1) keys.push(`${x},${y}`);
    return keys;
  }

  add(box: Box, item: T): void {
    for (const key of this.keys(box)) {
      const cell = this.cells.get(key);
      if (cell) cell.push(item);
      else this.cells.set(key, [item]);
    }
  }

  /** The items of the cells the box touches (an item in two cells comes twice: cheaper than deduplicating). */
  near(box: Box): T[] {
    return this.keys(box).flatMap((key) => this.cells.get(key) ?? []);
  }
}

const around = (c: Circle, pad = 0): Box => ({ left: c.x - c.radius - pad, top: c.y - c.radius - pad, width: 2 * (c.radius + pad), height: 2 * (c.radius + pad) });
const grown = (box: Box, pad: number): Box => ({ left: box.left - pad, top: box.top - pad, width: box.width + 2 * pad, height: box.height + 2 * pad });

/**
 * Labels for `labels` (in priority order) among `nodes`, inside a `width` × `height` map centred
 * at `centre`. Returns the placed labels; the ones left out have no room.
 */
export function placeLabels(labels: readonly LabelRequest[], nodes: readonly Circle[], size: { width: number; height: number }, centre: { x: number; y: number }): PlacedLabel[] {
  const placed: PlacedLabel[] = [];
  const nodeGrid = new Grid<Circle>(48);
  for (const node of nodes) nodeGrid.add(around(node), node);
  const labelGrid = new Grid<PlacedLabel>(48);
  const fits = (box: Box) => {
    if (box.left < 0 || box.top < 0 || box.left + box.width > size.width || box.top + box.height > size.height) return false;
    const reach = grown(box, LABEL_MARGIN);
    for (const node of nodeGrid.near(reach)) if (circleMeetsBox(node, box, LABEL_MARGIN)) return false;
    for (const other of labelGrid.near(reach)) if (boxesOverlap(other, box, LABEL_MARGIN)) return false;
    return true;
  };
  for (const label of labels.slice(0, MAX_LABELS_TRIED)) {
    const widths = [label.width, ...(label.shorter ?? [])];
    for (const [variant, width] of widths.entries()) {
      const spot = candidateBoxes({ ...label, width }, centre).find(fits);
      if (!spot) continue;
      const box = { id: label.id, variant, ...spot };
      placed.push(box);
      labelGrid.add(box, box);
      break;
    }
  }
  return placed;
}

/**
 * Node radii that keep every node clear of its nearest neighbour: each node keeps its wanted
 * radius, or less than half the distance to the nearest other node (minus a `gap`), never below
 * `min`. A crowded ring then shrinks into separate dots instead of a solid band. Only nodes within
 * reach of the wanted radius can shrink a node, so a grid keeps this linear.
 */
export function fitNodeRadii(nodes: readonly Circle[], gap = 2, min = 2): Map<string, number> {
  const reachOf = (node: Circle) => 2 * node.radius + gap;
  const grid = new Grid<Circle>(48);
  for (const node of nodes) grid.add(around(node), node);
  const radii = new Map<string, number>();
  for (const node of nodes) {
    let nearest = Infinity;
    for (const other of grid.near(around(node, reachOf(node)))) if (other !== node) nearest = Math.min(nearest, Math.hypot(node.x - other.x, node.y - other.y));
    radii.set(node.id, Math.max(min, Math.min(node.radius, (nearest - gap) / 2)));
  }
  return radii;
}

/** Half the side of the smallest tap target (WCAG 2.5.8: 24 × 24 CSS pixels). */
export const MIN_TAP_RADIUS_PX = 12;

/**
 * The node a tap at `point` means: the nearest whose target (its drawn circle, at least
 * MIN_TAP_RADIUS_PX in radius) holds the point, or null. Small nodes of a phone's map stay tappable.
 */
export function nodeAtTap(nodes: readonly Circle[], point: { x: number; y: number }, min = MIN_TAP_RADIUS_PX): string | null {
  let best: { id: string; distance: number } | null = null;
  for (const node of nodes) {
    const distance = Math.hypot(node.x - point.x, node.y - point.y);
    if (distance <= Math.max(node.radius, min) && (!best || distance < best.distance)) best = { id: node.id, distance };
  }
  return best?.id ?? null;
}
