// "How you're connected": the shortest-path search and the weakest-link rule, on in-memory graphs.
import { shortestPath, trustLinks, type NeighbourLookup } from '../src/features/trust-paths/domain/trust-path';

/** An undirected graph from its edges (an accepted vouch joins both ends), counting lookups. */
function graph(edges: Array<[number, number]>) {
  const asked: number[][] = [];
  const lookup: NeighbourLookup = async (ids) => {
    asked.push([...ids]);
    const wanted = new Set(ids);
    const pairs: Array<[number, number]> = [];
    for (const [a, b] of edges) {
      if (wanted.has(a)) pairs.push([a, b]);
      if (wanted.has(b)) pairs.push([b, a]);
    }
    return pairs;
  };
  return { lookup, asked };
}

describe('shortestPath', () => {
  it('finds a direct link, a 2° and a 3° path', async () => {
    const { lookup } = graph([
      [1, 2],
      [2, 3],
      [3, 4],
    ]);
    expect(await shortestPath(1, 2, 3, lookup)).toEqual([1, 2]);
    expect(await shortestPath(1, 3, 3, lookup)).toEqual([1, 2, 3]);
    expect(await shortestPath(1, 4, 3, lookup)).toEqual([1, 2, 3, 4]);
    expect(await shortestPath(4, 1, 3, lookup)).toEqual([4, 3, 2, 1]);
  });

  it('gives up past the depth: 4 hops is no path within 3', async () => {
    const { lookup } = graph([
      [1, 2],
      [2, 3],
      [3, 4],
      [4, 5],
    ]);
    expect(await shortestPath(1, 5, 3, lookup)).toBeNull();
    expect(await shortestPath(1, 5, 4, lookup)).toEqual([1, 2, 3, 4, 5]);
  });

  it('answers null for members in separate parts of the network, and for someone with no vouch', async () => {
    const { lookup } = graph([
      [1, 2],
      [3, 4],
    ]);
    expect(await shortestPath(1, 4, 3, lookup)).toBeNull();
    expect(await shortestPath(1, 99, 3, lookup)).toBeNull();
  });

  it('prefers the shorter of two paths, and among equal ones passes through the smallest ids', async () => {
    const { lookup } = graph([
      [1, 7],
      [7, 8],
      [8, 9],
      [1, 5],
      [5, 9],
      [1, 3],
      [3, 9],
    ]);
    expect(await shortestPath(1, 9, 3, lookup)).toEqual([1, 3, 9]);
  });

  it('grows the side with the smaller frontier: a hub target is never expanded when the source side suffices', async () => {
    // Target 100 is a hub with 500 neighbours; the source 1 reaches it through 2.
    const edges: Array<[number, number]> = [
      [1, 2],
      [2, 3],
    ];
    for (let i = 0; i < 500; i += 1) edges.push([100, 1000 + i]);
    edges.push([3, 100]);
    const { lookup, asked } = graph(edges);
    expect(await shortestPath(1, 100, 3, lookup)).toEqual([1, 2, 3, 100]);
    // Never asked for the neighbours of the hub's 500 neighbours.
    expect(asked.every((ids) => ids.length <= 2)).toBe(true);
  });

  it('a member is their own path', async () => {
    const { lookup, asked } = graph([]);
    expect(await shortestPath(5, 5, 3, lookup)).toEqual([5]);
    expect(asked).toEqual([]);
  });
});

describe('trustLinks', () => {
  it('each link is as trusted as the less trusted of its two ends; the weakest is the lowest', () => {
    const reputation = new Map([
      [1, 80],
      [2, 35],
      [3, 60],
      [4, 90],
    ]);
    expect(trustLinks([1, 2, 3, 4], reputation)).toEqual({
      links: [
        { fromId: 1, toId: 2, trust: 35 },
        { fromId: 2, toId: 3, trust: 35 },
        { fromId: 3, toId: 4, trust: 60 },
      ],
      // A tie goes to the link nearer the viewer.
      weakestLink: { fromId: 1, toId: 2, trust: 35 },
    });
  });

  it('a member without a score counts as 0, and a path without a hop has no link', () => {
    expect(trustLinks([1, 2], new Map([[1, 50]]))?.weakestLink).toEqual({ fromId: 1, toId: 2, trust: 0 });
    expect(trustLinks([1], new Map())).toBeNull();
  });
});
