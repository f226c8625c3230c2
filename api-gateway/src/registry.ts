import fs from 'node:fs';
import path from 'node:path';
import { REMOTES as REMOTE_LIST, remoteManifestPath, remoteUrlVariable, type RemoteName } from '@vouch/contracts';

export type { RemoteName };

/** The remotes of contracts' list (remotes.ts), each with the variable that overrides its URL. */
export const REMOTES = REMOTE_LIST.map((remote) => ({ ...remote, variable: remoteUrlVariable(remote) }));

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
    return { name: remote.name, entry: remoteManifestPath(remote) };
  });
}

/** Origins other than ours that serve remotes: the CSP must allow scripts and fetches there. */
export function remoteOrigins(registry: RegistryEntry[]): string[] {
  const origins = registry.filter((r) => !r.entry.startsWith('/')).map((r) => new URL(r.entry).origin);
  return [...new Set(origins)];
}
