import { defaultRegistry, loadRegistry, mergeRegistry, parseRegistry, REMOTE_NAMES } from '../src/remotes/registry';

const BASE = 'http://localhost:3100/dashboard';

describe('remote registry', () => {
  it('knows the built-in path of all five remotes', () => {
    expect(defaultRegistry()).toEqual(
      REMOTE_NAMES.map((name) => ({ name, entry: `/mf/${name.replace('mf_', '')}/mf-manifest.json` })),
    );
    expect(defaultRegistry().find((row) => row.name === 'mf_introductions')?.entry).toBe('/mf/introductions/mf-manifest.json');
  });

  it('keeps only well-formed rows', () => {
    expect(
      parseRegistry([
        { name: 'mf_auth', entry: '/mf/auth/mf-manifest.json' },
        { name: 'bad name', entry: '/x.json' },
        { name: 'mf_vouches' },
        { name: 'mf_network', entry: '   ' },
        null,
        'mf_subscription',
      ]),
    ).toEqual([{ name: 'mf_auth', entry: '/mf/auth/mf-manifest.json' }]);
    expect(parseRegistry('nonsense')).toEqual([]);
    expect(parseRegistry(null)).toEqual([]);
  });

  it('accepts the { name: entry } object form of hand-written files', () => {
    expect(parseRegistry({ mf_vouches: 'http://cdn.example/mf-vouches/mf-manifest.json' })).toEqual([
      { name: 'mf_vouches', entry: 'http://cdn.example/mf-vouches/mf-manifest.json' },
    ]);
  });

  it('lets a fetched row override a default, keeps the rest, and makes entries absolute', () => {
    const merged = mergeRegistry(
      defaultRegistry(),
      [
        { name: 'mf_vouches', entry: 'http://127.0.0.1:4100/mf-manifest.json' },
        { name: 'mf_labs', entry: '/mf/labs/mf-manifest.json' },
      ],
      BASE,
    );
    expect(merged).toHaveLength(6);
    expect(merged.find((row) => row.name === 'mf_vouches')?.entry).toBe('http://127.0.0.1:4100/mf-manifest.json');
    expect(merged.find((row) => row.name === 'mf_auth')?.entry).toBe('http://localhost:3100/mf/auth/mf-manifest.json');
    expect(merged.find((row) => row.name === 'mf_labs')?.entry).toBe('http://localhost:3100/mf/labs/mf-manifest.json');
  });

  it('uses the registry when it answers', async () => {
    const fetchImpl = (async () =>
      new Response(JSON.stringify([{ name: 'mf_network', entry: 'https://cdn.example/net/mf-manifest.json' }]), {
        status: 200,
      })) as typeof fetch;
    const { rows, source } = await loadRegistry(fetchImpl, BASE);
    expect(source).toBe('registry');
    expect(rows.find((row) => row.name === 'mf_network')?.entry).toBe('https://cdn.example/net/mf-manifest.json');
  });

  it('reads the registry the page carries without fetching it', async () => {
    const fetchImpl = jest.fn(async () => new Response('[]')) as unknown as typeof fetch;
    const inlined = JSON.stringify([{ name: 'mf_vouches', entry: 'https://cdn.example/vouches/mf-manifest.json' }]);
    const { rows, source } = await loadRegistry(fetchImpl, BASE, { inlined });
    expect(source).toBe('inline');
    expect(fetchImpl).not.toHaveBeenCalled();
    expect(rows).toHaveLength(5);
    expect(rows.find((row) => row.name === 'mf_vouches')?.entry).toBe('https://cdn.example/vouches/mf-manifest.json');
  });

  it('fetches the registry when the page carries none, or an unreadable one', async () => {
    for (const inlined of [null, '', '{not json', '[]']) {
      const fetchImpl = jest.fn(async () => new Response(JSON.stringify([{ name: 'mf_network', entry: '/net/mf-manifest.json' }]))) as unknown as typeof fetch;
      const { rows, source } = await loadRegistry(fetchImpl, BASE, { inlined });
      expect(source).toBe('registry');
      expect(fetchImpl).toHaveBeenCalledTimes(1);
      expect(rows.find((row) => row.name === 'mf_network')?.entry).toBe('http://localhost:3100/net/mf-manifest.json');
    }
  });

  it('falls back to the built-in paths when the registry is down or broken', async () => {
    const down = (async () => {
      throw new TypeError('Failed to fetch');
    }) as typeof fetch;
    const broken = (async () => new Response('<html>', { status: 200 })) as typeof fetch;
    const missing = (async () => new Response('', { status: 404 })) as typeof fetch;
    for (const fetchImpl of [down, broken, missing]) {
      const { rows, source } = await loadRegistry(fetchImpl, BASE);
      expect(source).toBe('defaults');
      expect(rows).toHaveLength(5);
      expect(rows[0]?.entry).toMatch(/^http:\/\/localhost:3100\/mf\//);
    }
  });
});
