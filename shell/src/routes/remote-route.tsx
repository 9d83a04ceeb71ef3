import type { ComponentType } from 'react';
import { type LoaderFunction, type ShouldRevalidateFunction, useLoaderData } from 'react-router-dom';
import type { RemoteModuleId } from '../federation/contract';
import { ensureRemotesRegistered } from '../federation/ensure-remotes';
import { loadRemoteModule, RemoteLoadError, remoteNameOf } from '../federation/runtime';
import { RemoteErrorPanel } from './RemoteErrorPanel';

interface RemotePageData {
  Page: ComponentType;
}

function RemotePage() {
  const { Page } = useLoaderData() as RemotePageData;
  return <Page />;
}

/**
 * A route whose page comes from a remote. The data router resolves the module in the loader before
 * rendering (no Suspense delay). A loader, unlike `route.lazy` (whose rejected promise react-router
 * keeps for good), runs again on revalidation, which is what "Tentar novamente" needs without a reload.
 */
export function remoteRoute(id: RemoteModuleId) {
  const loader: LoaderFunction = async () => {
    try {
      await ensureRemotesRegistered();
    } catch (error) {
      throw new RemoteLoadError(remoteNameOf(id), error);
    }
    const module = await loadRemoteModule(id);
    return { Page: module.default } satisfies RemotePageData;
  };
  // Search-param changes inside a remote page (filters, pages) need no new module.
  const shouldRevalidate: ShouldRevalidateFunction = ({ currentUrl, nextUrl, formMethod, defaultShouldRevalidate }) =>
    !formMethod && currentUrl.pathname === nextUrl.pathname && currentUrl.search !== nextUrl.search
      ? false
      : defaultShouldRevalidate;
  return { loader, shouldRevalidate, Component: RemotePage, ErrorBoundary: RemoteErrorPanel, handle: { remote: id } };
}
