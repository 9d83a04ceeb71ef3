import { createBrowserRouter, Outlet, type RouteObject } from 'react-router-dom';
import { FullPageSpinner } from '../layout/FullPageSpinner';
import { NotFound } from '../pages/NotFound';
import { protectedLoader, publicOnlyLoader } from './guards';
import { RemoteErrorPanel } from './RemoteErrorPanel';
import { RootLayout } from './RootLayout';
import { remoteRoute } from './remote-route';

/**
 * The signed-in frame (menu, drawer, user menu) and the dashboard: one lazy chunk, so the public
 * pages never download them. Loaded in parallel with the route's remote page.
 */
const signedInFrame = () => import(/* webpackChunkName: "signed-in" */ '../layout/signed-in');

/** The routes of spec §2. Remote pages come through `remoteRoute`, each with its own error boundary. */
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
      {
        id: 'protected',
        loader: protectedLoader,
        lazy: async () => ({ Component: (await signedInFrame()).ProtectedLayout }),
        children: [
          { index: true, lazy: async () => ({ Component: (await signedInFrame()).Dashboard }) },
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
