// The drawing's plain parts, without WebGL: what one view puts into sigma's graph, and the HTML
// overlay's node sizes and labels on a canvas of known size.
import Graph from 'graphology';
import { circleLayout } from '../src/features/network-map/lib/circle-layout';
import { boxesOverlap } from '../src/features/network-map/lib/label-placement';
import { showViewInGraph } from '../src/features/network-map/lib/map-graph';
import { layoutOverlay, ringCounts } from '../src/features/network-map/lib/map-overlay';
import { selectView, viewNodes, type MapView } from '../src/features/network-map/lib/map-view';
import { buildNetworkGraph } from '../src/features/network-map/lib/network-graph';
import { nodeStyle } from '../src/features/network-map/lib/node-style';
import { networkOf } from './fixtures';

const graphOf = (direct: number, second: number) => buildNetworkGraph(networkOf(direct, second));

function viewAround(centre: string | null, degree: 1 | 2, network = graphOf(6, 10)): { view: MapView; positions: ReturnType<typeof circleLayout> } {
  const view = selectView(network, centre ?? network.meId, degree);
  return { view, positions: circleLayout(view) };
}

/** A 400 px canvas showing graph coordinates -1.45…1.45 (y up), 10 px per unit of node size. */
const canvas = {
  toViewport: ({ x, y }: { x: number; y: number }) => ({ x: 200 + (x / 1.45) * 200, y: 200 - (y / 1.45) * 200 }),
  scale: 1,
  width: 400,
  height: 400,
};

describe('a view in the drawing graph', () => {
  it('holds every shown node at its place (y up), each linked to the node it hangs from', () => {
    const { view, positions } = viewAround(null, 2);
    const graph = new Graph({ type: 'undirected', multi: false });
    const targets = showViewInGraph(graph, view, positions, null, false);
    const shown = viewNodes(view);
    expect(graph.order).toBe(shown.length);
    expect(graph.size).toBe(shown.filter((v) => v.parentId).length);
    for (const v of shown) {
      const at = positions.get(v.node.id)!;
      expect(targets[v.node.id]).toEqual({ x: at.x, y: -at.y });
      expect(graph.getNodeAttribute(v.node.id, 'x')).toBe(at.x);
      expect(graph.getNodeAttribute(v.node.id, 'size')).toBe(nodeStyle(v.node, v.ring, ringCounts(view)[v.ring]).size);
      if (v.parentId) expect(graph.hasEdge(v.parentId, v.node.id)).toBe(true);
    }
  });

  it('on a recentre drops the nodes that left, and new nodes start where the node they hang from is', () => {
    const network = graphOf(6, 10);
    const first = viewAround(null, 1, network);
    const graph = new Graph({ type: 'undirected', multi: false });
    showViewInGraph(graph, first.view, first.positions, null, false);
    const clicked = first.view.ring1.find((v) => v.node.kind === 'person')!.node.id;
    const before = { x: graph.getNodeAttribute(clicked, 'x'), y: graph.getNodeAttribute(clicked, 'y') };
    const next = viewAround(clicked, 2, network);
    const targets = showViewInGraph(graph, next.view, next.positions, null, true);
    const ids = new Set(viewNodes(next.view).map((v) => v.node.id));
    graph.forEachNode((id) => expect(ids.has(id)).toBe(true));
    expect(Object.keys(targets).sort()).toEqual([...ids].sort());
    const arrived = next.view.ring1.find((v) => v.parentId === clicked && !first.view.ring1.some((w) => w.node.id === v.node.id) && v.node.id !== first.view.centre.node.id)!;
    expect({ x: graph.getNodeAttribute(arrived.node.id, 'x'), y: graph.getNodeAttribute(arrived.node.id, 'y') }).toEqual(before);
  });

  it('takes the fitted sizes when the canvas has them', () => {
    const { view, positions } = viewAround(null, 1);
    const graph = new Graph({ type: 'undirected', multi: false });
    const sizes = new Map(viewNodes(view).map((v) => [v.node.id, 3]));
    showViewInGraph(graph, view, positions, sizes, false);
    graph.forEachNode((_, attributes) => expect(attributes.size).toBe(3));
  });
});

describe('the overlay of names', () => {
  it('sizes every node within its style, in the drawing units, and labels only shown nodes without overlaps', () => {
    const { view, positions } = viewAround(null, 2, graphOf(30, 40));
    const { overlay, sizes } = layoutOverlay(view, positions, canvas, (text) => text.length * 6 + 4);
    const shown = viewNodes(view);
    expect(overlay.nodes.map((n) => n.id)).toEqual(shown.map((v) => v.node.id));
    for (const v of shown) {
      expect(sizes.get(v.node.id)).toBeLessThanOrEqual(nodeStyle(v.node, v.ring, ringCounts(view)[v.ring]).size);
      expect(overlay.text[v.node.id]).toBe(v.node.label);
    }
    expect(overlay.labels.length).toBeGreaterThan(0);
    expect(overlay.labels[0]!.id).toBe(view.centre.node.id);
    for (const [i, a] of overlay.labels.entries()) {
      expect(overlay.text[a.id]).toBeDefined();
      for (const b of overlay.labels.slice(i + 1)) expect(boxesOverlap(a, b)).toBe(false);
    }
  });
});
