// Issue 16: the map reads at 30–50 connections: no overlapping labels or nodes, a first ring
// clear of the centre at 2°, counts that follow the centre.
import { circleLayout, FIRST_RING_RADIUS_AT_2, INNER_BAND_RADIUS, SKILL_RING_RADIUS } from '../src/features/network-map/lib/circle-layout';
import { boxesOverlap, candidateBoxes, circleMeetsBox, fitNodeRadii, MIN_TAP_RADIUS_PX, nodeAtTap, placeLabels, type Circle, type LabelRequest } from '../src/features/network-map/lib/label-placement';
import { layoutOverlay, shorterNames } from '../src/features/network-map/lib/map-overlay';
import { extentFor } from '../src/features/network-map/lib/map-size';
import { degreeCounts, selectView } from '../src/features/network-map/lib/map-view';
import { buildNetworkGraph } from '../src/features/network-map/lib/network-graph';
import { networkOf } from './fixtures';

/** 50 nodes on a ring of `radius` px around (c, c), alternately on the inner band as the layout does. */
function crowdedRing(count: number, size: number, radius: number, nodeRadius: number): Circle[] {
  const c = size / 2;
  return Array.from({ length: count }, (_, i) => {
    const angle = -Math.PI / 2 + (2 * Math.PI * i) / count;
    const r = i % 2 ? radius * INNER_BAND_RADIUS : radius;
    return { id: `n${i}`, x: c + r * Math.cos(angle), y: c + r * Math.sin(angle), radius: nodeRadius };
  });
}

describe('label placement', () => {
  it('tries the outward side first: right of a node on the right, left of one on the left, below the centre', () => {
    const label = (x: number, y: number): LabelRequest => ({ id: 'a', x, y, radius: 5, width: 40, height: 14 });
    const centre = { x: 100, y: 100 };
    expect(candidateBoxes(label(180, 100), centre)[0]!.left).toBe(188);
    expect(candidateBoxes(label(20, 100), centre)[0]!.left).toBe(20 - 8 - 40);
    expect(candidateBoxes(label(100, 100), centre)[0]!.top).toBe(108);
  });

  it('two labels that want the same spot: the second takes another, or none', () => {
    const nodes: Circle[] = [
      { id: 'a', x: 50, y: 50, radius: 5 },
      { id: 'b', x: 50, y: 60, radius: 5 },
    ];
    const placed = placeLabels(nodes.map((n) => ({ ...n, width: 60, height: 14 })), nodes, { width: 200, height: 200 }, { x: 100, y: 100 });
    expect(placed.length).toBeGreaterThanOrEqual(1);
    if (placed.length === 2) expect(boxesOverlap(placed[0]!, placed[1]!)).toBe(false);
  });

  for (const [name, size, radius] of [
    ['desktop (600 px)', 600, 190],
    ['phone (358 px)', 358, 88],
  ] as const) {
    it(`at 50 nodes on a ${name} map: nodes keep apart, and no placed label meets another label or any node`, () => {
      const wanted = crowdedRing(50, size, radius, 11);
      const radii = fitNodeRadii(wanted);
      const nodes = wanted.map((n) => ({ ...n, radius: radii.get(n.id)! }));
      for (const a of nodes) for (const b of nodes) if (a !== b) expect(Math.hypot(a.x - b.x, a.y - b.y)).toBeGreaterThanOrEqual(a.radius + b.radius);
      expect(Math.min(...nodes.map((n) => n.radius))).toBeGreaterThanOrEqual(4);

      const labels = nodes.map((n) => ({ ...n, width: 90, height: 14 }));
      const placed = placeLabels(labels, nodes, { width: size, height: size }, { x: size / 2, y: size / 2 });
      for (const label of placed) {
        expect(label.left).toBeGreaterThanOrEqual(0);
        expect(label.top + label.height).toBeLessThanOrEqual(size);
        for (const node of nodes) expect(circleMeetsBox(node, label)).toBe(false);
        for (const other of placed) if (other !== label) expect(boxesOverlap(label, other)).toBe(false);
      }
      // Most of a desktop map is labelled; the rest show their names on hover and in the list.
      if (size === 600) expect(placed.length).toBeGreaterThanOrEqual(25);
    });
  }

  it('shrinks a node only as much as its nearest neighbour needs', () => {
    const radii = fitNodeRadii([
      { id: 'a', x: 0, y: 0, radius: 10 },
      { id: 'b', x: 12, y: 0, radius: 10 },
      { id: 'c', x: 100, y: 0, radius: 10 },
    ]);
    expect(radii.get('a')).toBe(5);
    expect(radii.get('c')).toBe(10);
  });
});

