import { RELATIONSHIP_TYPES } from '@vouch/contracts';
import { circleLayout, FIRST_RING_RADIUS_AT_2 } from '../src/features/network-map/lib/circle-layout';
import { initialsOf, personLabel, skillLabel, truncateLabel } from '../src/lib/labels';
import { mapSizeFor } from '../src/features/network-map/lib/map-size';
import { selectView, viewNodes } from '../src/features/network-map/lib/map-view';
import { buildNetworkGraph, personNodeId, skillNodeId } from '../src/features/network-map/lib/network-graph';
import { RELATIONSHIP_COLORS, RELATIONSHIP_LABELS, RELATIONSHIP_LEGEND } from '../src/features/network-map/lib/relationship-colors';
import { networkOf } from './fixtures';

describe('relationship colours', () => {
  it('give every relationship type its own colour and legend row', () => {
    expect(Object.keys(RELATIONSHIP_COLORS).sort()).toEqual([...RELATIONSHIP_TYPES].sort());
    expect(new Set(Object.values(RELATIONSHIP_COLORS)).size).toBe(RELATIONSHIP_TYPES.length);
    expect(Object.keys(RELATIONSHIP_LABELS).sort()).toEqual([...RELATIONSHIP_TYPES].sort());
    expect(RELATIONSHIP_LEGEND.map((row) => row.type)).toEqual([...RELATIONSHIP_TYPES]);
  });
});

describe('labels', () => {
  it('cut skills at 20 characters with an ellipsis', () => {
    expect(skillLabel('Distributed systems design')).toBe('Distributed systems…');
    expect(skillLabel('Distributed systems design')).toHaveLength(20);
    expect(skillLabel('  Go  ')).toBe('Go');
    expect(skillLabel('Exactly twenty chars')).toBe('Exactly twenty chars');
  });

  it('shorten long names to first name and last initial, then cut the first name', () => {
    expect(personLabel('Ada Lovelace')).toBe('Ada Lovelace');
    expect(personLabel('Alexandra Montgomery-Smith')).toBe('Alexandra M.');
    expect(personLabel('Bartholomew-Maximilian Ng')).toBe('Bartholomew-Maxim…');
    expect(truncateLabel('abcdef', 4)).toBe('abc…');
  });

  it('take initials from the first two words', () => {
    expect(initialsOf('ada  lovelace king')).toBe('AL');
    expect(initialsOf('Cher')).toBe('C');
  });
});

describe('map size', () => {
  it('is 600 px on desktop and 400 px below 768 px of width', () => {
    expect(mapSizeFor(1280)).toBe(600);
    expect(mapSizeFor(768)).toBe(600);
    expect(mapSizeFor(767)).toBe(400);
    expect(mapSizeFor(375)).toBe(400);
  });
});

describe('network graph', () => {
  it('puts me, 1° people, their skills once each and 2° people with the right edges', () => {
    const graph = buildNetworkGraph(networkOf(2, 1));
    expect(graph.meId).toBe('person:1');
    expect([...graph.nodes.values()].filter((n) => n.kind === 'skill').map((n) => n.name)).toEqual(['Skill 0', 'TypeScript', 'Skill 1']);
    expect(graph.neighbours.get('person:1')).toEqual([
      { id: 'person:100', type: 'vouched_for' },
      { id: 'person:101', type: 'vouched_by' },
    ]);
    expect(graph.neighbours.get(personNodeId(1000))).toEqual([{ id: 'person:100', type: 'second_degree_vouch' }]);
    expect(graph.neighbours.get(skillNodeId(' typescript '))).toHaveLength(2);
  });

  it('shows a pending invite as a relationship node and drops duplicates and me', () => {
    const network = networkOf(1, 0);
    network.directConnections.push(
      { id: 'invite:7', kind: 'invite', memberId: null, name: 'Ivy Invitee', skills: [], characterTraits: [], relationshipType: 'invited_pending' },
      { ...network.directConnections[0]! },
      { id: '1', kind: 'member', memberId: 1, name: 'Me again', skills: [], characterTraits: [], relationshipType: 'vouched_by' },
    );
    const graph = buildNetworkGraph(network);
    expect(graph.nodes.get('invite:7')).toMatchObject({ kind: 'relationship', relationshipType: 'invited_pending' });
    expect(graph.neighbours.get('person:1')).toHaveLength(2);
  });
});

