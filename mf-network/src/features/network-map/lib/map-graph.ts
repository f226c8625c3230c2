/**
 * One view put into the drawing's graph (graphology): nodes that left the view are dropped, the
 * others take their style, new ones start where the node they hang from is now (so a recentre
 * reads as the neighbourhood unfolding from the clicked node) or, without animation, at their
 * place; every node gets its edge back to its parent.
 */
import type Graph from 'graphology';
import type { Point } from './circle-layout';
import { ringCounts } from './map-overlay';
import { viewNodes, type MapView } from './map-view';
import { edgeColor, nodeStyle } from './node-style';

/**
 * Puts `view` into `graph` and returns where each node should end, in graph coordinates (y up).
 * `sizes` are the fitted node sizes (layoutOverlay), when the canvas has a size.
 */
export function showViewInGraph(graph: Graph, view: MapView, positions: ReadonlyMap<string, Point>, sizes: ReadonlyMap<string, number> | null, animate: boolean): Record<string, { x: number; y: number }> {
  const shown = viewNodes(view);
  const ids = new Set(shown.map((v) => v.node.id));
  const ringCount = ringCounts(view);
  // Where a node new to the view starts: where the node it hangs from is now.
  const startOf = (parentId: string | undefined): Point => {
    if (parentId && graph.hasNode(parentId)) return { x: graph.getNodeAttribute(parentId, 'x'), y: graph.getNodeAttribute(parentId, 'y') };
    return { x: 0, y: 0 };
  };

  graph.clearEdges();
  graph.forEachNode((id) => {
    if (!ids.has(id)) graph.dropNode(id);
  });
  const targets: Record<string, { x: number; y: number }> = {};
  for (const v of shown) {
    const at = positions.get(v.node.id) ?? { x: 0, y: 0 };
    // Sigma's y axis points up; the layout's points down, as on screen.
    const target = { x: at.x, y: -at.y };
    targets[v.node.id] = target;
    const { color, size } = nodeStyle(v.node, v.ring, ringCount[v.ring]);
    const attributes = { label: v.node.label, color, size: sizes?.get(v.node.id) ?? size, zIndex: 2 - v.ring };
    if (graph.hasNode(v.node.id)) graph.mergeNodeAttributes(v.node.id, attributes);
    else graph.addNode(v.node.id, { ...attributes, ...(animate ? startOf(v.parentId) : target) });
  }
  for (const v of shown) {
    if (v.parentId && graph.hasNode(v.parentId)) graph.addEdge(v.parentId, v.node.id, { color: edgeColor(v.edgeType!), size: v.ring === 1 ? 2 : 1.5 });
  }
  return targets;
}
