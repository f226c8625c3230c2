/**
 * `./routes`: the pages this remote owns, keyed by the route pattern the shell's route table
 * names (docs/architecture.md). The shell renders one with <RemoteSlot pick="/path">.
 */
import type { ComponentType } from 'react';
import { SubscriptionPage } from './features/subscription/components/subscription-page';

export const routes: Record<string, ComponentType> = {
  '/subscription': SubscriptionPage,
};

export default routes;
