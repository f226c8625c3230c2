/**
 * The WebGL drawing of one view (sigma 3 + graphology). Loaded lazily: sigma and graphology
 * live only in this chunk, so the page shell, toggles and list render before it arrives.
 *
 * Between views nodes glide to their new places in 500 ms (`animateNodes`); nodes new to the
 * view start from the node they hang from, so a recentre reads as the neighbourhood unfolding
 * from the clicked node. With prefers-reduced-motion they jump.
 */
import { useCallback, useEffect, useRef, useState } from 'react';
import Graph from 'graphology';
import Sigma from 'sigma';
import { animateNodes } from 'sigma/utils';
import type { Settings } from 'sigma/settings';
import type { Point } from '../lib/circle-layout';
import { fitNodeRadii, placeLabels, type Circle, type PlacedLabel } from '../lib/label-placement';
import { viewNodes, type MapView } from '../lib/map-view';
import { MAP_ANIMATION_MS } from '../lib/map-size';
import { edgeColor, nodeStyle } from '../lib/node-style';
import { MAP_COLORS } from '../lib/relationship-colors';
import { prefersReducedMotion } from '../lib/use-map-size';

export interface SigmaCanvasProps {
  view: MapView;
  positions: ReadonlyMap<string, Point>;
  onSelectNode: (id: string) => void;
  /** Called once the first frame is drawn (the benchmark measures up to here). */
  onFirstDraw?: () => void;
}

/**
 * Half the side of the square of graph coordinates the canvas shows: the unit circle plus room
 * for the outer ring's labels, relatively more on a narrow map (labels keep their pixel size).
 */
export const extentFor = (widthPx: number): number => (widthPx < 480 ? 1.8 : 1.45);

/** The label font: the overlay's CSS and the measuring canvas use the same. */
const LABEL_FONT_PX = 11;
const LABEL_FONT = `500 ${LABEL_FONT_PX}px Inter, 'Segoe UI', system-ui, sans-serif`;
const LABEL_HEIGHT = 14;
/** Label padding on each side, in pixels (the overlay's CSS padding). */
const LABEL_PAD_X = 2;

/** A hovered node gets a halo; its name shows in the overlay (labels are HTML, not canvas). */
const drawHover: Settings['defaultDrawNodeHover'] = (context, data) => {
  context.beginPath();
  context.arc(data.x, data.y, data.size + 3, 0, Math.PI * 2);
  context.fillStyle = 'rgba(255, 255, 255, 0.9)';
  context.fill();
};

let measuring: CanvasRenderingContext2D | null = null;
function textWidth(text: string): number {
  measuring ??= document.createElement('canvas').getContext('2d');
  if (!measuring) return text.length * 6.5;
  measuring.font = LABEL_FONT;
  return Math.ceil(measuring.measureText(text).width) + LABEL_PAD_X * 2;
}

interface Overlay {
  labels: PlacedLabel[];
  nodes: Circle[];
  text: Record<string, string>;
}

