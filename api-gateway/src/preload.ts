// The flat waterfall of a remote's page (issue 17): the HTML names what the shell will load for
// it, so the browser fetches those files while it still parses the shell's own scripts instead of
// one round trip after another (registry → manifest → remoteEntry.js → the exposed module).
import fs from 'node:fs';
import path from 'node:path';
import { remoteManifestPath } from '@vouch/contracts';
import { whenBuilt } from './build-file';
import { escapeHtml } from './profile-page';
import { REMOTES, type RegistryEntry } from './registry';

/** The JSON data block the shell reads the registry from (@vouch/shell-sdk REGISTRY_ELEMENT_ID): not executed, so no CSP hash is needed. */
export function registryDataBlock(registry: RegistryEntry[]): string {
  // `<` escaped: the text cannot end the element early whatever a URL holds.
  return `<script type="application/json" id="mf-registry">${JSON.stringify(registry).replace(/</g, '\\u003c')}</script>`;
}

interface ExposeAssets {
  path: string;
  assets: { js: { sync: string[] } };
}
interface Manifest {
  metaData: { remoteEntry: { name: string; path: string } };
  exposes: ExposeAssets[];
}

/**
 * `<link rel="preload">` tags of remote pages, from each remote's built mf-manifest.json: the
 * manifest (fetched by the federation runtime: `as="fetch"`, `crossorigin`), its remoteEntry.js
 * and the files of the exposed `./routes` module (script tags without crossorigin, as the runtime
 * and webpack insert them). A remote served from elsewhere (MF_<NAME>_URL) gets its manifest
 * preloaded only: its files are not on this disk. A manifest is re-read when its file changes.
 */
export function remotePreloader(rootDir: string, registry: RegistryEntry[]): (remote: string) => string {
  const readers = new Map<string, () => string | null>();
  return (remote) => {
    const entry = registry.find((row) => row.name === remote)?.entry;
    const local = REMOTES.find((r) => r.name === remote);
    if (!entry || !local) return '';
    const manifestTag = `<link rel="preload" as="fetch" crossorigin href="${escapeHtml(entry)}">`;
    if (entry !== remoteManifestPath(local)) return manifestTag;
    let tags = readers.get(remote);
    if (!tags) {
      const file = path.join(rootDir, local.folder, 'dist', 'mf-manifest.json');
      tags = whenBuilt(file, () => manifestTag + scriptPreloads(readManifest(file), `/mf/${local.mount}/`));
      readers.set(remote, tags);
    }
    return tags() ?? manifestTag;
  };
}

function readManifest(file: string): Manifest | null {
  try {
    return JSON.parse(fs.readFileSync(file, 'utf8')) as Manifest;
  } catch {
    return null;
  }
}

function scriptPreloads(manifest: Manifest | null, base: string): string {
  if (!manifest) return '';
  const remoteEntry = manifest.metaData?.remoteEntry;
  const routes = manifest.exposes?.find((expose) => expose.path === './routes');
  const files = [...(remoteEntry ? [`${remoteEntry.path}${remoteEntry.name}`] : []), ...(routes?.assets.js.sync ?? [])];
  return files.map((name) => `<link rel="preload" as="script" href="${escapeHtml(`${base}${name.replace(/^\/+/, '')}`)}">`).join('');
}
