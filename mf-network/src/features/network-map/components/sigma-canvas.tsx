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
import type Sigma from 'sigma';
import { animateNodes } from 'sigma/utils';
import type { Point } from '../lib/circle-layout';
import { MAP_ANIMATION_MS } from '../lib/map-size';
import { showViewInGraph } from '../lib/map-graph';
import { nodeAtTap } from '../lib/label-placement';
import { EMPTY_OVERLAY, layoutOverlay, type MapOverlay } from '../lib/map-overlay';
import type { MapView } from '../lib/map-view';
import { mountSigma } from '../lib/mount-sigma';
import { prefersReducedMotion } from '../lib/use-map-size';
import { MapLabelOverlay } from './map-label-overlay';

export interface SigmaCanvasProps {
  view: MapView;
  positions: ReadonlyMap<string, Point>;
  onSelectNode: (id: string) => void;
  /** Called once the first frame is drawn (the benchmark measures up to here). */
  onFirstDraw?: () => void;
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
  const [overlay, setOverlay] = useState<MapOverlay>(EMPTY_OVERLAY);
  const overlayNodes = useRef(overlay.nodes);
  overlayNodes.current = overlay.nodes;
  const [settled, setSettled] = useState(true);
  const [hovered, setHovered] = useState<string | null>(null);

  /** Lays the overlay out for the canvas as it is now; the fitted node sizes, or null without a size. */
  const computeOverlay = useCallback((renderer: Sigma | null = rendererRef.current): Map<string, number> | null => {
    const container = containerRef.current;
    if (!renderer || !container || container.clientWidth === 0) return null;
    const canvas = { toViewport: (point: Point) => renderer.graphToViewport(point), scale: renderer.scaleSize(1) || 1, width: container.clientWidth, height: container.clientHeight };
    const { overlay: laidOut, sizes } = layoutOverlay(view, positions, canvas);
    setOverlay(laidOut);
    return sizes;
  }, [view, positions]);
  const relayout = useRef(computeOverlay);
  relayout.current = computeOverlay;

  useEffect(() => {
    const { renderer, stop } = mountSigma(graphRef.current, containerRef.current!, {
      relayout: (renderer) => relayout.current(renderer),
      onSelect: (id) => onSelect.current(id),
      nodeAt: (point) => nodeAtTap(overlayNodes.current, point),
      onHover: setHovered,
      onFirstDraw: () => firstDraw.current?.(),
    });
    rendererRef.current = renderer;
    return () => {
      cancelAnimation.current?.();
      stop();
      rendererRef.current = null;
    };
  }, []);

  useEffect(() => {
    const graph = graphRef.current;
    cancelAnimation.current?.();
    const animate = graph.order > 0 && !prefersReducedMotion();
    const targets = showViewInGraph(graph, view, positions, computeOverlay(), animate);
    // Labels wait for the nodes to arrive (they are placed at the final positions).
    if (animate) {
      setSettled(false);
      cancelAnimation.current = animateNodes(graph, targets, { duration: MAP_ANIMATION_MS, easing: 'quadraticInOut' }, () => setSettled(true));
    } else {
      setSettled(true);
      rendererRef.current?.refresh();
    }
  }, [view, positions, computeOverlay]);

  return (
    <div style={{ position: 'relative', width: '100%', height: '100%' }}>
      <div ref={containerRef} style={{ width: '100%', height: '100%' }} data-testid="network-canvas" data-node-boxes={JSON.stringify(overlay.nodes.map((n) => ({ id: n.id, x: n.x, y: n.y, r: n.radius })))} />
      <MapLabelOverlay overlay={overlay} settled={settled} hovered={hovered} />
    </div>
  );
}
