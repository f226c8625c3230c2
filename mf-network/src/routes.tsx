/**
 * `./routes`: the pages this remote owns, keyed by the route pattern the shell's route table
 * names (docs/architecture.md). The shell renders one with <RemoteSlot pick="/path">.
 */
import type { ComponentType } from 'react';
import { NetworkPage } from './features/network-map/components/network-page';

export const routes: Record<string, ComponentType> = {
  '/network': NetworkPage,
};

export default routes;
