/**
 * `@vouch/shell-sdk/parcel`: the single-spa lifecycles of a remote's standalone root (DESIGN §1a),
 * which each remote exposes as `./parcel`. A parcel is its own React root: a host passes
 * `queryClient` (and `withToaster: false` if it has a toast region).
 *
 * Its own entry point, not part of the shared `@vouch/shell-sdk` module: single-spa-react is
 * bundled into each remote's parcel chunk, and the shell (which mounts no parcel) never loads it.
 * StandaloneApp comes from the shared module, so a parcel uses the page's one SDK.
 */
import React, { type ComponentType } from 'react';
import * as ReactDOMClient from 'react-dom/client';
import singleSpaReact from 'single-spa-react';
import { StandaloneApp, type QueryClient } from '@vouch/shell-sdk';

export interface ParcelProps {
  queryClient?: QueryClient;
  withToaster?: boolean;
}

/** `createParcel('mf_vouches', routes)`: the lifecycles (bootstrap, mount, unmount, update) of the remote's standalone root. */
export function createParcel(remoteName: string, routes: Record<string, ComponentType>) {
  function Root({ queryClient, withToaster }: ParcelProps) {
    return <StandaloneApp remoteName={remoteName} routes={routes} queryClient={queryClient} withToaster={withToaster} />;
  }
  return singleSpaReact<ParcelProps>({
    React,
    // react-dom 19 has no render(): single-spa-react must use createRoot from the client entry.
    ReactDOMClient,
    rootComponent: Root,
    errorBoundary: () => <p role="alert">{remoteName} failed to render.</p>,
  });
}
