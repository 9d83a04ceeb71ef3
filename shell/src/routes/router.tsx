import { createBrowserRouter, Outlet, type RouteObject } from 'react-router-dom';
import { FullPageSpinner } from '../layout/FullPageSpinner';
import { ProtectedLayout } from '../layout/ProtectedLayout';
import { Dashboard } from '../pages/Dashboard';
import { NotFound } from '../pages/NotFound';
import { protectedLoader, publicOnlyLoader } from './guards';
import { RemoteErrorPanel } from './RemoteErrorPanel';
import { remoteRoute } from './remote-route';

/** The routes of spec §2. Remote pages come through `remoteRoute`, each with its own error boundary. */
export const routes: RouteObject[] = [
  {
    id: 'root',
    Component: Outlet,
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
      {
        id: 'protected',
        loader: protectedLoader,
        Component: ProtectedLayout,
        children: [
          { index: true, Component: Dashboard },
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
