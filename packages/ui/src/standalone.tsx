import { getToken, LOGIN_PATH } from '@backoffice/api-client';
import type { RemoteDefinition, RemotePageModule } from '@backoffice/remote-contract';
import { createBrowserRouter, Navigate, type RouteObject, redirect } from 'react-router-dom';
import { renderApp } from './app-root.js';
import { StandaloneSignIn } from './standalone-sign-in.js';

/**
 * Runs a remote on its own for its team (`pnpm --filter remote-x dev`), with the same providers the
 * shell gives it. Not used when the shell loads the remote.
 */
export function mountStandalone(routes: RouteObject[], container = document.getElementById('root')): void {
  if (!container) throw new Error('No #root element to render into');
  renderApp(container, createBrowserRouter(routes));
}

/** Where the standalone page starts: the screen with a menu entry, else the first without parameters. */
function startPath(remote: RemoteDefinition): string {
  const plain = remote.screens.filter((screen) => !/[:*]/.test(screen.path));
  return (plain.find((screen) => screen.menu) ?? plain[0])?.path ?? LOGIN_PATH;
}

/**
 * The routes of a remote's standalone page, from its declaration: each screen at its path, guarded as
 * the shell guards it (a signed-in screen without a session goes to the sign-in), and a sign-in at
 * `/login` against the real API (`StandaloneSignIn`), where logging out leads too.
 */
export function standaloneRoutes<Expose extends string>(
  remote: RemoteDefinition<Expose>,
  pages: Record<Expose, () => Promise<RemotePageModule>>,
): RouteObject[] {
  const start = startPath(remote);
  const area = remote.screens.find((screen) => screen.menu)?.menu?.label ?? remote.name;
  const signedIn = () => (getToken() ? null : redirect(LOGIN_PATH));
  const signedOut = () => (getToken() ? redirect('/') : null);
  const screens: RouteObject[] = remote.screens.map((screen) => ({
    path: screen.path,
    loader: screen.access === 'public' ? signedOut : screen.access === 'anyone' ? undefined : signedIn,
    lazy: async () => ({ Component: (await pages[screen.expose]()).default }),
  }));
  const ownLogin = remote.screens.some((screen) => screen.path === LOGIN_PATH);
  return [
    ...screens,
    ...(ownLogin ? [] : [{ path: LOGIN_PATH, loader: signedOut, element: <StandaloneSignIn area={area} /> }]),
    { path: '/', element: <Navigate to={start} replace /> },
    { path: '*', element: <Navigate to="/" replace /> },
  ];
}

/** A remote's standalone page, built from its declaration (`src/remote.ts`) and its pages. */
export function mountStandaloneRemote<Expose extends string>(
  remote: RemoteDefinition<Expose>,
  pages: Record<Expose, () => Promise<RemotePageModule>>,
  container = document.getElementById('root'),
): void {
  mountStandalone(standaloneRoutes(remote, pages), container);
}
