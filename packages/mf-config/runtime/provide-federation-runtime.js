// A remote's standalone page runs this entry before its own (`main`). Remotes are built with
// `experiments.externalRuntime`: their remoteEntry.js and main entry read the federation
// runtime from `globalThis._FEDERATION_RUNTIME_CORE` instead of carrying their own 28 KB gzip
// copy. In the shell, the shell provides it (`provideExternalRuntime`); on a standalone page
// nothing does, so this entry does. It imports the runtime by file path: the bare name
// `@module-federation/runtime-core` is the one the remote's build turns into that global.
import * as runtimeCore from '../../../node_modules/@module-federation/runtime-core/dist/index.js';

globalThis._FEDERATION_RUNTIME_CORE ??= runtimeCore;
