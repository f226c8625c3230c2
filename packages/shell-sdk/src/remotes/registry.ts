/**
 * The remote registry: which manifest URL each remote is loaded from. The gateway serves it at
 * /mf-registry.json (rows `{ name, entry }`, architecture.md); these are the pure rules for
 * reading it, kept free of the federation runtime so they are unit-tested directly.
 */
import { REMOTES, remoteManifestPath, type RemoteName } from '@vouch/contracts/remotes';

export type { RemoteName };
/** The remotes of contracts' list (remotes.ts), the one place a remote is added. */
export const REMOTE_NAMES: readonly RemoteName[] = REMOTES.map((remote) => remote.name);

export interface RemoteRow {
  name: string;
  entry: string;
}

export const REGISTRY_URL = '/mf-registry.json';

/** The built-in location of each remote on the gateway: `/mf/<mount>/mf-manifest.json`. */
export function defaultRegistry(): RemoteRow[] {
  return REMOTES.map((remote) => ({ name: remote.name, entry: remoteManifestPath(remote) }));
}

const REMOTE_NAME = /^[A-Za-z_][A-Za-z0-9_]*$/;

/**
 * Reads the registry document, keeping only well-formed rows. Accepts the array form of
 * architecture.md and, for hand-written files, a `{ name: entry }` object. Anything else is
 * an empty registry (the defaults then apply).
 */
export function parseRegistry(document: unknown): RemoteRow[] {
  const rows: unknown[] = Array.isArray(document)
    ? document
    : document && typeof document === 'object'
      ? Object.entries(document as Record<string, unknown>).map(([name, entry]) => ({ name, entry }))
      : [];
  return rows.flatMap((row) => {
    if (!row || typeof row !== 'object') return [];
    const { name, entry } = row as { name?: unknown; entry?: unknown };
    if (typeof name !== 'string' || !REMOTE_NAME.test(name)) return [];
    if (typeof entry !== 'string' || !entry.trim()) return [];
    return [{ name, entry: entry.trim() }];
  });
}

/**
 * Merges the fetched rows over the defaults by name (a fetched row wins; a remote the defaults
 * do not know is added) and makes every entry absolute against `baseUrl`, because the
 * federation runtime resolves a remote's chunks against its manifest's URL.
 */
export function mergeRegistry(defaults: RemoteRow[], fetched: RemoteRow[], baseUrl: string): RemoteRow[] {
  const byName = new Map<string, string>();
  for (const row of [...defaults, ...fetched]) byName.set(row.name, row.entry);
  return [...byName].map(([name, entry]) => ({ name, entry: absoluteUrl(entry, baseUrl) }));
}

function absoluteUrl(entry: string, baseUrl: string): string {
  try {
    return new URL(entry, baseUrl).href;
  } catch {
    return entry;
  }
}

/** The id of the JSON data block the gateway puts the registry in (a `<script type="application/json">`, never executed). */
export const REGISTRY_ELEMENT_ID = 'mf-registry';

/**
 * The registry, merged over the defaults: from `inlined` (the text of the page's data block, which
 * saves a round trip before the first remote loads) when it holds rows, else fetched from `url`.
 * Never throws: when the registry is unreachable or malformed the built-in paths are used, so
 * the shell still starts.
 */
export async function loadRegistry(
  fetchImpl: typeof fetch,
  baseUrl: string,
  { url = REGISTRY_URL, inlined = null }: { url?: string; inlined?: string | null } = {},
): Promise<{ rows: RemoteRow[]; source: 'inline' | 'registry' | 'defaults' }> {
  const fromPage = inlined ? parseInlined(inlined) : [];
  if (fromPage.length) return { rows: mergeRegistry(defaultRegistry(), fromPage, baseUrl), source: 'inline' };
  try {
    const response = await fetchImpl(url, { cache: 'no-cache', credentials: 'same-origin' });
    if (!response.ok) throw new Error(`${response.status}`);
    const fetched = parseRegistry(await response.json());
    return { rows: mergeRegistry(defaultRegistry(), fetched, baseUrl), source: 'registry' };
  } catch {
    return { rows: mergeRegistry(defaultRegistry(), [], baseUrl), source: 'defaults' };
  }
}

function parseInlined(text: string): RemoteRow[] {
  try {
    return parseRegistry(JSON.parse(text));
  } catch {
    return [];
  }
}