describe('layout at 30–50 connections', () => {
  it('staggers a crowded 1° ring over two bands and puts my skills on the inner ring', () => {
    const view = selectView(buildNetworkGraph(networkOf(50, 0)), 'person:1', 1);
    const positions = circleLayout(view);
    const radius = (id: string) => Math.hypot(positions.get(id)!.x, positions.get(id)!.y);
    expect(radius(view.ring1[0]!.node.id)).toBeCloseTo(1);
    expect(radius(view.ring1[1]!.node.id)).toBeCloseTo(INNER_BAND_RADIUS);
    for (const v of view.ring2) expect(radius(v.node.id)).toBeCloseTo(SKILL_RING_RADIUS);
    const skillPoints = view.ring2.map((v) => positions.get(v.node.id)!);
    expect(new Set(skillPoints.map((p) => `${p.x},${p.y}`)).size).toBe(view.ring2.length);
  });

  it('at 2° keeps the first ring clear of the centre', () => {
    expect(FIRST_RING_RADIUS_AT_2).toBeGreaterThanOrEqual(0.55);
    expect(FIRST_RING_RADIUS_AT_2).toBeLessThanOrEqual(INNER_BAND_RADIUS);
  });
});

describe('the 1°/2° counts follow the centre', () => {
  const graph = buildNetworkGraph(networkOf(3, 6));

  it('around a 1° person: me and their 2° people are 1°, my other 1° people are 2° (through me); skills are not counted', () => {
    // person:100 has me, Skill 0, TypeScript and the 2° people 1000 and 1003.
    expect(degreeCounts(graph, 'person:100')).toEqual({ 1: 3, 2: 2 });
  });

  it('around me it counts my people and theirs', () => {
    expect(degreeCounts(graph, 'person:1')).toEqual({ 1: 3, 2: 6 });
  });
});

describe('the grid behind placement answers as a full scan would', () => {
  it('fits a big centre next to small neighbours and keeps them all apart', () => {
    const nodes: Circle[] = [{ id: 'c', x: 100, y: 100, radius: 18 }, ...Array.from({ length: 40 }, (_, i) => ({ id: `n${i}`, x: 100 + 30 * Math.cos(i / 6), y: 100 + 30 * Math.sin(i / 6), radius: 5 }))];
    const radii = fitNodeRadii(nodes);
    // The centre is 30 px from its nearest neighbour: it shrinks to 14.
    expect(radii.get('c')).toBeCloseTo(14);
    for (const a of nodes) {
      const nearest = Math.min(...nodes.filter((b) => b !== a).map((b) => Math.hypot(a.x - b.x, a.y - b.y)));
      expect(radii.get(a.id)).toBe(Math.max(2, Math.min(a.radius, (nearest - 2) / 2)));
    }
  });
});

