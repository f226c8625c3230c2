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

/** Graph coordinates the canvas shows: the unit circle plus room for labels on the outer ring. */
const EXTENT: [number, number] = [-1.3, 1.3];

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
      labelSize: 12,
      labelWeight: '500',
      labelFont: "Inter, 'Segoe UI', system-ui, sans-serif",
      labelColor: { color: MAP_COLORS.label },
      defaultEdgeType: 'line',
      zIndex: true,
      stagePadding: 16,
      enableCameraZooming: false,
      enableCameraPanning: false,
      enableCameraRotation: false,
    });
    renderer.setCustomBBox({ x: EXTENT, y: EXTENT });
    renderer.on('clickNode', ({ node }) => onSelect.current(node));
    renderer.on('enterNode', () => (container.style.cursor = 'pointer'));
    renderer.on('leaveNode', () => (container.style.cursor = ''));
    rendererRef.current = renderer;
    renderer.once('afterRender', () => firstDraw.current?.());
    return () => {
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