describe('node selection', () => {
  it('shows every 1° node at 1°, and around me the skills most of them have (at most 6), each from one who has it', () => {
    const view = selectView(buildNetworkGraph(networkOf(30, 50)), 'person:1', 1);
    expect(view.ring1).toHaveLength(30);
    // TypeScript: all 30; then each "Skill i" once, in ring order.
    expect(view.ring2.map((v) => v.node.id)).toEqual(['skill:typescript', 'skill:skill 0', 'skill:skill 1', 'skill:skill 2', 'skill:skill 3', 'skill:skill 4']);
    expect(view.ring2.every((v) => v.node.kind === 'skill' && v.edgeType === 'skill')).toBe(true);
    expect(view.ring2[1]!.parentId).toBe('person:100');
  });

  it('shows at most 8 first-ring and 12 second-ring nodes at 2°, each hanging from a shown node', () => {
    const graph = buildNetworkGraph(networkOf(30, 50));
    const view = selectView(graph, 'person:1', 2);
    expect(view.ring1).toHaveLength(8);
    expect(view.ring2).toHaveLength(12);
    const shown = new Set(viewNodes(view).map((v) => v.node.id));
    for (const v of view.ring2) expect(shown.has(v.parentId!)).toBe(true);
    expect(view.ring2.every((v) => v.node.kind === 'person')).toBe(true);
  });

  it('keeps the 1° members that lead to the most 2° people', () => {
    // Every 2° is reached through Direct 5 or Direct 9.
    const view = selectView(buildNetworkGraph(networkOf(12, 6, (j) => (j % 2 ? 109 : 105))), 'person:1', 2);
    expect(view.ring1.slice(0, 2).map((v) => v.node.id)).toEqual(['person:105', 'person:109']);
    expect(view.ring2).toHaveLength(6);
  });

  it('recentred on a 1° person shows me, their 2° people and their skills', () => {
    const view = selectView(buildNetworkGraph(networkOf(3, 3)), 'person:100', 1);
    expect(view.centre.node.id).toBe('person:100');
    expect(view.ring1.map((v) => v.node.id)).toEqual(['person:1', 'skill:skill 0', 'skill:typescript', 'person:1000']);
  });

  it('recentred on a skill shows the people who have it, and at 2° the people beyond them', () => {
    const graph = buildNetworkGraph(networkOf(3, 3));
    expect(selectView(graph, 'skill:typescript', 1).ring1.map((v) => v.node.id)).toEqual(['person:100', 'person:101', 'person:102']);
    const at2 = selectView(graph, 'skill:typescript', 2);
    expect(at2.ring2.map((v) => v.node.id)).toEqual(['person:1', 'person:1000', 'person:1001', 'person:1002']);
  });

  it('falls back to me for an unknown centre', () => {
    expect(selectView(buildNetworkGraph(networkOf(1, 0)), 'person:999', 1).centre.node.isMe).toBe(true);
  });
});

describe('circle layout', () => {
  const graph = buildNetworkGraph(networkOf(4, 8));

  it('puts the centre in the middle and 1° nodes evenly on the unit circle, the first at the top', () => {
    const positions = circleLayout(selectView(graph, 'person:1', 1));
    expect(positions.get('person:1')).toEqual({ x: 0, y: 0 });
    expect(positions.get('person:100')).toEqual({ x: 0, y: -1 });
    expect(positions.get('person:101')).toEqual({ x: 1, y: 0 });
    expect(positions.get('person:102')).toEqual({ x: 0, y: 1 });
    expect(positions.get('person:103')).toEqual({ x: -1, y: 0 });
  });

  it('at 2° puts ring 1 at half radius and each ring-2 node within its parent’s arc', () => {
    const view = selectView(graph, 'person:1', 2);
    const positions = circleLayout(view);
    for (const v of view.ring1) expect(Math.hypot(positions.get(v.node.id)!.x, positions.get(v.node.id)!.y)).toBeCloseTo(FIRST_RING_RADIUS_AT_2);
    const kids = (id: string) => view.ring2.filter((v) => v.parentId === id).length;
    const shares = view.ring1.reduce((sum, v) => sum + Math.max(1, kids(v.node.id)), 0);
    const angle = (id: string) => Math.atan2(positions.get(id)!.y, positions.get(id)!.x);
    for (const v of view.ring2) {
      const p = positions.get(v.node.id)!;
      expect(Math.hypot(p.x, p.y)).toBeCloseTo(1);
      const diff = Math.abs(Math.atan2(Math.sin(angle(v.node.id) - angle(v.parentId!)), Math.cos(angle(v.node.id) - angle(v.parentId!))));
      expect(diff).toBeLessThan((Math.PI * kids(v.parentId!)) / shares);
    }
    // The first ring-1 node is at the top.
    expect(positions.get(view.ring1[0]!.node.id)).toEqual({ x: 0, y: -FIRST_RING_RADIUS_AT_2 });
  });

  it('is deterministic', () => {
    const view = selectView(graph, 'person:1', 2);
    expect([...circleLayout(view)]).toEqual([...circleLayout(selectView(graph, 'person:1', 2))]);
  });
});
