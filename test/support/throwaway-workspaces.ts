/**
 * Folders that exist only while test/architecture.test.ts lints its probes: a new service and a
 * new remote, declared by nothing but their package.json role, must be covered by every rule the
 * day they appear. The other tests that walk the tree run beside it (jest's workers) and leave
 * these out, or they would count a workspace that is gone a moment later.
 */
export const THROWAWAY_WORKSPACES: Readonly<Record<string, { name: string; role: string }>> = {
  'services/probe-new': { name: '@vouch/service-probe-new', role: 'backend-service' },
  'mf-probe-new': { name: '@vouch/mf-probe-new', role: 'web-remote' },
};

/** Whether `dir` (relative to the repository, '/'-separated) is one of them. */
export const isThrowawayWorkspace = (dir: string): boolean => dir in THROWAWAY_WORKSPACES;
