import { configureApi, onUnauthorized, queryClient, setTokenSource } from '@backoffice/api-client';
import { Toaster } from '@backoffice/ui';
import { EnvironmentProvider } from '@chakra-ui/react/environment';
import { ChakraProvider } from '@chakra-ui/react/styled-system';
import createCache from '@emotion/cache';
import { CacheProvider } from '@emotion/react';
import { QueryClientProvider } from '@tanstack/react-query';
import { StrictMode, useSyncExternalStore } from 'react';
import { createRoot } from 'react-dom/client';
import { createBrowserRouter, createMemoryRouter, RouterProvider } from 'react-router-dom';
import CompaniesPage from '../pages/CompaniesPage';
import { EmbedUnauthorized } from './EmbedUnauthorized';
import { embedSystem } from './system';

export { EMBED_VERSION } from './version';

export interface MountOptions {
  /** Origin (and optional path prefix) of the back office API, e.g. `https://backoffice.example.com`. */
  apiBaseUrl: string;
  /** Returns the bearer token to send; called before every request, so it may change over time. */
  getToken: () => string | null | undefined;
  /**
   * `memory` (default): the screen's page and filters live inside the embed; the host URL is never
   * touched. `url`: they are kept in the host page's query string (`page`, `search`, `type`,
   * `is_active`), so reload and back/forward restore them.
   */
  routing?: 'memory' | 'url';
  /** With `routing: 'url'`, the path prefix the host serves the screen under (default: any path). */
  basename?: string;
  /** `dark` (default, as the product) or `light`. */
  colorMode?: 'light' | 'dark';
  /** Called when the API refuses the token (401): the host should sign the person in again. */
  onUnauthorized?: () => void;
}

export type Unmount = () => void;

const ROUTES = [{ path: '*', Component: CompaniesPage }];

/** The 401 state, shared with the React tree through a tiny external store. */
function createUnauthorizedStore(initial: boolean) {
  let value = initial;
  const listeners = new Set<() => void>();
  return {
    get: () => value,
    set(next: boolean) {
      value = next;
      for (const listener of listeners) listener();
    },
    subscribe(listener: () => void) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}

/**
 * Renders the companies screen into `element`'s shadow root (created when missing): styles stay
 * inside it, both ways. Framework-free: any page can call it. Returns the function that removes it.
 * One embed per page talks to one API with one token (the API client is a module singleton).
 */
export function mount(element: HTMLElement, options: MountOptions): Unmount {
  if (!options?.apiBaseUrl) throw new Error('backoffice-companies: apiBaseUrl is required');
  if (typeof options.getToken !== 'function') throw new Error('backoffice-companies: getToken must be a function');

  configureApi({ baseUrl: options.apiBaseUrl });
  setTokenSource(options.getToken);
  queryClient.clear();

  const shadow = element.shadowRoot ?? element.attachShadow({ mode: 'open' });
  element.dataset.colorMode = options.colorMode === 'light' ? 'light' : 'dark';
  const container = document.createElement('div');
  shadow.appendChild(container);
  const cache = createCache({ key: 'bo-companies', container: shadow });

  const unauthorized = createUnauthorizedStore(!options.getToken());
  // A refused token ends nothing on the host: no storage is cleared, no navigation happens.
  onUnauthorized(() => {
    // Several requests may be refused at once: the host hears it once.
    if (unauthorized.get()) return;
    void queryClient.cancelQueries();
    unauthorized.set(true);
    options.onUnauthorized?.();
  });

  // No token at all: locked from the start, and the host hears it like a refused one.
  if (unauthorized.get()) queueMicrotask(() => options.onUnauthorized?.());

  const router =
    options.routing === 'url'
      ? createBrowserRouter(ROUTES, options.basename ? { basename: options.basename } : undefined)
      : createMemoryRouter(ROUTES, { initialEntries: ['/'] });

  function Screen() {
    const isUnauthorized = useSyncExternalStore(unauthorized.subscribe, unauthorized.get);
    return isUnauthorized ? <EmbedUnauthorized /> : <RouterProvider router={router} />;
  }

  const root = createRoot(container);
  root.render(
    <StrictMode>
      <QueryClientProvider client={queryClient}>
        <CacheProvider value={cache}>
          <EnvironmentProvider value={() => shadow}>
            <ChakraProvider value={embedSystem}>
              <Screen />
              <Toaster />
            </ChakraProvider>
          </EnvironmentProvider>
        </CacheProvider>
      </QueryClientProvider>
    </StrictMode>,
  );

  let mounted = true;
  return () => {
    if (!mounted) return;
    mounted = false;
    root.unmount();
    router.dispose();
    queryClient.clear();
    onUnauthorized(undefined);
    setTokenSource(undefined);
    cache.sheet.flush();
    container.remove();
  };
}
