// Stands in for packages/shell-sdk/src/remotes/remote-runtime.ts in the plain-bundle baseline of
// the first-load benchmark (frontend-plain-bundle.config.mjs): a page built without Module
// Federation has no remotes to register, so the federation runtime is left out entirely.
export function loadRemoteModule(remote, module) {
  return Promise.reject(new Error(`${remote}/${module}: the plain-bundle baseline loads no remotes`));
}

export function forgetRemote() {
  return Promise.resolve();
}
