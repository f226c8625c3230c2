/**
 * The providers every React root needs: the theme, the one QueryClient and the toast region.
 * The shell renders it once; a remote's parcel is a separate React root (single-spa), so its
 * standalone page renders it too, with the QueryClient passed in as a prop when a host has one.
 */
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { AppToaster, ChakraProvider, vouchSystem } from '@vouch/ui';
import type { ReactNode } from 'react';

export interface AppProvidersProps {
  queryClient: QueryClient;
  /** A parcel mounted inside a page that already has a toast region passes false. */
  withToaster?: boolean;
  children: ReactNode;
}

export function AppProviders({ queryClient, withToaster = true, children }: AppProvidersProps) {
  return (
    <ChakraProvider value={vouchSystem()}>
      <QueryClientProvider client={queryClient}>
        {children}
        {withToaster ? <AppToaster /> : null}
      </QueryClientProvider>
    </ChakraProvider>
  );
}
