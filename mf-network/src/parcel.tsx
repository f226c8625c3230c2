/**
 * single-spa lifecycles of this remote's standalone root (DESIGN §1a). A parcel is its own
 * React root: a host passes `queryClient` (and `withToaster: false` if it has a toast region).
 */
import React from 'react';
import * as ReactDOMClient from 'react-dom/client';
import singleSpaReact from 'single-spa-react';
import { StandaloneApp, type QueryClient } from '@vouch/shell-sdk';
import { routes } from './routes';
import { SlotsPreviewPage } from './pages/slots-preview-page';

/** The standalone page also shows the dashboard slots as a host renders them. */
const standaloneRoutes = { ...routes, '/slots': SlotsPreviewPage };

interface ParcelProps {
  queryClient?: QueryClient;
  withToaster?: boolean;
}

function Root({ queryClient, withToaster }: ParcelProps) {
  return <StandaloneApp remoteName="mf_network" routes={standaloneRoutes} queryClient={queryClient} withToaster={withToaster} />;
}

const lifecycles = singleSpaReact<ParcelProps>({
  React,
  // react-dom 19 has no render(): single-spa-react must use createRoot from the client entry.
  ReactDOMClient,
  rootComponent: Root,
  errorBoundary: () => <p role="alert">mf_network failed to render.</p>,
});

export const { bootstrap, mount, unmount, update } = lifecycles;
