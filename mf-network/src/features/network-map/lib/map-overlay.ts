/**
 * The HTML overlay over the WebGL map: every shown node sized to the pixels it has
 * (fitNodeRadii) and the names placed beside them (placeLabels) at the nodes' final positions,
 * in priority order: the centre, ring 1, ring 2. Labels are HTML, never overlapping, so the
 * canvas draws none.
 */
import type { Point } from './circle-layout';
import { fitNodeRadii, placeLabels, type Circle, type PlacedLabel } from './label-placement';
import { viewNodes, type MapView } from './map-view';
import { nodeStyle } from './node-style';

/** The label font: the overlay's CSS and the measuring canvas use the same. */
export const LABEL_FONT = `500 11px Inter, 'Segoe UI', system-ui, sans-serif`;
export const LABEL_HEIGHT = 14;
/** Label padding on each side, in pixels (the overlay's CSS padding). */
export const LABEL_PAD_X = 2;
/** Pixels between neighbouring nodes: a crowded ring reads as separate dots, with room for names. */
const NODE_GAP_PX = 6;

export interface MapOverlay {
  labels: PlacedLabel[];
  nodes: Circle[];
  /** Each shown node's name, by node id. */
  text: Record<string, string>;
  /** What each placed label says: the name, or a shorter form of it when only that fits. */
  shown: Record<string, string>;
}

export const EMPTY_OVERLAY: MapOverlay = { labels: [], nodes: [], text: {}, shown: {} };

/**
 * Shorter forms of a name, longest first: "Ada Lovelace" → ["Ada L.", "Ada", "AL"]; a one-word
 * name has none. The initials (as the avatar shows them) are the last resort of a crowded phone
 * map (issue 44: 17 of 37 people named): a tap or the list says the whole name.
 */
export function shorterNames(name: string): string[] {
  const words = name.trim().split(/\s+/);
  if (words.length < 2) return [];
  const first = words[0]!;
  const initial = words[words.length - 1]!.charAt(0);
  return [`${first} ${initial}.`, first, `${first.charAt(0)}${initial}`.toUpperCase()];
}

/** How many nodes each ring of the view holds (a crowded ring draws smaller nodes). */
export const ringCounts = (view: MapView): Record<0 | 1 | 2, number> => ({ 0: 1, 1: view.ring1.length, 2: view.ring2.length });

let measuring: CanvasRenderingContext2D | null = null;
/** A label's width in pixels, padding included, measured in the label font. */
export function labelWidth(text: string): number {
  measuring ??= document.createElement('canvas').getContext('2d');
  if (!measuring) return text.length * 6.5;
  measuring.font = LABEL_FONT;
  return Math.ceil(measuring.measureText(text).width) + LABEL_PAD_X * 2;
}

export interface OverlayCanvas {
  /** Graph coordinates (y up) to the canvas's pixels. */
  toViewport: (point: Point) => Point;
  /** Pixels per unit of node size. */
  scale: number;
  width: number;
  height: number;
}

/**
 * The overlay for `view` on a canvas, and each node's size in the drawing's own units (for the
 * caller to set in one pass: one graph event per node is slow at 1,000 nodes).
 */
export function layoutOverlay(view: MapView, positions: ReadonlyMap<string, Point>, canvas: OverlayCanvas, measure: (text: string) => number = labelWidth): { overlay: MapOverlay; sizes: Map<string, number> } {
  const shown = viewNodes(view);
  const ringCount = ringCounts(view);
  const wanted: Circle[] = shown.map((v) => {
    const at = positions.get(v.node.id) ?? { x: 0, y: 0 };
    const px = canvas.toViewport({ x: at.x, y: -at.y });
    return { id: v.node.id, x: px.x, y: px.y, radius: nodeStyle(v.node, v.ring, ringCount[v.ring]).size * canvas.scale };
  });
  const radii = fitNodeRadii(wanted, NODE_GAP_PX);
  const nodes = wanted.map((n) => ({ ...n, radius: radii.get(n.id)! }));
  const text = Object.fromEntries(shown.map((v) => [v.node.id, v.node.label]));
  const forms = Object.fromEntries(nodes.map((n) => [n.id, [text[n.id]!, ...shorterNames(text[n.id]!)]]));
  const requests = nodes.map((n) => ({ ...n, width: measure(text[n.id]!), shorter: forms[n.id]!.slice(1).map(measure), height: LABEL_HEIGHT }));
  const size = { width: canvas.width, height: canvas.height };
  const labels = placeLabels(requests, nodes, size, { x: size.width / 2, y: size.height / 2 });
  const said = Object.fromEntries(labels.map((l) => [l.id, forms[l.id]![l.variant]!]));
  return { overlay: { labels, nodes, text, shown: said }, sizes: new Map(nodes.map((n) => [n.id, n.radius / canvas.scale])) };
}
