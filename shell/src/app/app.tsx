import { AppToaster, ChakraProvider, vouchSystem } from '@vouch/ui';
import { BrowserRouter } from '@vouch/shell-sdk/base';
import { AppRoutes } from './app-routes';

// The theme and the toast region for the whole page. The one QueryClient is provided below the
// landing page only (./query-root), so the landing's first load carries no react-query.
export function App() {
  return (
    <ChakraProvider value={vouchSystem()}>
      <BrowserRouter>
        <AppRoutes />
      </BrowserRouter>
      <AppToaster />
    </ChakraProvider>
  );
}
