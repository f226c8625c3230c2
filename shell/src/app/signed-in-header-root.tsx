/**
 * The signed-in header outside the app's query root (the landing page carries none): gives it
 * the page's one QueryClient, already knowing the member the landing page read.
 */
import type { UserProfile } from '@vouch/contracts';
import { CURRENT_USER_QUERY_KEY, QueryClientProvider, sharedQueryClient } from '@vouch/shell-sdk';
import { NETWORK_MAP_PATH } from './route-table';
import { SignedInHeader } from '../features/header';

export default function SignedInHeaderRoot({ user }: { user: UserProfile }) {
  const client = sharedQueryClient();
  if (client.getQueryData(CURRENT_USER_QUERY_KEY) === undefined) client.setQueryData(CURRENT_USER_QUERY_KEY, user);
  return (
    <QueryClientProvider client={client}>
      <SignedInHeader user={user} networkMapPath={NETWORK_MAP_PATH} />
    </QueryClientProvider>
  );
}
