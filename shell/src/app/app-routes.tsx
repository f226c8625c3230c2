import { RemoteSlot, Route, Routes } from '@vouch/shell-sdk';
import { LandingPage } from '../features/landing/landing-page';
import { NotFoundPage } from '../features/not-found/not-found-page';
import { PublicLayout } from '../layout/public-layout';
import { RequireSignIn } from './require-sign-in';
import { REMOTE_ROUTES } from './route-table';

export function AppRoutes() {
  const publicRoutes = REMOTE_ROUTES.filter((route) => route.access === 'public');
  const loginRoutes = REMOTE_ROUTES.filter((route) => route.access === 'login');
  return (
    <Routes>
      <Route path="/" element={<LandingPage />} />
      <Route element={<PublicLayout />}>
        {publicRoutes.map((route) => (
          <Route key={route.path} path={route.path} element={<RemoteSlot key={route.path} remote={route.remote} module="./routes" pick={route.key} />} />
        ))}
      </Route>
      <Route element={<RequireSignIn />}>
        {loginRoutes.map((route) => (
          <Route key={route.path} path={route.path} element={<RemoteSlot key={route.path} remote={route.remote} module="./routes" pick={route.key} />} />
        ))}
      </Route>
      <Route path="*" element={<NotFoundPage />} />
    </Routes>
  );
}
