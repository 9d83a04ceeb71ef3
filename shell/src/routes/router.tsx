import { createBrowserRouter, Outlet, type RouteObject } from 'react-router-dom';
import { FullPageSpinner } from '../layout/FullPageSpinner';
import { NotFound } from '../pages/NotFound';
import { publicOnlyLoader } from './guards';
import { RemoteErrorPanel } from './RemoteErrorPanel';
import { RootLayout } from './RootLayout';
import { remoteRoute } from './remote-route';
import { dashboardRoute, protectedRoute } from './signed-in-route';

/**
 * The routes of spec §2. Remote pages come through `remoteRoute`, the frame and the dashboard through
 * `signed-in-route` (a lazy chunk the public pages never download); each has its own error boundary.
 */
export const routes: RouteObject[] = [
  {
    id: 'root',
    Component: RootLayout,
    HydrateFallback: FullPageSpinner,
    ErrorBoundary: RemoteErrorPanel,
    children: [
      {
        id: 'public',
        loader: publicOnlyLoader,
        Component: Outlet,
        children: [
          { path: 'login', ...remoteRoute('remote_auth/Login') },
          { path: 'signup', ...remoteRoute('remote_auth/Signup') },
          { path: 'recover-password', ...remoteRoute('remote_auth/RecoverPassword') },
          { path: 'reset-password', ...remoteRoute('remote_auth/ResetPassword') },
        ],
      },
      // The link mailed to an old address after an e-mail change: for whoever holds it, logged in or not.
      { path: 'revert-email-change', ...remoteRoute('remote_auth/RevertEmailChange') },
      {
        id: 'protected',
        ...protectedRoute,
        children: [
          { index: true, ...dashboardRoute },
          { path: 'companies', ...remoteRoute('remote_companies/CompaniesPage') },
          { path: 'admin', ...remoteRoute('remote_admin/AdminPage') },
          { path: 'settings', ...remoteRoute('remote_settings/SettingsPage') },
        ],
      },
      { path: '*', Component: NotFound },
    ],
  },
];

export function createAppRouter() {
  return createBrowserRouter(routes);
}
