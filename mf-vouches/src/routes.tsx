/**
 * `./routes`: the pages this remote owns, keyed by the route pattern the shell's route table
 * names (docs/architecture.md). The shell renders one with <RemoteSlot pick="/path">.
 */
import type { ComponentType } from 'react';
import { DashboardPage } from './features/dashboard/dashboard-page';
import { StatsPage } from './features/stats/stats-page';
import { PublicProfilePage } from './features/public-profile/public-profile-page';
import { MyVouchesPage } from './features/vouches/my-vouches-page';
import { PendingVouchesPage } from './features/vouches/pending-vouches-page';
import { PublicVouchPage } from './features/public-vouch/public-vouch-page';

export const routes: Record<string, ComponentType> = {
  '/dashboard': DashboardPage,
  '/my-vouches': MyVouchesPage,
  '/pending-vouches': PendingVouchesPage,
  '/stats': StatsPage,
  '/vouch/:vouchToken': PublicVouchPage,
  '/profile/:slug': PublicProfilePage,
};

export default routes;
