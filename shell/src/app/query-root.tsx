/**
 * Layout route around every route that renders remotes or the signed-in frame: provides the
 * page's one QueryClient (`sharedQueryClient()` of @vouch/shell-sdk, the same object for the
 * shell and every remote it renders). A chunk of its own, with the query part of the SDK, so the
 * landing page loads neither.
 */
import { Outlet, QueryClientProvider, sharedQueryClient } from '@vouch/shell-sdk';

export default function QueryRoot() {
  return (
    <QueryClientProvider client={sharedQueryClient()}>
      <Outlet />
    </QueryClientProvider>
  );
}

export { PublicLayout } from './public-layout';
