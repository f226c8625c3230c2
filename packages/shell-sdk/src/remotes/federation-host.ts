/**
 * The shell's federation runtime, loaded only when a page first needs a remote (remote-runtime.ts
 * imports this module lazily): the landing page's first load carries no federation code.
 *
 * The shell is built without the ModuleFederationPlugin (packages/mf-config), so React, react-dom,
 * @vouch/ui and the SDK are plain modules of its bundle. This instance provides those very
 * modules (`lib`, already loaded) as the shared singletons every remote consumes, so a remote
 * binds the shell's React instead of loading its own (`loaded-first`). That includes the full
 * SDK (react-query: the one QueryClient): every remote slot is rendered below the shell's
 * QueryRoot, which has loaded it already, so importing it here adds nothing to any page.
 */
import { createInstance, type ModuleFederationRuntimePlugin } from '@module-federation/enhanced/runtime';
import * as federationRuntimeCore from '@module-federation/runtime-core';
import * as ui from '@vouch/ui';
import * as react from 'react';
import * as reactDom from 'react-dom';
import * as reactDomClient from 'react-dom/client';
import * as jsxRuntime from 'react/jsx-runtime';
import * as sdkBase from '../base';
import * as sdk from '../index';

/** Our two wrapper packages' version (packages/ui and packages/shell-sdk, built from the same commit). */
const WRAPPER_VERSION = '0.1.0';

type Shared = { version: string; lib: () => unknown; shareConfig: { singleton: true; requiredVersion: false } };

function provided(version: string, module: unknown): Shared {
  return { version, lib: () => module, shareConfig: { singleton: true, requiredVersion: false } };
}

export function createFederationHost(plugins: ModuleFederationRuntimePlugin[]) {
  // Remotes are built with `externalRuntime`: their remoteEntry.js uses the runtime found here.
  const global = globalThis as { _FEDERATION_RUNTIME_CORE?: unknown };
  global._FEDERATION_RUNTIME_CORE ??= federationRuntimeCore;
  const shared: Record<string, Shared> = {
    react: provided(react.version, react),
    'react/jsx-runtime': provided(react.version, jsxRuntime),
    'react-dom': provided(reactDom.version, reactDom),
    'react-dom/client': provided(reactDom.version, reactDomClient),
    '@vouch/ui': provided(WRAPPER_VERSION, ui),
    '@vouch/shell-sdk/base': provided(WRAPPER_VERSION, sdkBase),
    '@vouch/shell-sdk': provided(WRAPPER_VERSION, sdk),
  };
  return createInstance({ name: 'shell', remotes: [], shared, plugins, shareStrategy: 'loaded-first' });
}
