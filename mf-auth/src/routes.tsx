/**
 * `./routes`: the pages this remote owns, keyed by the route pattern the shell's route table
 * names (docs/architecture.md). The shell renders one with <RemoteSlot pick="/path">.
 */
import { SESSIONS_PAGE_PATH } from '@vouch/contracts';
import type { ComponentType } from 'react';
import { SessionsPage } from './features/sessions/components/sessions-page';
import { SignInPage } from './features/sign-in/components/sign-in-page';

export const routes: Record<string, ComponentType> = {
  '/auth': SignInPage,
  // The member's sessions and devices (issue 43): sign-in's other half, behind the sign-in gate.
  [SESSIONS_PAGE_PATH]: SessionsPage,
};

export default routes;
