import { AppProviders, BrowserRouter, createQueryClient } from '@vouch/shell-sdk';
import { AppRoutes } from './app-routes';

// One QueryClient for the whole page: remotes rendered by the shell use it through the hooks.
const queryClient = createQueryClient();

export function App() {
  return (
    <AppProviders queryClient={queryClient}>
      <BrowserRouter>
        <AppRoutes />
      </BrowserRouter>
    </AppProviders>
  );
}
