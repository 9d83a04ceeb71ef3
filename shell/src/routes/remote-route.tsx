import type { RegistryScreen } from '@backoffice/contracts';
import type { LoaderFunction, ShouldRevalidateFunction } from 'react-router-dom';
import { ensureRemotesRegistered } from '../federation/ensure-remotes';
import { remotePageId } from '../federation/registry';
import { loadRemoteModule, RemoteLoadError, remoteNameOf } from '../federation/runtime';
import { LoadedPage, type LoadedPageData } from './LoadedPage';
import { RemoteErrorPanel } from './RemoteErrorPanel';
import type { ScreenHandle } from './screen-handle';

/**
 * The route of a screen a remote declared. The data router resolves the module in the loader before
 * rendering (no Suspense delay), and again on revalidation: "Tentar novamente" (see `LoadedPage`).
 */
export function remoteRoute(screen: RegistryScreen) {
  const id = remotePageId(screen);
  const loader: LoaderFunction = async ({ request }) => {
    try {
      await ensureRemotesRegistered();
    } catch (error) {
      throw new RemoteLoadError(remoteNameOf(id), error);
    }
    const module = await loadRemoteModule(id);
    try {
      module.prefetch?.(new URL(request.url).searchParams);
    } catch (error) {
      // Only a head start: the page asks for its data itself if this failed.
      console.warn(`[shell] ${id} prefetch`, error);
    }
    return { Page: module.default } satisfies LoadedPageData;
  };
  // Search-param changes inside a remote page (filters, pages) need no new module.
  const shouldRevalidate: ShouldRevalidateFunction = ({ currentUrl, nextUrl, formMethod, defaultShouldRevalidate }) =>
    !formMethod && currentUrl.pathname === nextUrl.pathname && currentUrl.search !== nextUrl.search
      ? false
      : defaultShouldRevalidate;
  const handle: ScreenHandle = { remote: id, title: screen.title };
  return { loader, shouldRevalidate, Component: LoadedPage, ErrorBoundary: RemoteErrorPanel, handle };
}
