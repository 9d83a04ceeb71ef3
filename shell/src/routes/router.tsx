import { isFramedScreen, type RegistryScreen } from '@backoffice/contracts';
import { createBrowserRouter, Outlet, type RouteObject } from 'react-router-dom';
import type { Registry } from '../federation/registry';
import { FullPageSpinner } from '../layout/FullPageSpinner';
import { messages } from '../messages';
import { NotFound } from '../pages/NotFound';
import { publicOnlyLoader } from './guards';
import { RemoteErrorPanel } from './RemoteErrorPanel';
import { RootLayout } from './RootLayout';
import { remoteRoute } from './remote-route';
import type { ScreenHandle } from './screen-handle';
import { dashboardRoute, NOT_FOUND_ROUTE_ID, notFoundFrameRoute, protectedRoute } from './signed-in-route';

/** A declared path as a child route's: `/greetings/:id` → `greetings/:id`. */
const routePath = (screen: RegistryScreen) => screen.path.replace(/^\//, '');

/**
 * The routes of spec §2, built from the registry: each screen a remote declares is a route of its
 * own (`remoteRoute`), public screens for visitors without a session, the others inside the
 * signed-in frame (`signed-in-route`, a lazy chunk the public pages never download). The shell's own:
 * the dashboard at `/` and the not-found screen, in the frame for a signed-in user.
 */
export function createRoutes(registry: Pick<Registry, 'screens'>): RouteObject[] {
  const routeOf = (screen: RegistryScreen): RouteObject => ({ path: routePath(screen), ...remoteRoute(screen) });
  const publicScreens = registry.screens.filter((screen) => screen.access === 'public');
  const openScreens = registry.screens.filter((screen) => screen.access === 'anyone');
  const signedInScreens = registry.screens.filter(isFramedScreen);
  return [
    {
      id: 'root',
      Component: RootLayout,
      HydrateFallback: FullPageSpinner,
      ErrorBoundary: RemoteErrorPanel,
      children: [
        { id: 'public', loader: publicOnlyLoader, Component: Outlet, children: publicScreens.map(routeOf) },
        // Whoever holds the link, signed in or not (the e-mail change's undo page).
        ...openScreens.map(routeOf),
        {
          id: 'protected',
          ...protectedRoute,
          children: [
            { index: true, ...dashboardRoute, handle: { title: messages.nav.home } satisfies ScreenHandle },
            ...signedInScreens.map(routeOf),
          ],
        },
        {
          id: NOT_FOUND_ROUTE_ID,
          ...notFoundFrameRoute,
          children: [
            { path: '*', Component: NotFound, handle: { title: messages.notFound.title } satisfies ScreenHandle },
          ],
        },
      ],
    },
  ];
}

export function createAppRouter(registry: Pick<Registry, 'screens'>) {
  return createBrowserRouter(createRoutes(registry));
}
