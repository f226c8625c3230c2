/**
 * The WebGL drawing of one view (sigma 3 + graphology). Loaded lazily: sigma and graphology
 * live only in this chunk, so the page shell, toggles and list render before it arrives.
 *
 * Between views nodes glide to their new places in 500 ms (`animateNodes`); nodes new to the
 * view start from the node they hang from, so a recentre reads as the neighbourhood unfolding
 * from the clicked node. With prefers-reduced-motion they jump.
 */
import { useEffect, useRef } from 'react';
import Graph from 'graphology';
import Sigma from 'sigma';
import { animateNodes } from 'sigma/utils';
import type { Settings } from 'sigma/settings';
import type { Point } from '../lib/circle-layout';
import { viewNodes, type MapView } from '../lib/map-view';
import { MAP_ANIMATION_MS } from '../lib/map-size';
import { edgeColor, nodeStyle } from '../lib/node-style';
import { MAP_COLORS } from '../lib/relationship-colors';
import { prefersReducedMotion } from '../hooks/use-map-size';

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

/**
 * Labels point away from the centre (left of nodes on the left half), with a white halo so they
 * stay readable over edges: a radial diagram reads outward on both sides.
 */
const drawLabel: Settings['defaultDrawNodeLabel'] = (context, data, settings) => {
  if (!data.label) return;
  const width = context.canvas.clientWidth || context.canvas.width;
  const left = data.x < width / 2 - 2;
  const gap = data.size + 4;
  context.font = `${settings.labelWeight} ${settings.labelSize}px ${settings.labelFont}`;
  context.textAlign = left ? 'right' : 'left';
  context.textBaseline = 'middle';
  const x = left ? data.x - gap : data.x + gap;
  context.lineWidth = 3;
  context.strokeStyle = 'rgba(255, 255, 255, 0.9)';
  context.strokeText(data.label, x, data.y);
  context.fillStyle = MAP_COLORS.label;
  context.fillText(data.label, x, data.y);
  context.textAlign = 'left';
  context.textBaseline = 'alphabetic';
};

export default function SigmaCanvas({ view, positions, onSelectNode, onFirstDraw }: SigmaCanvasProps) {
  const containerRef = useRef<HTMLDivElement>(null);
  const graphRef = useRef(new Graph({ type: 'undirected', multi: false }));
  const rendererRef = useRef<Sigma | null>(null);
  const cancelAnimation = useRef<(() => void) | null>(null);
  const onSelect = useRef(onSelectNode);
  onSelect.current = onSelectNode;
  const firstDraw = useRef(onFirstDraw);
  firstDraw.current = onFirstDraw;

  useEffect(() => {
    const container = containerRef.current!;
    const renderer = new Sigma(graphRef.current, container, {
      renderEdgeLabels: false,
      labelRenderedSizeThreshold: 0,
      labelDensity: 0.6,
      labelGridCellSize: 70,
      labelSize: 11,
      defaultDrawNodeLabel: drawLabel,
      labelWeight: '500',
      labelFont: "Inter, 'Segoe UI', system-ui, sans-serif",
      labelColor: { color: MAP_COLORS.label },
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
    };
    fit();
    const resizes = new ResizeObserver(fit);
    resizes.observe(container);
    renderer.on('clickNode', ({ node }) => onSelect.current(node));
    renderer.on('enterNode', () => (container.style.cursor = 'pointer'));
    renderer.on('leaveNode', () => (container.style.cursor = ''));
    rendererRef.current = renderer;
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
    for (const v of shown) {
      const at = positions.get(v.node.id) ?? { x: 0, y: 0 };
      // Sigma's y axis points up; the layout's points down, as on screen.
      const target = { x: at.x, y: -at.y };
      targets[v.node.id] = target;
      const { color, size } = nodeStyle(v.node, v.ring, ringCount[v.ring]);
      const attributes = { label: v.node.label, color, size, zIndex: 2 - v.ring, forceLabel: v.ring === 0 };
      if (graph.hasNode(v.node.id)) graph.mergeNodeAttributes(v.node.id, attributes);
      else graph.addNode(v.node.id, { ...attributes, ...(animate ? startOf(v.parentId) : target) });
    }
    for (const v of shown) {
      if (v.parentId && graph.hasNode(v.parentId)) graph.addEdge(v.parentId, v.node.id, { color: edgeColor(v.edgeType!), size: v.ring === 1 ? 2 : 1.5 });
    }
    if (animate) cancelAnimation.current = animateNodes(graph, targets, { duration: MAP_ANIMATION_MS, easing: 'quadraticInOut' });
    else rendererRef.current?.refresh();
  }, [view, positions]);

  return <div ref={containerRef} style={{ width: '100%', height: '100%' }} data-testid="network-canvas" />;
}
