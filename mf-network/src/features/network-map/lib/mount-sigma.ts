/**
 * The sigma renderer of the map's canvas: no camera moves, no canvas labels (the HTML overlay
 * has them), a halo on hover, refitted to the container on every resize.
 */
import type Graph from 'graphology';
import Sigma from 'sigma';
import type { Settings } from 'sigma/settings';
import { extentFor } from './map-size';

/** A hovered node gets a halo; its name shows in the overlay (labels are HTML, not canvas). */
const drawHover: Settings['defaultDrawNodeHover'] = (context, data) => {
  context.beginPath();
  context.arc(data.x, data.y, data.size + 3, 0, Math.PI * 2);
  context.fillStyle = 'rgba(255, 255, 255, 0.9)';
  context.fill();
};

export interface SigmaHandlers {
  /** After each refit: the fitted node sizes to set, or null while the canvas has no size. */
  relayout: (renderer: Sigma) => Map<string, number> | null;
  onSelect: (id: string) => void;
  /** The node a tap beside the drawn circles means (a 24 px target around small nodes), or null. */
  nodeAt: (point: { x: number; y: number }) => string | null;
  onHover: (id: string | null) => void;
  onFirstDraw: () => void;
}

/** Starts sigma on `container`; returns the renderer and the function that stops it. */
export function mountSigma(graph: Graph, container: HTMLElement, handlers: SigmaHandlers): { renderer: Sigma; stop: () => void } {
  const renderer = new Sigma(graph, container, {
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
    const sizes = handlers.relayout(renderer);
    if (sizes) graph.updateEachNodeAttributes((id, attributes) => ({ ...attributes, size: sizes.get(id) ?? attributes.size }), { attributes: ['size'] });
  };
  fit();
  const resizes = new ResizeObserver(fit);
  resizes.observe(container);
  renderer.on('clickNode', ({ node }) => handlers.onSelect(node));
  // A phone's nodes are 8–14 px: a tap near one, within its 24 px target, selects it too.
  renderer.on('clickStage', ({ event }) => {
    const id = handlers.nodeAt({ x: event.x, y: event.y });
    if (id) handlers.onSelect(id);
  });
  renderer.on('enterNode', ({ node }) => {
    container.style.cursor = 'pointer';
    handlers.onHover(node);
  });
  renderer.on('leaveNode', () => {
    container.style.cursor = '';
    handlers.onHover(null);
  });
  renderer.once('afterRender', () => handlers.onFirstDraw());
  return {
    renderer,
    stop: () => {
      resizes.disconnect();
      renderer.kill();
    },
  };
}
