import { getToken, requestCurrentUserEarly } from '@backoffice/api-client';
import type { ComponentType } from 'react';
import { type LoaderFunction, Outlet } from 'react-router-dom';
import { ensureRemotesRegistered, registryRead } from '../federation/ensure-remotes';
import { RemoteLoadError } from '../federation/runtime';
import { messages } from '../messages';
import { protectedLoader } from './guards';
import { LoadedPage, type LoadedPageData } from './LoadedPage';
import { RemoteErrorPanel } from './RemoteErrorPanel';

type SignedInModule = typeof import('../layout/signed-in');

let loading: Promise<SignedInModule> | undefined;

/**
 * The signed-in frame (menu, drawer, user menu) and the dashboard: one lazy chunk, so the public pages
 * never download them, loaded by the loaders below in parallel with the route's remote page. One
 * download however many loaders ask; a failed one (a new deploy, a moment offline) is forgotten, so
 * "Tentar novamente" downloads it again.
 */
export function loadSignedInFrame(): Promise<SignedInModule> {
  loading ??= import(/* webpackChunkName: "signed-in" */ '../layout/signed-in').catch((error: unknown) => {
    loading = undefined;
    throw error;
  });
  return loading;
}

/** The frame is what failed: no menu is on screen, so the panel does not point to other areas. */
function FrameErrorPanel() {
  return <RemoteErrorPanel text={messages.remoteError.frameText} />;
}

/** A route rendering a component of the signed-in chunk, resolved by its loader (see `LoadedPage`). */
function signedInRoute(pick: (module: SignedInModule) => ComponentType) {
  const loader: LoaderFunction = async () => {
    // Without a session, to /login (spec §2) before anything of the frame is downloaded. Every such
    // route checks, since the loaders of a URL's routes all start at once.
    const toLogin = protectedLoader();
    if (toLogin) return toLogin;
    // The frame shows a spinner until the current user has loaded (spec §2): ask for it now, while
    // its code downloads, not once it first renders.
    requestCurrentUserEarly();
    return { Page: pick(await loadSignedInFrame()) } satisfies LoadedPageData;
  };
  return { loader, Component: LoadedPage, ErrorBoundary: FrameErrorPanel };
}

/** The frame around every signed-in page. */
export const protectedRoute = signedInRoute((module) => module.ProtectedLayout);

/** `/`: the dashboard. */
export const dashboardRoute = signedInRoute((module) => module.Dashboard);

export const NOT_FOUND_ROUTE_ID = 'not-found';

/** What the not-found route's loader answers: whether the screen is shown inside the frame. */
export interface NotFoundData extends LoadedPageData {
  framed: boolean;
}

/**
 * A path no screen has: the not-found screen, inside the frame for a signed-in user (the menu stays,
 * e.g. after an area removed a screen) and alone for a visitor (spec §2's root screen, no redirect).
 * When the registry could not be read at start, every path lands here: this asks for it again, and
 * reloads the page once it is there, since the routes are built from it.
 */
export const notFoundFrameRoute = {
  loader: (async () => {
    if (!registryRead()) {
      try {
        await ensureRemotesRegistered();
      } catch (error) {
        throw new RemoteLoadError('registry', error);
      }
      window.location.reload();
    }
    if (!getToken()) return { Page: Outlet, framed: false } satisfies NotFoundData;
    requestCurrentUserEarly();
    return { Page: (await loadSignedInFrame()).ProtectedLayout, framed: true } satisfies NotFoundData;
  }) satisfies LoaderFunction,
  Component: LoadedPage,
  ErrorBoundary: RemoteErrorPanel,
};
