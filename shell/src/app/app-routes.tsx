import { RemoteSlot, Route, Routes, usePageViews } from '@vouch/shell-sdk/base';
import { lazy, Suspense } from 'react';
import { ACTIVITY_PAGE_PATH, SEARCH_PAGE_PATH } from '@vouch/contracts';
import { LandingPage } from '../features/landing/landing-page';
import { NotFoundPage } from '../features/not-found/not-found-page';
import { REMOTE_ROUTES } from './route-table';

// Behind the landing page: react-query (through the full @vouch/shell-sdk) and the sign-in gate.
const QueryRoot = lazy(() => import('./query-root'));
const PublicLayout = lazy(() => import('./query-root').then((module) => ({ default: module.PublicLayout })));
const ActivityPage = lazy(() => import('../features/activity/components/activity-page').then((module) => ({ default: module.ActivityPage })));
const SearchResultsPage = lazy(() => import('../features/people-search').then((module) => ({ default: module.SearchResultsPage })));
const RequireSignIn = lazy(() => import('./require-sign-in').then((module) => ({ default: module.RequireSignIn })));

export function AppRoutes() {
  // Which page view an answer was read in: the session read for one page is current until the next (issue 41).
  usePageViews();
  const publicRoutes = REMOTE_ROUTES.filter((route) => route.access === 'public');
  const loginRoutes = REMOTE_ROUTES.filter((route) => route.access === 'login');
  return (
    <Suspense fallback={null}>
      <Routes>
        <Route path="/" element={<LandingPage />} />
        <Route element={<QueryRoot />}>
          <Route element={<PublicLayout />}>
            {publicRoutes.map((route) => (
              <Route key={route.path} path={route.path} element={<RemoteSlot key={route.path} remote={route.remote} module="./routes" pick={route.key} />} />
            ))}
          </Route>
          <Route element={<RequireSignIn />}>
            {loginRoutes.map((route) => (
              <Route key={route.path} path={route.path} element={<RemoteSlot key={route.path} remote={route.remote} module="./routes" pick={route.key} replacesFirstScreen />} />
            ))}
            <Route path={ACTIVITY_PAGE_PATH} element={<ActivityPage />} />
            <Route path={SEARCH_PAGE_PATH} element={<SearchResultsPage />} />
          </Route>
        </Route>
        <Route path="*" element={<NotFoundPage />} />
      </Routes>
    </Suspense>
  );
}
