/**
 * `./routes`: the pages this remote owns, keyed by the route pattern the shell's route table
 * names (docs/architecture.md). The shell renders one with <RemoteSlot pick="/path">.
 */
import type { ComponentType } from 'react';
import { DashboardPage } from './features/dashboard/components/dashboard-page';
import { StatsPage } from './features/dashboard/components/stats-page';
import { MemberProfilePage } from './features/public-profile/components/member-profile-page';
import { PublicProfilePage } from './features/public-profile/components/public-profile-page';
import { MyVouchesPage } from './features/vouches/components/my-vouches-page';
import { PendingVouchesPage } from './features/vouches/components/pending-vouches-page';
import { PublicVouchPage } from './features/vouches/components/public-vouch-page';

export const routes: Record<string, ComponentType> = {
  '/dashboard': DashboardPage,
  '/my-vouches': MyVouchesPage,
  '/pending-vouches': PendingVouchesPage,
  '/stats': StatsPage,
  '/vouch/:vouchToken': PublicVouchPage,
  '/profile/:slug': PublicProfilePage,
  '/members/:memberId': MemberProfilePage,
};

export default routes;
