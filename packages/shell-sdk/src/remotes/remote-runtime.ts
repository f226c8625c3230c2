/**
 * The shell's side of run-time federation: read the registry once, register the remotes and
 * the fallback plugin, load exposed modules, and forget a remote so Retry can load it afresh.
 */
import { loadRemote, registerPlugins, registerRemotes } from '@module-federation/enhanced/runtime';
import * as federationRuntimeCore from '@module-federation/runtime-core';
import { remoteFallbackPlugin } from './fallback-plugin';
import { loadRegistry, type RemoteRow } from './registry';

let ready: Promise<RemoteRow[]> | null = null;
const entries = new Map<string, string>();

/**
 * Fetches /mf-registry.json and registers every remote with the federation runtime. Idempotent:
 * the shell calls it at start (without awaiting, so the landing page never waits for it) and
 * every `loadRemoteModule` awaits the same promise.
 */
export function startRemoteRegistry(): Promise<RemoteRow[]> {
  ready ??= (async () => {
    provideFederationRuntime();
    registerPlugins([remoteFallbackPlugin()]);
    const { rows } = await loadRegistry((input, init) => fetch(input, init), window.location.href);
    registerRemotes(rows);
    for (const row of rows) entries.set(row.name, row.entry);
    return rows;
  })();
  return ready;
}

/**
 * Remotes are built with `externalRuntime` (packages/mf-config): their remoteEntry.js uses the
 * federation runtime found at `globalThis._FEDERATION_RUNTIME_CORE`. This is the shell's own
 * copy (the ES build its federation runtime already runs on), set before any remote loads.
 */
function provideFederationRuntime(): void {
  const global = globalThis as { _FEDERATION_RUNTIME_CORE?: unknown };
  global._FEDERATION_RUNTIME_CORE ??= federationRuntimeCore;
}

/** `loadRemote('mf_vouches/routes')` for `('mf_vouches', './routes')`, once the registry is in. */
export async function loadRemoteModule(remote: string, module: string): Promise<unknown> {
  await startRemoteRegistry();
  return loadRemote(`${remote}/${module.replace(/^\.\//, '')}`);
}

/**
 * Drops everything the runtime cached for a remote by registering it again with `force`, so
 * a Retry after a partial failure (say, manifest loaded but remoteEntry.js not) starts clean.
 * With a fully blocked remote, runtime 2.9.2 caches nothing and the fresh lazy component of
 * `<RemoteSlot>` is what makes Retry work (the e2e test fails without it).
 */
export async function forgetRemote(remote: string): Promise<void> {
  await startRemoteRegistry();
  const entry = entries.get(remote);
  if (entry) registerRemotes([{ name: remote, entry }], { force: true });
}