export default function SigmaCanvas({ view, positions, onSelectNode, onFirstDraw }: SigmaCanvasProps) {
  const containerRef = useRef<HTMLDivElement>(null);
  const graphRef = useRef(new Graph({ type: 'undirected', multi: false }));
  const rendererRef = useRef<Sigma | null>(null);
  const cancelAnimation = useRef<(() => void) | null>(null);
  const onSelect = useRef(onSelectNode);
  onSelect.current = onSelectNode;
  const firstDraw = useRef(onFirstDraw);
  firstDraw.current = onFirstDraw;
  const [overlay, setOverlay] = useState<Overlay>({ labels: [], nodes: [], text: {} });
  const [settled, setSettled] = useState(true);
  const [hovered, setHovered] = useState<string | null>(null);

  /**
   * Sizes the nodes to the pixels they have (fitNodeRadii) and places the labels (placeLabels)
   * at the nodes' final positions, in priority order: the centre, ring 1, ring 2.
   */
  const computeOverlay = useCallback((): Map<string, number> | null => {
    const renderer = rendererRef.current;
    const container = containerRef.current;
    if (!renderer || !container || container.clientWidth === 0) return null;
    const scale = renderer.scaleSize(1) || 1;
    const shown = viewNodes(view);
    const ringCount = { 0: 1, 1: view.ring1.length, 2: view.ring2.length };
    const wanted: Circle[] = shown.map((v) => {
      const at = positions.get(v.node.id) ?? { x: 0, y: 0 };
      const px = renderer.graphToViewport({ x: at.x, y: -at.y });
      return { id: v.node.id, x: px.x, y: px.y, radius: nodeStyle(v.node, v.ring, ringCount[v.ring]).size * scale };
    });
    // 6 px between neighbours: a crowded ring reads as separate dots, with room for names.
    const radii = fitNodeRadii(wanted, 6);
    const nodes = wanted.map((n) => ({ ...n, radius: radii.get(n.id)! }));
    const text = Object.fromEntries(shown.map((v) => [v.node.id, v.node.label]));
    const requests = nodes.map((n) => ({ ...n, width: textWidth(text[n.id]!), height: LABEL_HEIGHT }));
    const size = { width: container.clientWidth, height: container.clientHeight };
    setOverlay({ labels: placeLabels(requests, nodes, size, { x: size.width / 2, y: size.height / 2 }), nodes, text });
    // The sizes in sigma's units, for the caller to set in one pass (one graph event per node is slow at 1,000 nodes).
    return new Map(nodes.map((n) => [n.id, n.radius / scale]));
  }, [view, positions]);
  const relayout = useRef(computeOverlay);
  relayout.current = computeOverlay;

  useEffect(() => {
    const container = containerRef.current!;
    const renderer = new Sigma(graphRef.current, container, {
      renderEdgeLabels: false,
      // Labels are placed by placeLabels and drawn as HTML over the canvas (never overlapping).
      renderLabels: false,
      defaultDrawNodeHover: drawHover,
      defaultEdgeType: 'line',
      zIndex: true,
      stagePadding: 16,
      enableCameraZooming: false,
      enableCameraPanning: false,
      enableCameraRotation: false,
      // The container has no width for a moment while the page lays out or a panel above it
      // opens; sigma would throw then. It draws nothing until the ResizeObserver gives it a size.
      allowInvalidContainer: true,
    });
    const fit = () => {
      if (container.clientWidth === 0) return;
      const extent = extentFor(container.clientWidth);
      renderer.setCustomBBox({ x: [-extent, extent], y: [-extent, extent] });
      renderer.refresh();
      const sizes = relayout.current();
      if (sizes) graphRef.current.updateEachNodeAttributes((id, attributes) => ({ ...attributes, size: sizes.get(id) ?? attributes.size }), { attributes: ['size'] });
    };
    rendererRef.current = renderer;
    fit();
    const resizes = new ResizeObserver(fit);
    resizes.observe(container);
    renderer.on('clickNode', ({ node }) => onSelect.current(node));
    renderer.on('enterNode', ({ node }) => {
      container.style.cursor = 'pointer';
      setHovered(node);
    });
    renderer.on('leaveNode', () => {
      container.style.cursor = '';
      setHovered(null);
    });
    renderer.once('afterRender', () => firstDraw.current?.());
    return () => {
      resizes.disconnect();
      cancelAnimation.current?.();
      renderer.kill();
      rendererRef.current = null;
    };
  }, []);

  useEffect(() => {
    const graph = graphRef.current;
    cancelAnimation.current?.();
    const shown = viewNodes(view);
    const ids = new Set(shown.map((v) => v.node.id));
    const ringCount = { 0: 1, 1: view.ring1.length, 2: view.ring2.length };
    const wasEmpty = graph.order === 0;
    // Where a node new to the view starts: where the node it hangs from is now.
    const startOf = (parentId: string | undefined): { x: number; y: number } => {
      if (parentId && graph.hasNode(parentId)) return { x: graph.getNodeAttribute(parentId, 'x'), y: graph.getNodeAttribute(parentId, 'y') };
      return { x: 0, y: 0 };
    };

    graph.clearEdges();
    graph.forEachNode((id) => {
      if (!ids.has(id)) graph.dropNode(id);
    });
    const targets: Record<string, { x: number; y: number }> = {};
    const animate = !wasEmpty && !prefersReducedMotion();
    const fitted = computeOverlay();
    for (const v of shown) {
      const at = positions.get(v.node.id) ?? { x: 0, y: 0 };
      // Sigma's y axis points up; the layout's points down, as on screen.
      const target = { x: at.x, y: -at.y };
      targets[v.node.id] = target;
      const { color, size } = nodeStyle(v.node, v.ring, ringCount[v.ring]);
      const attributes = { label: v.node.label, color, size: fitted?.get(v.node.id) ?? size, zIndex: 2 - v.ring };
      if (graph.hasNode(v.node.id)) graph.mergeNodeAttributes(v.node.id, attributes);
      else graph.addNode(v.node.id, { ...attributes, ...(animate ? startOf(v.parentId) : target) });
    }
    for (const v of shown) {
      if (v.parentId && graph.hasNode(v.parentId)) graph.addEdge(v.parentId, v.node.id, { color: edgeColor(v.edgeType!), size: v.ring === 1 ? 2 : 1.5 });
    }
    // Labels wait for the nodes to arrive (they are placed at the final positions).
    if (animate) {
      setSettled(false);
      cancelAnimation.current = animateNodes(graph, targets, { duration: MAP_ANIMATION_MS, easing: 'quadraticInOut' }, () => setSettled(true));
    } else {
      setSettled(true);
      rendererRef.current?.refresh();
    }
  }, [view, positions, computeOverlay]);

  const placed = new Set(overlay.labels.map((l) => l.id));
  const hoveredNode = hovered && !placed.has(hovered) ? overlay.nodes.find((n) => n.id === hovered) : undefined;
  return (
    <div style={{ position: 'relative', width: '100%', height: '100%' }}>
      <div ref={containerRef} style={{ width: '100%', height: '100%' }} data-testid="network-canvas" data-node-boxes={JSON.stringify(overlay.nodes.map((n) => ({ id: n.id, x: n.x, y: n.y, r: n.radius })))} />
      {/* The list view is the accessible version of these names; here they are drawing. */}
      <div aria-hidden="true" data-testid="network-labels" data-settled={settled} style={{ position: 'absolute', inset: 0, pointerEvents: 'none', opacity: settled ? 1 : 0, transition: 'opacity 150ms' }}>
        {overlay.labels.map((label) => (
          <span key={label.id} data-label-for={label.id} style={{ ...labelStyle, left: label.left, top: label.top, width: label.width, height: label.height }}>
            {overlay.text[label.id]}
          </span>
        ))}
        {hoveredNode ? (
          <span data-testid="network-hover-label" style={{ ...labelStyle, left: hoveredNode.x + hoveredNode.radius + 4, top: hoveredNode.y - LABEL_HEIGHT / 2, background: 'white', boxShadow: '0 1px 3px rgba(0,0,0,0.2)', zIndex: 1 }}>
            {overlay.text[hoveredNode.id]}
          </span>
        ) : null}
      </div>
    </div>
  );
}

const labelStyle = {
  position: 'absolute',
  font: LABEL_FONT,
  lineHeight: `${LABEL_HEIGHT}px`,
  padding: `0 ${LABEL_PAD_X}px`,
  whiteSpace: 'nowrap',
  color: MAP_COLORS.label,
  textShadow: '0 0 3px #fff, 0 0 3px #fff, 0 0 2px #fff',
  boxSizing: 'border-box',
} as const;
