// The web apps the build and dev scripts know: the shell and every remote of contracts' list
// (packages/contracts/src/remotes.ts, the one place a remote is added). The list is TypeScript,
// shared with the gateway and the shell, so tsx reads it here.
import { tsImport } from 'tsx/esm/api';

const { REMOTES } = await tsImport('@vouch/contracts/remotes', import.meta.url);

/** Folder names at the repository root: the shell first, then the remotes in the list's order. */
export const WEB_APPS = ['shell', ...REMOTES.map((remote) => remote.folder)];
