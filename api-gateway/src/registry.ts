import fs from 'node:fs';
import path from 'node:path';

/** The five remotes: their Module Federation name, folder, URL path and override variable. */
export const REMOTES = [
  { name: 'mf_auth', folder: 'mf-auth', mount: 'auth', variable: 'MF_AUTH_URL' },
  { name: 'mf_vouches', folder: 'mf-vouches', mount: 'vouches', variable: 'MF_VOUCHES_URL' },
  { name: 'mf_network', folder: 'mf-network', mount: 'network', variable: 'MF_NETWORK_URL' },
  { name: 'mf_introductions', folder: 'mf-introductions', mount: 'introductions', variable: 'MF_INTRODUCTIONS_URL' },
  { name: 'mf_subscription', folder: 'mf-subscription', mount: 'subscription', variable: 'MF_SUBSCRIPTION_URL' },
] as const;

export type RemoteName = (typeof REMOTES)[number]['name'];

export interface RegistryEntry {
  name: RemoteName;
  /** URL of the remote's mf-manifest.json: a path on this origin, or an absolute URL. */
  entry: string;
}

function readOverrideFile(file: string): Record<string, unknown> {
  let parsed: unknown;
  try {
    parsed = JSON.parse(fs.readFileSync(path.resolve(file), 'utf8'));
  } catch (error) {
    throw new Error(`MF_REGISTRY_FILE ${file} could not be read as JSON: ${(error as Error).message}`);
  }
  if (!parsed || typeof parsed !== 'object' || Array.isArray(parsed)) {
    throw new Error(`MF_REGISTRY_FILE ${file} must hold an object like { "mf_vouches": "http://…/mf-manifest.json" }.`);
  }
  return parsed as Record<string, unknown>;
}

function checkUrl(url: string, source: string): string {
  if (url.startsWith('/')) return url;
  try {
    const parsed = new URL(url);
    if (parsed.protocol === 'http:' || parsed.protocol === 'https:') return url;
  } catch {
    // reported below
  }
  throw new Error(`${source} must be an http(s) URL or a path starting with /, got "${url}".`);
}

/**
 * Where the shell finds each remote. Default: the built-in `/mf/<name>/mf-manifest.json`;
 * MF_REGISTRY_FILE (`{ "mf_vouches": url }`) overrides it, and `MF_<NAME>_URL` overrides both.
 * A bad value fails at start rather than as a broken page later.
 */
export function buildRegistry(env: NodeJS.ProcessEnv): RegistryEntry[] {
  const file = env.MF_REGISTRY_FILE ? readOverrideFile(env.MF_REGISTRY_FILE) : {};
  const known = new Set<string>(REMOTES.map((r) => r.name));
  const unknown = Object.keys(file).filter((key) => !known.has(key));
  if (unknown.length) throw new Error(`MF_REGISTRY_FILE names unknown remotes: ${unknown.join(', ')} (known: ${[...known].join(', ')}).`);
  return REMOTES.map((remote) => {
    const fromEnv = env[remote.variable];
    const fromFile = file[remote.name];
    if (fromEnv) return { name: remote.name, entry: checkUrl(fromEnv, remote.variable) };
    if (fromFile !== undefined) {
      if (typeof fromFile !== 'string') throw new Error(`MF_REGISTRY_FILE: ${remote.name} must be a string URL.`);
      return { name: remote.name, entry: checkUrl(fromFile, `MF_REGISTRY_FILE ${remote.name}`) };
    }
    return { name: remote.name, entry: `/mf/${remote.mount}/mf-manifest.json` };
  });
}

/** Origins other than ours that serve remotes: the CSP must allow scripts and fetches there. */
export function remoteOrigins(registry: RegistryEntry[]): string[] {
  const origins = registry.filter((r) => !r.entry.startsWith('/')).map((r) => new URL(r.entry).origin);
  return [...new Set(origins)];
}
