/**
 * The shell's side of run-time federation: read the registry once, register the remotes and
 * the fallback plugin, load exposed modules, and forget a remote so Retry can load it afresh.
 * The federation runtime itself (./federation-host) is imported on the first call, so a page
 * that renders no remote (the landing page) never downloads it.
 */
import { remoteFallbackPlugin } from './fallback-plugin';
import { loadRegistry, REGISTRY_ELEMENT_ID, type RemoteRow } from './registry';

type FederationHost = ReturnType<typeof import('./federation-host').createFederationHost>;

let ready: Promise<{ host: FederationHost; rows: RemoteRow[] }> | null = null;
const entries = new Map<string, string>();

/**
 * Loads the federation runtime, reads the registry (inlined in the page by the gateway, else
 * GET /mf-registry.json) and registers every remote. Idempotent: every `loadRemoteModule`
 * awaits the same promise.
 */
function startFederation(): Promise<{ host: FederationHost; rows: RemoteRow[] }> {
  ready ??= (async () => {
    const inlined = document.getElementById(REGISTRY_ELEMENT_ID)?.textContent ?? null;
    const [{ createFederationHost }, { rows }] = await Promise.all([
      import(/* webpackChunkName: "federation" */ './federation-host'),
      loadRegistry((input, init) => fetch(input, init), window.location.href, { inlined }),
    ]);
    const host = createFederationHost([remoteFallbackPlugin()]);
    host.registerRemotes(rows);
    for (const row of rows) entries.set(row.name, row.entry);
    return { host, rows };
  })();
  return ready;
}

/**
 * Starts the federation runtime and the registry now, without loading a remote: a signed-in page
 * load calls it at start (issue 41), so the runtime's chunk is not one more round trip after the
 * first `<RemoteSlot>` renders. A failure is left for `loadRemoteModule` to meet and report.
 */
export function warmRemotes(): void {
  startFederation().catch(() => undefined);
}

/** `loadRemote('mf_vouches/routes')` for `('mf_vouches', './routes')`, once the registry is in. */
export async function loadRemoteModule(remote: string, module: string): Promise<unknown> {
  const { host } = await startFederation();
  return host.loadRemote(`${remote}/${module.replace(/^\.\//, '')}`);
}

/**
 * Drops everything the runtime cached for a remote by registering it again with `force`, so
 * a Retry after a partial failure (say, manifest loaded but remoteEntry.js not) starts clean.
 * With a fully blocked remote, runtime 2.9.2 caches nothing and the fresh lazy component of
 * `<RemoteSlot>` is what makes Retry work (the e2e test fails without it).
 */
export async function forgetRemote(remote: string): Promise<void> {
  const { host } = await startFederation();
  const entry = entries.get(remote);
  if (entry) host.registerRemotes([{ name: remote, entry }], { force: true });
}
