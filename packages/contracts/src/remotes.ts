/**
 * The remotes: the one list a new Module Federation remote is added to (docs/architecture.md,
 * "Adding a remote"). The gateway routes and serves each one from it, the shell loads them by it,
 * and the build and dev scripts (scripts/web-apps.mjs) build and watch every folder it names.
 * `name` is the remote's federation name (its webpack config's), `folder` its workspace at the
 * repository root, `mount` its URL path on the gateway (`/mf/<mount>/`, and `MF_<MOUNT>_URL`
 * overrides where the shell finds it).
 */
export const REMOTES = [
  { name: 'mf_auth', folder: 'mf-auth', mount: 'auth' },
  { name: 'mf_vouches', folder: 'mf-vouches', mount: 'vouches' },
  { name: 'mf_network', folder: 'mf-network', mount: 'network' },
  { name: 'mf_introductions', folder: 'mf-introductions', mount: 'introductions' },
  { name: 'mf_subscription', folder: 'mf-subscription', mount: 'subscription' },
] as const satisfies readonly RemoteDefinition[];

export interface RemoteDefinition {
  name: string;
  folder: string;
  mount: string;
}

/** A remote's Module Federation name, as pages, routes and the registry name it. */
export type RemoteName = (typeof REMOTES)[number]['name'];

/** The environment variable that moves a remote elsewhere (an absolute URL or a path of this origin). */
export const remoteUrlVariable = (remote: Pick<RemoteDefinition, 'mount'>): string => `MF_${remote.mount.toUpperCase()}_URL`;

/** Where the gateway serves a remote's build, and where the shell looks for it by default. */
export const remoteManifestPath = (remote: Pick<RemoteDefinition, 'mount'>): string => `/mf/${remote.mount}/mf-manifest.json`;