describe('a phone-sized map (issue 28: 12 of 33 names, 8–14 px nodes)', () => {
  it('a name that does not fit whole is shortened to "First L." or "First" rather than left out', () => {
    expect(shorterNames('Ada Lovelace')).toEqual(['Ada L.', 'Ada', 'AL']);
    expect(shorterNames('Prince')).toEqual([]);
    // A 40 px high strip: nothing fits above or below, and 100 px fits on neither side of a node in the middle.
    const node: Circle = { id: 'a', x: 95, y: 20, radius: 6 };
    const request: LabelRequest = { ...node, width: 100, height: 14, shorter: [60, 30] };
    const [label] = placeLabels([request], [node], { width: 190, height: 40 }, { x: 95, y: 200 });
    expect(label).toMatchObject({ id: 'a', variant: 1, width: 60 });
  });

  it('every node is a target of at least 24 × 24 px: a tap beside a small node selects it, the nearest when two are close', () => {
    expect(MIN_TAP_RADIUS_PX * 2).toBeGreaterThanOrEqual(24);
    const nodes: Circle[] = [
      { id: 'small', x: 50, y: 50, radius: 4 },
      { id: 'near', x: 70, y: 50, radius: 4 },
      { id: 'big', x: 150, y: 150, radius: 20 },
    ];
    expect(nodeAtTap(nodes, { x: 50, y: 61 })).toBe('small');
    expect(nodeAtTap(nodes, { x: 62, y: 50 })).toBe('near');
    expect(nodeAtTap(nodes, { x: 150, y: 169 })).toBe('big');
    expect(nodeAtTap(nodes, { x: 50, y: 63 })).toBeNull();
  });
});

describe('a crowded phone map (issue 44: 17 of 37 people named at 390 × 844)', () => {
  const FIRST = ['Ada', 'Bo', 'Cyd', 'Dee', 'Eli', 'Fay', 'Gus', 'Hal', 'Ivo', 'Jo', 'Kit', 'Lu', 'Mo', 'Ned', 'Oda', 'Pat'];
  const LAST = ['Hassan', 'Greene', 'Okafor', 'Lindqvist', 'Montgomery', 'Rivera', 'Chen', 'Nakamura'];
  const network = networkOf(36, 0);
  network.directConnections.forEach((c, i) => {
    c.name = `${FIRST[i % FIRST.length]} ${LAST[i % LAST.length]}`;
    c.skills = [['TypeScript', 'Sales', 'Finance', 'Design', 'Kubernetes'][i % 5]!];
  });
  const view = selectView(buildNetworkGraph(network), 'person:1', 1);
  // As sigma draws it: the square [-extent, extent] fitted into the canvas inside its 16 px stage padding.
  const named = (side: number, extent: number) => {
    const fit = (v: number) => 16 + ((v + extent) / (2 * extent)) * (side - 32);
    const canvas = { toViewport: (p: { x: number; y: number }) => ({ x: fit(p.x), y: fit(-p.y) }), scale: 1, width: side, height: side };
    // Inter at 11 px is about 6.2 px a letter, plus the label's padding.
    const { overlay } = layoutOverlay(view, circleLayout(view), canvas, (text) => Math.ceil(text.length * 6.2) + 4);
    return { overlay, people: overlay.nodes.filter((n) => n.id.startsWith('person:')) };
  };

  it("gives a narrow map's ring the room to name most people, shortened (Ada H., Ada, AH) where a whole name has none", () => {
    const side = 324; // the map's width inside a 390 px phone's page
    const { overlay, people } = named(side, extentFor(side));
    expect(people).toHaveLength(37);
    const shown = people.filter((n) => overlay.shown[n.id]);
    expect(shown.length).toBeGreaterThanOrEqual(30);
    for (const n of shown) expect([overlay.text[n.id], ...shorterNames(overlay.text[n.id]!)]).toContain(overlay.shown[n.id]);
    // The old extent left the ring 80 px of radius: most of the inner band went unnamed.
    const before = named(side, 1.8);
    expect(before.people.filter((n) => before.overlay.shown[n.id]).length).toBeLessThan(25);
  });

  it("keeps the wide map's extent: a desktop map has room for whole names", () => {
    expect(extentFor(600)).toBe(1.45);
    expect(extentFor(324)).toBeLessThan(1.45);
  });
});
