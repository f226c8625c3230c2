/**
 * `./routes`: the pages this remote owns, keyed by the route pattern the shell's route table
 * names (docs/architecture.md). The shell renders one with <RemoteSlot pick="/path">.
 */
import type { ComponentType } from 'react';
import { SignInPage } from './features/sign-in/components/sign-in-page';

export const routes: Record<string, ComponentType> = {
  '/auth': SignInPage,
};

export default routes;
